/**
 * Runs highlighting work when the browser has a moment, at most once per frame.
 *
 * `requestIdleCallback` keeps tokenizing out of the frames that paint streamed text; its timeout
 * bounds the wait on a busy page. Where it is missing (Safari, jsdom) a ~frame-long timer is
 * close enough. The deadline lets a job split a large block over several idle periods.
 */
export interface IdleDeadline {
  timeRemaining(): number;
}

export type CancelIdle = () => void;

const FALLBACK_DELAY_MS = 16;
const FALLBACK_BUDGET_MS = 8;
const MAX_WAIT_MS = 120;

export function scheduleIdle(job: (deadline: IdleDeadline) => void): CancelIdle {
  const scope = globalThis as typeof globalThis & {
    requestIdleCallback?: (cb: (deadline: IdleDeadline) => void, options?: { timeout: number }) => number;
    cancelIdleCallback?: (handle: number) => void;
  };
  if (typeof scope.requestIdleCallback === 'function' && typeof scope.cancelIdleCallback === 'function') {
    const handle = scope.requestIdleCallback(job, { timeout: MAX_WAIT_MS });
    return () => scope.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(() => {
    const start = Date.now();
    job({ timeRemaining: () => Math.max(0, FALLBACK_BUDGET_MS - (Date.now() - start)) });
  }, FALLBACK_DELAY_MS);
  return () => clearTimeout(timer);
}
