/**
 * Controlled-or-uncontrolled state (the Radix habit): with `value` the parent owns it, otherwise
 * it lives here starting from `defaultValue`. Either way `onChange` hears about every change.
 *
 * `get()` returns the latest value even between renders, so several updates in one event (e.g.
 * remove then send) build on each other instead of on a stale render.
 */
import { useCallback, useRef, useState } from 'react';

export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange: ((next: T) => void) | undefined,
): [T, (next: T) => void, () => T] {
  const [inner, setInner] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : inner;
  const latest = useRef(current);
  latest.current = current;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const set = useCallback(
    (next: T) => {
      latest.current = next;
      if (!controlled) setInner(next);
      onChangeRef.current?.(next);
    },
    [controlled],
  );
  const get = useCallback(() => latest.current, []);
  return [current, set, get];
}
