import { useEffect, useState } from 'react';
import type { TrafficEntry } from '../core/index.js';
import { useAcpContext } from './context.js';

/**
 * The connection's raw traffic for the inspector, refreshed at most a few times per second (the
 * log itself records every frame; re-rendering a list per frame would cost more than it shows).
 */
export function useTraffic(options: { paused?: boolean; intervalMs?: number } = {}): readonly TrafficEntry[] {
  const { client } = useAcpContext();
  const [entries, setEntries] = useState(() => client.traffic.entries());
  const { paused = false, intervalMs = 250 } = options;
  useEffect(() => {
    if (paused) return;
    let dirty = false;
    setEntries(client.traffic.entries());
    const unsubscribe = client.traffic.subscribe(() => {
      dirty = true;
    });
    const timer = setInterval(() => {
      if (!dirty) return;
      dirty = false;
      setEntries(client.traffic.entries());
    }, intervalMs);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [client, paused, intervalMs]);
  return entries;
}
