import { useEffect, useState } from 'react';
import type { TrafficEntry } from '../core/index.js';
import { useAcpContext } from './context.js';

/**
 * The connection's raw traffic for the inspector, refreshed at most a few times per second (the
 * log itself records every frame; re-rendering a list per frame would cost more than it shows).
 * The first frame after a quiet spell starts a timer of `intervalMs`, and the list shows what came
 * meanwhile when it fires: nothing runs while the connection is quiet (an interval polling a
 * quiet log woke the page four times a second for as long as the inspector was open).
 */
export function useTraffic(options: { paused?: boolean; intervalMs?: number } = {}): readonly TrafficEntry[] {
  const { client } = useAcpContext();
  const [entries, setEntries] = useState(() => client.traffic.entries());
  const { paused = false, intervalMs = 250 } = options;
  useEffect(() => {
    if (paused) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    setEntries(client.traffic.entries());
    const unsubscribe = client.traffic.subscribe(() => {
      timer ??= setTimeout(() => {
        timer = null;
        setEntries(client.traffic.entries());
      }, intervalMs);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [client, paused, intervalMs]);
  return entries;
}
