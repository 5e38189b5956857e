import { useCallback, useRef } from 'react';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect.js';

/**
 * Makes a collapsed panel `hidden="until-found"` so the browser's find-in-page still finds text
 * inside it, and opens it (via `onReveal`) when the browser reveals a match there.
 *
 * React only knows `hidden` as a boolean, so render the panel with `hidden={!open}` (correct
 * without JavaScript and on the server); this upgrades it before paint. Browsers without
 * until-found treat the value as plain `hidden`. Returns a ref callback for the panel, so a
 * panel that mounts later (or is replaced) gets the listener too.
 */
export function useUntilFound<T extends HTMLElement>(open: boolean, onReveal: () => void) {
  const element = useRef<T | null>(null);
  const reveal = useRef(onReveal);
  useIsomorphicLayoutEffect(() => {
    reveal.current = onReveal;
  });

  // Runs after every render (cheap: one attribute read) because React may have just written
  // `hidden=""` over our value, or the panel may be a new element.
  useIsomorphicLayoutEffect(() => {
    const el = element.current;
    if (!el) return;
    if (open) {
      if (el.hasAttribute('hidden')) el.removeAttribute('hidden');
    } else if (el.getAttribute('hidden') !== 'until-found') {
      el.setAttribute('hidden', 'until-found');
    }
  });

  // A ref callback without a returned cleanup: React 18 does not run one (and warns about the
  // return value), so the listener moves from the previous element to the next by hand.
  const onBeforeMatch = useCallback(() => reveal.current(), []);
  return useCallback(
    (el: T | null) => {
      const previous = element.current;
      if (previous === el) return;
      previous?.removeEventListener('beforematch', onBeforeMatch);
      element.current = el;
      el?.addEventListener('beforematch', onBeforeMatch);
    },
    [onBeforeMatch],
  );
}
