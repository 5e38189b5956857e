import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText, selectContents } from './copy-text.js';

/** `selected`: the clipboard was unavailable, the text is selected for a keyboard copy instead. */
export type CopyState = 'idle' | 'copied' | 'selected' | 'failed';

const RESET_MS = 2000;

/**
 * Copy-to-clipboard with a short-lived result state for the button label.
 * `fallbackTarget` is selected when the clipboard cannot be written.
 */
export function useCopy(fallbackTarget?: () => Element | null) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      const ok = await copyText(text);
      const next: CopyState = ok ? 'copied' : selectContents(fallbackTarget?.() ?? null) ? 'selected' : 'failed';
      setState(next);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setState('idle'), RESET_MS);
      return ok;
    },
    [fallbackTarget],
  );

  return { state, copy };
}
