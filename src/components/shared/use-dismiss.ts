import { useEffect, type RefObject } from 'react';

/**
 * Closes an open popover when the pointer goes down outside it. Focus is left where the user put
 * it: only Escape sends focus back to the trigger.
 */
export function useDismissOnOutsidePointer(open: boolean, rootRef: RefObject<HTMLElement | null>, onDismiss: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const root = rootRef.current;
      if (root && event.target instanceof Node && !root.contains(event.target)) onDismiss();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, rootRef, onDismiss]);
}
