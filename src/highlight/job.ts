/**
 * A highlighting job: the tokens of one block of code (a code block, one side of a diff) as it
 * changes, from whichever path highlighting takes on this page (see `mode.ts`):
 *
 * - the page's one worker (`worker-client.ts`), created with the first job, shared by every job,
 *   panel and client of the page;
 * - the main thread in idle slices (`main-thread.ts`), where no worker can start.
 *
 * This module is what components import: light, and nothing runs at import time (server
 * rendering imports it). Both paths are fetched with the first request. A job whose worker is
 * lost (it failed to start after the job was sent to it) moves to the main thread with its code.
 */
import type { LanguageId } from './languages.js';
import type { Backend, BackendJob, HighlightJobOptions, HighlightStatus } from './backend.js';
import { highlightMode, setHighlightMode } from './mode.js';
import type { HighlightedLine } from './tokens.js';

export type { HighlightJobOptions, HighlightStatus } from './backend.js';

export interface HighlightJob {
  /** Asks for `code` to be highlighted; `final` means its last line is complete too. */
  request(code: string, final: boolean): void;
  /**
   * Tokens valid for `code` right now: one entry per leading line (a prefix of its lines,
   * possibly none). Each line keeps its identity across calls, so renderers can memoize lines.
   */
  tokensFor(code: string, final: boolean): readonly HighlightedLine[];
  readonly status: HighlightStatus;
  readonly language: LanguageId;
  dispose(): void;
}

const NO_LINES: readonly HighlightedLine[] = [];

function workerSupported(): boolean {
  return typeof Worker === 'function' && typeof URL === 'function';
}

/** The path for a new job: the worker unless it failed or cannot exist here. */
function backend(): Promise<Backend> {
  if (highlightMode() !== 'main-thread' && !workerSupported()) setHighlightMode('main-thread', 'unsupported');
  const mainThread = () => import('./main-thread.js').then((m) => m.mainThreadBackend);
  if (highlightMode() === 'main-thread') return mainThread();
  // null: the worker could not even be created (the page stays on the main thread from now on).
  return import('./worker-client.js').then((m) => m.workerBackend() ?? mainThread());
}

class Job implements HighlightJob {
  readonly language: LanguageId;
  readonly #onUpdate: () => void;
  readonly #options: HighlightJobOptions;
  #target: { code: string; final: boolean } | null = null;
  #backend: BackendJob | null = null;
  #connecting = false;
  #failed = false;
  #disposed = false;

  constructor(language: LanguageId, onUpdate: () => void, options: HighlightJobOptions) {
    this.language = language;
    this.#onUpdate = onUpdate;
    this.#options = options;
  }

  get status(): HighlightStatus {
    if (this.#failed) return 'failed';
    return this.#backend?.status ?? 'pending';
  }

  request(code: string, final: boolean): void {
    this.#target = { code, final };
    if (this.#disposed || this.#failed) return;
    if (this.#backend) this.#backend.request(code, final);
    else this.#connect();
  }

  tokensFor(code: string, final: boolean): readonly HighlightedLine[] {
    return this.#backend?.tokensFor(code, final) ?? NO_LINES;
  }

  dispose(): void {
    this.#disposed = true;
    this.#backend?.dispose();
    this.#backend = null;
  }

  #connect(): void {
    if (this.#connecting) return;
    this.#connecting = true;
    backend().then(
      (path) => {
        this.#connecting = false;
        if (this.#disposed) return;
        this.#backend = path.createJob(
          this.language,
          {
            onUpdate: () => {
              if (!this.#disposed) this.#onUpdate();
            },
            onLost: () => {
              this.#backend = null;
              if (this.#disposed) return;
              // Plain text until the main thread has tokens, rather than tokens nobody updates.
              this.#onUpdate();
              this.#connect();
            },
          },
          this.#options,
        );
        if (this.#target) this.#backend.request(this.#target.code, this.#target.final);
      },
      () => {
        // The highlighter's code could not be fetched (offline): the block stays plain text.
        this.#connecting = false;
        this.#failed = true;
        if (!this.#disposed) this.#onUpdate();
      },
    );
  }
}

/**
 * A job for one block in `language`. `onUpdate` is called when its tokens or status changed;
 * nothing is fetched or started before the first `request`.
 */
export function createHighlightJob(language: LanguageId, onUpdate: () => void, options: HighlightJobOptions = {}): HighlightJob {
  return new Job(language, onUpdate, options);
}
