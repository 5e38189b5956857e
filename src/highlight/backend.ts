/**
 * What a highlighting path (the worker, `worker-client.ts`, or the main thread, `main-thread.ts`)
 * provides to the jobs of `job.ts`.
 */
import type { LanguageId } from './languages.js';
import type { HighlightedLine } from './tokens.js';

export type HighlightStatus = 'pending' | 'ready' | 'failed';

export interface HighlightJobOptions {
  /**
   * Lines per tokenizer call on the main thread, between checks of the idle deadline: small for
   * a block that streams, larger for a diff's finished text.
   */
  sliceLines?: number;
}

/** What a path (worker or main thread) provides; `onLost` moves a job to the other path. */
export interface BackendJob {
  request(code: string, final: boolean): void;
  tokensFor(code: string, final: boolean): readonly HighlightedLine[];
  readonly status: HighlightStatus;
  dispose(): void;
}

export interface BackendCallbacks {
  onUpdate(): void;
  onLost(): void;
}

export interface Backend {
  createJob(language: LanguageId, callbacks: BackendCallbacks, options: HighlightJobOptions): BackendJob;
}
