import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every minute so "2 minutes ago" does not go stale in an open
 * sidebar. A fixed `override` (stories, tests, server rendering) disables the timer.
 */
export function useNow(override: number | undefined, intervalMs = 60_000): number {
  const [now, setNow] = useState(() => override ?? Date.now());
  useEffect(() => {
    if (override !== undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [override, intervalMs]);
  return override ?? now;
}
