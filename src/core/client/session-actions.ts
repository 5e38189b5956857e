/**
 * The client's less frequent actions: signing in and out, loading, resuming, listing, closing and
 * deleting sessions, setting a mode or a config option, and restoring the open sessions after a
 * reconnect. A host calls them now and then, never per streamed update, so the client fetches
 * this module with a dynamic `import()` right after its first connection is ready rather than
 * carrying it in the core entry (an action called before that waits for the fetch). It takes the
 * client's helpers through `ActionHost` (see `on-demand.ts` for why).
 */
import * as acp from '@agentclientprotocol/sdk';
import type { NewSessionOptions, OnDemandActions } from '../api.js';
import type { AcpSnapshot, SessionState } from '../types.js';
import type { ClientHelpers } from './on-demand.js';

export interface ActionHost extends ClientHelpers {
  request<T>(method: string, params: unknown, options?: { timeoutMs?: number }): Promise<T>;
  sessionParams(options: NewSessionOptions): Record<string, unknown>;
  /** A session with the `modes` and `configOptions` of a `session/new|load|resume` answer. */
  withSetup(session: SessionState, response: unknown): SessionState;
  createSessionState(sessionId: string): SessionState;
  putSession(snapshot: AcpSnapshot, session: SessionState): AcpSnapshot;
  removeSession(snapshot: AcpSnapshot, sessionId: string): AcpSnapshot;
  withSession(snapshot: AcpSnapshot, sessionId: string, fn: (session: SessionState) => SessionState): AcpSnapshot;
  /** Sessions this client closed or deleted: their late updates are ignored. */
  endedSessions: Set<string>;
}

/** Every action of `ON_DEMAND_ACTIONS` (`api.ts`), and the restore the client runs after a reconnect. */
export type SessionActions = OnDemandActions & {
  /** After a reconnect: resume (keeps the transcript) or load (replaces it) each open session. */
  restoreSessions(): Promise<void>;
};

