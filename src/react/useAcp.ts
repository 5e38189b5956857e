import { useMemo, useSyncExternalStore } from 'react';
import type { AcpClient, AcpSnapshot } from '../core/index.js';
import { useAcpContext } from './context.js';

export type AcpActions = Pick<
  AcpClient,
  | 'connect'
  | 'disconnect'
  | 'retryNow'
  | 'authenticate'
  | 'logout'
  | 'newSession'
  | 'loadSession'
  | 'resumeSession'
  | 'listSessions'
  | 'closeSession'
  | 'deleteSession'
  | 'prompt'
  | 'cancel'
  | 'setMode'
  | 'setConfigOption'
  | 'respondToPermission'
  | 'respondToElicitation'
>;

export type UseAcpResult = AcpSnapshot & AcpActions & { client: AcpClient };

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

function useActions(client: AcpClient): AcpActions {
  return useMemo(
    () => ({
      connect: () => client.connect(),
      disconnect: () => client.disconnect(),
      retryNow: () => client.retryNow(),
      authenticate: (methodId) => client.authenticate(methodId),
      logout: () => client.logout(),
      newSession: (options) => client.newSession(options),
      loadSession: (id, options) => client.loadSession(id, options),
      resumeSession: (id, options) => client.resumeSession(id, options),
      listSessions: (params) => client.listSessions(params),
      closeSession: (id) => client.closeSession(id),
      deleteSession: (id) => client.deleteSession(id),
      prompt: (id, prompt) => client.prompt(id, prompt),
      cancel: (id) => client.cancel(id),
      setMode: (id, modeId) => client.setMode(id, modeId),
      setConfigOption: (id, configId, value) => client.setConfigOption(id, configId, value),
      respondToPermission: (requestId, optionId) => client.respondToPermission(requestId, optionId),
      respondToElicitation: (requestId, response) => client.respondToElicitation(requestId, response),
    }),
    [client],
  );
}
