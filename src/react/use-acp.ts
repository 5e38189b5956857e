import { useMemo, useSyncExternalStore } from 'react';
import { ENTRY_ACTIONS, ON_DEMAND_ACTIONS, type AcpActions } from '../core/api.js';
import type { AcpClient, AcpSnapshot } from '../core/index.js';
import { useAcpContext } from './context.js';

export type { AcpActions };

export type UseAcpResult = AcpSnapshot & AcpActions & { client: AcpClient };

/** Every action's name, from the one list in `core/api.ts`. */
const ACTION_NAMES = [...Object.keys(ENTRY_ACTIONS), ...Object.keys(ON_DEMAND_ACTIONS)] as (keyof AcpActions)[];

/**
 * The whole snapshot plus every action. Re-renders at most once per animation frame while an
 * agent streams; components that show one part should prefer the narrow selector hooks.
 */
export function useAcp(): UseAcpResult {
  const { client } = useAcpContext();
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
  const actions = useActions(client);
  return useMemo(() => ({ ...snapshot, ...actions, client }), [snapshot, actions, client]);
}

/** Just the actions: never re-renders on state changes. */
export function useAcpActions(): AcpActions & { client: AcpClient } {
  const { client } = useAcpContext();
  const actions = useActions(client);
  return useMemo(() => ({ ...actions, client }), [actions, client]);
}

/**
 * Each action called on the client it came from, so a destructured action still works with a
 * client that uses `this` (a host's own `AcpClient`).
 */
function useActions(client: AcpClient): AcpActions {
  return useMemo(() => {
    const actions: Record<string, unknown> = {};
    for (const name of ACTION_NAMES) actions[name] = (...args: unknown[]) => (client[name] as (...a: unknown[]) => unknown).apply(client, args);
    return actions as AcpActions;
  }, [client]);
}
