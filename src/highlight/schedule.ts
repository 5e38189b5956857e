/**
 * The library's one idle scheduler (highlighting, deferred diffs, mounting turns ahead of the view).
 *
 * `requestIdleCallback` keeps the work out of the frames that paint streamed text; a `timeout`
 * bounds the wait on a busy page where the work must happen (highlighting, a diff being
 * computed). Where it is missing (Safari, jsdom) a ~frame-long timer stands in, with a deadline
 * of half a frame so a job that splits itself by `timeRemaining()` still leaves room for paint;
 * that deadline is `estimated`, since nothing measured the idle period.
 */
export interface IdleDeadline {
  timeRemaining(): number;
  /** No idle period was measured (the timer fallback): `timeRemaining()` is a budget, not a reading. */
  readonly estimated?: boolean;
}

export type CancelIdle = () => void;

interface IdleScope {
  requestIdleCallback?: (cb: (deadline: IdleDeadline) => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

const FALLBACK_DELAY_MS = 16;
const FALLBACK_BUDGET_MS = 8;
/** Highlighting waits at most this long for an idle period. */
const DEFAULT_TIMEOUT_MS = 120;

/**
 * Runs `job` in the next idle period, or after `timeout` ms at the latest (`timeout: null`: no
 * limit, for work that can always wait). Returns a canceller.
 */
export function scheduleIdle(job: (deadline: IdleDeadline) => void, { timeout = DEFAULT_TIMEOUT_MS }: { timeout?: number | null } = {}): CancelIdle {
  const scope = globalThis as typeof globalThis & IdleScope;
  if (typeof scope.requestIdleCallback === 'function' && typeof scope.cancelIdleCallback === 'function') {
    const handle = scope.requestIdleCallback(job, timeout === null ? undefined : { timeout });
    return () => scope.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(() => {
    const start = Date.now();
    job({ timeRemaining: () => Math.max(0, FALLBACK_BUDGET_MS - (Date.now() - start)), estimated: true });
  }, FALLBACK_DELAY_MS);
  return () => clearTimeout(timer);
}

/**
 * Runs `run` in an idle period that has at least `minMs` left before the next frame, and only
 * while `wait()` is false, with no timeout: the work this is for (mounting a turn before it
 * scrolls into view) can always be done later, in the frame that needs it, so a busy page simply
 * never spends idle time on it. Under the timer fallback any period counts. Returns a canceller.
 */
export function requestIdleTime(run: () => void, { minMs, wait }: { minMs: number; wait: () => boolean }): CancelIdle {
  let cancel: CancelIdle = () => {};
  const request = () => {
    cancel = scheduleIdle(
      (deadline) => {
        if ((deadline.estimated || deadline.timeRemaining() >= minMs) && !wait()) run();
        else request();
      },
      { timeout: null },
    );
  };
  request();
  return () => cancel();
}
