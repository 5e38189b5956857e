import { useCallback, useEffect, useRef, useState } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';

/** How close to the bottom (px) still counts as "at the bottom", to absorb sub-pixel rounding. */
const SLACK = 8;

/**
 * Keeps a scrollable log pinned to its end while new output arrives, until the user scrolls
 * up to read; scrolling back to the bottom resumes following. Returns the refs of the scroll
 * container and of the element holding the lines, and the scroll handler.
 *
 * The log is pinned when the lines' element changes size, from a ResizeObserver: the browser has
 * just laid the new output out, before paint, so reading the log's height costs nothing. Reading
 * it right after each update instead would force a synchronous layout per chunk, which a flood of
 * output turns into seconds of layout.
 */
export function useFollowOutput<T extends HTMLElement>(change: unknown) {
  const ref = useRef<T>(null);
  const following = useRef(true);
  const [content, setContent] = useState<HTMLElement | null>(null);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= SLACK;
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!content || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [content]);

  // Without ResizeObserver (older engines, tests): scroll before paint, so new output never
  // flashes above the fold.
  useIsomorphicLayoutEffect(() => {
    const el = ref.current;
    if (el && following.current && typeof ResizeObserver === 'undefined') el.scrollTop = el.scrollHeight;
  }, [change]);

  return { ref, contentRef: setContent, onScroll };
}