export function createSessionActions(host: ActionHost): SessionActions {
  const { get, update, request } = host;
  const agent = acp.methods.agent;
  const capabilities = () => get().agent?.capabilities ?? {};
  const requireCapability = (supported: unknown, what: string) => {
    if (!supported) throw host.error('unsupported', `The agent does not support ${what}.`);
  };
  const setAuth = (auth: Partial<AcpSnapshot['auth']>) => update((s) => ({ ...s, auth: { ...s.auth, ...auth } }));
  const markLost = (sessionId: string, statusReason: string) =>
    update((s) => host.withSession(s, sessionId, (session) => ({ ...session, status: 'lost', statusReason })));
  const end = (sessionId: string) => {
    host.endedSessions.add(sessionId);
    update((s) => host.removeSession(s, sessionId));
  };

  /**
   * `session/load` and `session/resume`. The session is put in place first (status `loading` or
   * `restoring`): a load replays the history as updates before it answers, so its transcript
   * starts empty and a replay never duplicates what was shown. A failure puts back what was there.
   */
  async function reopen(method: string, sessionId: string, options: NewSessionOptions, replay: boolean): Promise<SessionState> {
    host.endedSessions.delete(sessionId);
    const previous = get().sessions[sessionId];
    const params = host.sessionParams(options);
    const fresh = host.createSessionState(sessionId);
    update((s) =>
      host.putSession(s, {
        ...(previous ?? fresh),
        ...(replay ? { thread: fresh.thread, turns: fresh.turns, turn: fresh.turn, plan: fresh.plan } : {}),
        cwd: options.cwd,
        additionalDirectories: (params.additionalDirectories as string[] | undefined) ?? [],
        status: previous || !replay ? 'restoring' : 'loading',
        statusReason: null,
      }),
    );
    try {
      const response = await request(method, { sessionId, ...params });
      update((s) => host.withSession(s, sessionId, (session) => ({ ...host.withSetup(session, response), status: 'active', statusReason: null })));
      return get().sessions[sessionId]!;
    } catch (error) {
      update((s) => (previous ? host.putSession(s, previous) : host.removeSession(s, sessionId)));
      throw error;
    }
  }

  const actions: SessionActions = {
    async authenticate(methodId) {
      const method = get().agent?.authMethods.find((m) => m.id === methodId);
      if (!method) throw host.error('invalidParams', `Unknown auth method: ${methodId}`);
      const type = (method as { type?: unknown }).type;
      if (type !== undefined && type !== 'agent') {
        // Terminal (and RFD env_var) methods are never passed to authenticate.
        throw host.error('unsupported', `The "${method.name}" sign-in method cannot run in a browser.`);
      }
      setAuth({ pendingMethodId: methodId, error: null });
      try {
        await request(agent.authenticate, { methodId }, { timeoutMs: 0 });
        setAuth({ required: false, pendingMethodId: null, error: null });
      } catch (error) {
        const normalized = host.normalize(error);
        setAuth({ pendingMethodId: null, error: normalized.toInfo() });
        throw normalized;
      }
    },

    async logout() {
      requireCapability(capabilities().auth?.logout, 'logging out');
      await request(agent.logout, {});
      setAuth({ required: true, pendingMethodId: null, error: null });
    },

    async loadSession(sessionId, options) {
      requireCapability(capabilities().loadSession, 'loading sessions (session/load)');
      return reopen(agent.session.load, sessionId, options, true);
    },

    async resumeSession(sessionId, options) {
      requireCapability(capabilities().sessionCapabilities?.resume, 'resuming sessions (session/resume)');
      return reopen(agent.session.resume, sessionId, options, false);
    },

    async listSessions(params = {}) {
      requireCapability(capabilities().sessionCapabilities?.list, 'listing sessions (session/list)');
      const body: Record<string, unknown> = {};
      if (params.cwd) body.cwd = params.cwd;
      if (params.cursor) body.cursor = params.cursor;
      return request<acp.ListSessionsResponse>(agent.session.list, body);
    },

    async closeSession(sessionId) {
      requireCapability(capabilities().sessionCapabilities?.close, 'closing sessions (session/close)');
      await request(agent.session.close, { sessionId });
      end(sessionId);
    },

    async deleteSession(sessionId) {
      requireCapability((capabilities().sessionCapabilities as { delete?: unknown } | undefined)?.delete, 'deleting sessions (session/delete)');
      await request(agent.session.delete, { sessionId });
      end(sessionId);
    },

    async setMode(sessionId, modeId) {
      requireCapability(get().sessions[sessionId]?.modes, 'session modes');
      await request(agent.session.setMode, { sessionId, modeId });
      update((s) => host.withSession(s, sessionId, (ss) => (ss.modes ? { ...ss, modes: { ...ss.modes, currentModeId: modeId } } : ss)));
    },

    async setConfigOption(sessionId, configId, value) {
      requireCapability(get().sessions[sessionId]?.configOptions, 'session config options');
      const params = typeof value === 'boolean' ? { sessionId, configId, type: 'boolean', value } : { sessionId, configId, value };
      const response = await request<acp.SetSessionConfigOptionResponse>(agent.session.setConfigOption, params);
      // The answer is the complete state: other options may have changed too.
      update((s) => host.withSession(s, sessionId, (ss) => ({ ...ss, configOptions: response.configOptions })));
      return response.configOptions;
    },

    async restoreSessions() {
      const caps = capabilities();
      for (const session of Object.values(get().sessions)) {
        if (session.status === 'closed') continue;
        const options = { cwd: session.cwd, additionalDirectories: session.additionalDirectories };
        try {
          if (caps.sessionCapabilities?.resume) await actions.resumeSession(session.sessionId, options);
          else if (caps.loadSession) await actions.loadSession(session.sessionId, options);
          else markLost(session.sessionId, 'The agent can neither resume nor load sessions, so this session could not be restored.');
        } catch (error) {
          markLost(session.sessionId, `The session could not be restored: ${host.normalize(error).message}`);
        }
      }
    },
  };
  return actions;
}
