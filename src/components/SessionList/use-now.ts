import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every minute so "2 minutes ago" does not go stale in an open
 * sidebar. A fixed `override` (stories, tests) disables the timer. Null until mounted: reading
 * the clock during render would make server and client markup differ (and Next.js refuses
 * `Date.now()` in a prerendered Client Component).
 */
export function useNow(override: number | undefined, intervalMs = 60_000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (override !== undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [override, intervalMs]);
  return override ?? now;
}
