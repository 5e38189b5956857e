import { useState, type RefObject } from 'react';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect.js';

export interface PopoverPlacement {
  side: 'bottom' | 'top';
  align: 'start' | 'end';
}

const DEFAULT: PopoverPlacement = { side: 'bottom', align: 'start' };

/**
 * Picks where an anchored popover fits before it paints. Popovers usually sit in a composer at
 * the bottom of the page, where opening downwards would fall off screen.
 */
export function usePopoverPlacement(open: boolean, anchorRef: RefObject<HTMLElement | null>, popoverRef: RefObject<HTMLElement | null>): PopoverPlacement {
  const [placement, setPlacement] = useState(DEFAULT);
  useIsomorphicLayoutEffect(() => {
    const anchor = anchorRef.current;
    const popover = popoverRef.current;
    if (!open || !anchor || !popover) return;
    const a = anchor.getBoundingClientRect();
    const p = popover.getBoundingClientRect();
    const below = window.innerHeight - a.bottom;
    const side = below < p.height && a.top > below ? 'top' : 'bottom';
    const align = a.left + p.width > window.innerWidth && a.right - p.width >= 0 ? 'end' : 'start';
    setPlacement((prev) => (prev.side === side && prev.align === align ? prev : { side, align }));
  }, [open, anchorRef, popoverRef]);
  return placement;
}
