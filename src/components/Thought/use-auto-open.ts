import { useCallback, useState } from 'react';

interface OpenState {
  open: boolean;
  /** The user opened or closed it: automatic changes stop. */
  touched: boolean;
  live: boolean;
}

/**
 * Open while `live`, closed once it ends, unless the user took over by toggling. Follows the
 * "adjust state when a prop changes" pattern: the change is applied during render, so there is
 * no frame with the stale state.
 */
export function useAutoOpen(live: boolean, defaultOpen: boolean | undefined) {
  const [state, setState] = useState<OpenState>(() => ({ open: defaultOpen ?? live, touched: false, live }));
  let current = state;
  if (state.live !== live) {
    current = { ...state, live, open: state.touched ? state.open : live };
    setState(current);
  }
  const setOpen = useCallback((open: boolean) => setState((s) => ({ ...s, open, touched: true })), []);
  return [current.open, setOpen] as const;
}
