/**
 * Where highlighting runs on this page, observable (the protocol inspector shows it):
 *
 * - `idle`: nothing has been highlighted yet, so nothing was started;
 * - `starting`: the worker was created and has not answered yet (blocks wait for it);
 * - `worker`: tokenizing runs in the page's worker; the main thread only paints the tokens;
 * - `main-thread`: no worker could run (no `Worker` in this environment, or it failed to start:
 *   a Content-Security-Policy whose `worker-src` refuses it, a worker file the host's bundler did
 *   not emit), so precompiled grammars are tokenized in idle slices on the main thread.
 *
 * Once `main-thread`, it stays so for the life of the page.
 */
export type HighlightMode = 'idle' | 'starting' | 'worker' | 'main-thread';

/**
 * Why highlighting runs on the main thread: `unsupported`, this environment has no `Worker`
 * (server rendering, jsdom); `refused`, creating it threw (a CSP checked before the fetch);
 * `failed`, it was created but failed to start or stopped (a CSP refusing the fetch, a worker file
 * the host's bundler did not emit).
 */
export type HighlightFallbackReason = 'unsupported' | 'refused' | 'failed';

let mode: HighlightMode = 'idle';
let reason: HighlightFallbackReason | null = null;
const listeners = new Set<() => void>();

/** Where highlighting runs now (see the module's comment). */
export function highlightMode(): HighlightMode {
  return mode;
}

/** Why highlighting runs on the main thread; null while it does not. */
export function highlightFallbackReason(): HighlightFallbackReason | null {
  return reason;
}

/** Calls `listener` whenever the mode changes; returns the unsubscriber. */
export function subscribeHighlightMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** @internal For the highlighting service only. */
export function setHighlightMode(next: HighlightMode, why: HighlightFallbackReason | null = null): void {
  if (mode === next || mode === 'main-thread') return;
  mode = next;
  reason = why;
  for (const listener of [...listeners]) listener();
}
