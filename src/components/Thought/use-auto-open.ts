import { useState } from 'react';

/**
 * Whether a thought is open by itself: `defaultOpen` (else `live`) at first, then open while it
 * streams and closed once it ends. The user's own choice overrides it (see Thought). Follows the
 * "adjust state when a prop changes" pattern: the change is applied during render, so there is
 * no frame with the stale state.
 */
export function useAutoOpen(live: boolean, defaultOpen: boolean | undefined): boolean {
  const [state, setState] = useState(() => ({ open: defaultOpen ?? live, live }));
  if (state.live !== live) {
    const next = { open: live, live };
    setState(next);
    return next.open;
  }
  return state.open;
}
