import { useEffect, useLayoutEffect, useRef } from 'react';

// useLayoutEffect warns during server rendering; there is no DOM to adjust there anyway.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Makes a collapsed panel `hidden="until-found"` so the browser's find-in-page still finds text
 * inside it, and opens it (via `onReveal`) when the browser reveals a match.
 *
 * React only knows `hidden` as a boolean, so the element is rendered with `hidden={!open}`
 * (correct without JavaScript and on the server) and upgraded here before paint. Browsers
 * without until-found treat the value as plain `hidden`.
 */
export function useUntilFound<T extends HTMLElement>(open: boolean, onReveal: () => void) {
  const ref = useRef<T>(null);
  const reveal = useRef(onReveal);
  reveal.current = onReveal;

  useIsomorphicLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open) el.removeAttribute('hidden');
    else el.setAttribute('hidden', 'until-found');
  }, [open]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onBeforeMatch = () => reveal.current();
    el.addEventListener('beforematch', onBeforeMatch);
    return () => el.removeEventListener('beforematch', onBeforeMatch);
  }, []);

  return ref;
}
