/**
 * Grows a textarea with its content. The CSS `max-height` caps it; past that it scrolls.
 */
import type { RefObject } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';

export function useAutosize(ref: RefObject<HTMLTextAreaElement | null>, value: string): void {
  useIsomorphicLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Reset first so the textarea can also shrink when text is deleted.
    el.style.height = 'auto';
    if (el.scrollHeight > 0) el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [ref, value]);
}
