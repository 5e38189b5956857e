/**
 * Runs `run` in an idle period that has at least `minMs` left before the next frame, and only
 * while `wait()` is false. Unlike the highlighter's scheduling (`scheduleIdle`), there is no
 * timeout: the work this is for (mounting a turn before it scrolls into view) can always be done
 * later, in the frame that needs it, so a busy page simply never spends idle time on it.
 *
 * Where `requestIdleCallback` is missing (Safari, jsdom) a frame-long timer stands in for an idle
 * period. Returns a cancel function.
 */
export type CancelIdleTime = () => void;

interface IdleScope {
  requestIdleCallback?: (callback: (deadline: { timeRemaining(): number }) => void) => number;
  cancelIdleCallback?: (handle: number) => void;
}

const FALLBACK_DELAY_MS = 16;

export function requestIdleTime(run: () => void, { minMs, wait }: { minMs: number; wait: () => boolean }): CancelIdleTime {
  const scope = globalThis as typeof globalThis & IdleScope;
  let cancel: () => void = () => {};
  const attempt = (timeRemaining: number) => {
    if (timeRemaining >= minMs && !wait()) run();
    else request();
  };
  const request = () => {
    if (typeof scope.requestIdleCallback === 'function' && typeof scope.cancelIdleCallback === 'function') {
      const handle = scope.requestIdleCallback((deadline) => attempt(deadline.timeRemaining()));
      cancel = () => scope.cancelIdleCallback?.(handle);
    } else {
      const timer = setTimeout(() => attempt(Number.POSITIVE_INFINITY), FALLBACK_DELAY_MS);
      cancel = () => clearTimeout(timer);
    }
  };
  request();
  return () => cancel();
}
