import { useEffect, useRef, useState } from 'react';
import type { SessionState } from '../../core/types.js';

/**
 * While a session loads, how often the thread shows what its replay has brought so far. A long
 * history arrives as tens of thousands of updates, a few hundred per frame: each frame would mount
 * a new newest turn (markdown, a diff, a tool card) only to replace it the frame after, and that
 * work competes with receiving the replay itself. Four times a second still shows the session
 * coming in.
 */
export const LOADING_PACE_MS = 250;

/**
 * The session to render: the live one, except while it is `loading`, when it is the state as of
 * the last tick of `LOADING_PACE_MS` (the first state at once, the finished load at once).
 * Nothing is held once the load is over, so a closed session is not kept alive by this hook.
 */
export function useLoadingPace(session: SessionState): SessionState {
  const [shown, setShown] = useState<SessionState | null>(null);
  const latest = useRef(session);
  useEffect(() => {
    latest.current = session;
  });
  const loading = session.status === 'loading';
  const paced = loading && shown !== null && shown.sessionId === session.sessionId && shown.status === 'loading';
  // A load starting: its first state now (React renders again at once, before committing).
  if (loading && !paced) setShown(session);
  const stale = paced && shown !== session;
  useEffect(() => {
    if (!stale) return;
    const timer = setTimeout(() => setShown(latest.current), LOADING_PACE_MS);
    return () => clearTimeout(timer);
  }, [stale]);
  const done = !loading && shown !== null;
  useEffect(() => {
    if (done) setShown(null);
  }, [done]);
  return paced ? shown : session;
}
