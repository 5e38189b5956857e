import { useCallback, useRef, type RefObject } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';

/** Moving more than this share of the viewport between two scroll events (one a frame) is fast. */
const FAST_VIEWPORT_SHARE = 0.5;
/** Without a scroll event for this long, the log has slowed down or stopped. */
const SETTLE_MS = 100;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Whether the log is being scrolled faster than the user could read: more than half a viewport
 * between consecutive scroll events (browsers fire at most one a frame). Rows passing by that
 * fast are not worth mounting.
 *
 * The listener is registered for the capture phase: at the target, capture listeners run before
 * the virtualizer's own scroll listener, whose notification re-renders the list synchronously,
 * so that render already knows the speed of the scroll that caused it.
 */
export function useScrollSpeed(scrollRef: RefObject<HTMLElement | null>): () => boolean {
  const state = useRef({ element: null as HTMLElement | null, top: 0, fast: false, at: Number.NEGATIVE_INFINITY });
  const detach = useRef<(() => void) | null>(null);

  // Every commit: the log may be attached after this list mounted (its ref is set after ours).
  useIsomorphicLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || state.current.element === el) return;
    detach.current?.();
    state.current = { element: el, top: el.scrollTop, fast: false, at: Number.NEGATIVE_INFINITY };
    const onScroll = () => {
      const s = state.current;
      const top = el.scrollTop;
      s.fast = Math.abs(top - s.top) > el.clientHeight * FAST_VIEWPORT_SHARE;
      s.top = top;
      s.at = now();
    };
    el.addEventListener('scroll', onScroll, { capture: true, passive: true });
    detach.current = () => el.removeEventListener('scroll', onScroll, { capture: true });
  });
  useIsomorphicLayoutEffect(() => () => detach.current?.(), []);

  return useCallback(() => state.current.fast && now() - state.current.at < SETTLE_MS, []);
}
