import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

// useLayoutEffect warns during server rendering, where there is no DOM to adjust anyway.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Lets find-in-page reach text in a collapsed panel: the panel gets `hidden="until-found"`, and
 * when the browser reveals a match inside it (`beforematch`), `onReveal` opens it for real.
 *
 * React 19 still treats `hidden` as a boolean (it would write `hidden=""`), so render the panel
 * with `hidden={!open}` (right on the server and without JavaScript) and let this hook upgrade
 * the value before paint. Browsers without until-found read it as plain `hidden`.
 * Returns a ref callback, so a panel mounted later still gets its listener.
 */
export function useUntilFound<T extends HTMLElement>(open: boolean, onReveal: () => void) {
  const panel = useRef<T | null>(null);
  const reveal = useRef(onReveal);
  useIsomorphicLayoutEffect(() => {
    reveal.current = onReveal;
  });

  // After every render: React may just have rewritten `hidden=""` over our value.
  useIsomorphicLayoutEffect(() => {
    const el = panel.current;
    if (!el) return;
    if (open) el.removeAttribute('hidden');
    else if (el.getAttribute('hidden') !== 'until-found') el.setAttribute('hidden', 'until-found');
  });

  return useCallback((el: T | null) => {
    panel.current = el;
    if (!el) return;
    const onBeforeMatch = () => reveal.current();
    el.addEventListener('beforematch', onBeforeMatch);
    return () => {
      el.removeEventListener('beforematch', onBeforeMatch);
      if (panel.current === el) panel.current = null;
    };
  }, []);
}
