/**
 * Controlled-or-uncontrolled state, the one contract every component follows (`value` /
 * `defaultValue` / `onValueChange`, or the same triple under a domain name: `open` /
 * `defaultOpen` / `onOpenChange`): with `value` the parent owns it, otherwise it lives here
 * starting from `defaultValue`. Either way `onChange` hears about every change.
 *
 * `get()` returns the latest value even between renders, so several updates in one event (e.g.
 * remove then send) build on each other instead of on a stale render.
 */
import { useCallback, useRef, useState } from 'react';

export interface ControllableState<T> {
  /** The parent's value; `undefined` leaves the state here. */
  value: T | undefined;
  /** Where the uncontrolled state starts. */
  defaultValue: T;
  onChange?: ((next: T) => void) | undefined;
}

export function useControllableState<T>({ value, defaultValue, onChange }: ControllableState<T>): [T, (next: T) => void, () => T] {
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
