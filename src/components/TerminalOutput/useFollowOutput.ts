import { useCallback, useRef } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';

/** How close to the bottom (px) still counts as "at the bottom", to absorb sub-pixel rounding. */
const SLACK = 8;

/**
 * Keeps a scrollable log pinned to its end while new output arrives, until the user scrolls
 * up to read; scrolling back to the bottom resumes following. Returns the ref and the scroll
 * handler to attach to the scroll container.
 */
export function useFollowOutput<T extends HTMLElement>(change: unknown) {
  const ref = useRef<T>(null);
  const following = useRef(true);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= SLACK;
  }, []);

  // Layout effect: scroll before paint, so new output never flashes above the fold.
  useIsomorphicLayoutEffect(() => {
    const el = ref.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [change]);

  return { ref, onScroll };
}
