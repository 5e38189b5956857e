import { useCallback, useRef } from 'react';

const RESET_MS = 500;

/**
 * Type-to-select for a listbox: typed characters accumulate for a moment and jump to the next
 * item whose name starts with them, as a native `<select>` does.
 */
export function useTypeahead(names: readonly string[]): (key: string, from: number) => number | null {
  const buffer = useRef('');
  const lastAt = useRef(0);
  return useCallback(
    (key: string, from: number) => {
      if (key.length !== 1 || key === ' ') return null;
      const now = Date.now();
      buffer.current = now - lastAt.current > RESET_MS ? key : buffer.current + key;
      lastAt.current = now;
      const query = buffer.current.toLocaleLowerCase();
      // A repeated single letter cycles through the items starting with it.
      const start = buffer.current.length === 1 ? from + 1 : from;
      for (let step = 0; step < names.length; step++) {
        const index = (start + step) % names.length;
        // In range while `from` is an item; any other index reads nothing, which is no match.
        if (names[index]?.toLocaleLowerCase().startsWith(query)) return index;
      }
      return null;
    },
    [names],
  );
}
