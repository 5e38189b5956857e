/**
 * The client's less frequent actions: signing in and out, loading, resuming, listing, closing and
 * deleting sessions, setting a mode or a config option, and restoring the open sessions after a
 * reconnect. A host calls them now and then, never per streamed update, so the client fetches
 * this module with a dynamic `import()` right after its first connection is ready rather than
 * carrying it in the core entry (an action called before that waits for the fetch). It takes the
 * client's helpers through `ActionHost` (see `on-demand.ts` for why).
 */
import * as acp from '@agentclientprotocol/sdk';
import type { ExtMethodHandler, ExtNotificationHandler, NewSessionOptions, OnDemandActions, PermissionPolicy } from '../api.js';
import type { AcpSnapshot, DiagnosticKind, SessionState, SharedRole } from '../types.js';
import type { ExtensionCall, PendingRequests } from './agent-requests.js';
import { applyBridgeNotification, readBridge } from './bridge-notices.js';
import type { ClientHelpers } from './on-demand.js';
import type { Request } from './request.js';
import { AUTH_TERMINAL } from './auth-terminal-methods.js';
import { redactSecrets, RESTART_WITH_ENV } from './redact-secrets.js';
import type { createTerminalSignIn } from './terminal-sign-in.js';
import type { InboundTap } from './transport.js';
import { checkSessionOptions } from './session-options.js';
import type { Attach } from './attach.js';

export interface ActionHost extends ClientHelpers {
  request: Request;
  /** Sends a notification on the current connection. */
  notify(method: string, params: unknown): Promise<void>;
  /**
   * A closed or deleted session: its pending permission and elicitation requests (its children's
   * included) are answered `cancelled`, its running turn ends. Given a cancelled child's id: that child's requests.
   */
  settleSession(sessionId: string): void;
  /** `AcpClientOptions.authenticateTimeoutMs`, with its default. */
  authenticateTimeoutMs: number;
  /** `AcpClientOptions.attach`: the shared session to join as soon as this module is made (on the first connection). */
  join?: { sessionId: string; role?: SharedRole };
  sessionParams(options: NewSessionOptions): Record<string, unknown>;
  newSession(options: NewSessionOptions): Promise<SessionState>;
  /** The reducer's `applySessionUpdate` (in the core entry). */
  applyUpdate(session: SessionState, update: unknown, now: number): SessionState;
  now(): number;
  /** A session with the `modes` and `configOptions` of a `session/new|load|resume` answer. */
  withSetup(session: SessionState, response: unknown): SessionState;
  createSessionState(sessionId: string): SessionState;
  putSession(snapshot: AcpSnapshot, session: SessionState): AcpSnapshot;
  removeSession(snapshot: AcpSnapshot, sessionId: string): AcpSnapshot;
  withSession(snapshot: AcpSnapshot, sessionId: string, fn: (session: SessionState) => SessionState): AcpSnapshot;
  /** Sessions this client closed or deleted: their late updates are ignored. */
  endedSessions: Set<string>;
  /** The client's tap; `outbound` and `message` record what the client sends and gets (the inspector, exports). */
  tap: Pick<InboundTap, 'outbound' | 'message'>;
  diagnose(kind: DiagnosticKind, message: string, raw?: unknown): void;
  permissionPolicy: PermissionPolicy | undefined;
  answerPermission: PendingRequests['answerPermission'];
  answerElicitation: PendingRequests['answerElicitation'];
  /** The host's handlers of the agent's extension requests and notifications, by method (live: `onExtMethod` adds to them). */
  extMethods: Map<string, ExtMethodHandler>;
  extNotifications: Map<string, ExtNotificationHandler>;
}

/** Every action of `ON_DEMAND_ACTIONS` (`api.ts`), and the restore the client runs after a reconnect. */
export type SessionActions = OnDemandActions & {
  /** After a reconnect: resume (keeps the transcript) or load (replaces it) each open session. */
  restoreSessions(): Promise<void>;
  /**
   * A notification of no ACP method: the host's handler gets it (one that throws is a diagnostic),
   * and acp-react-bridge's are applied (`bridge-notices.ts`); others are ignored.
   */
  onExtension(notification: ExtensionCall): void;
  /**
   * A request of no ACP method: the host's handler answers it; without one, -32601 (method not
   * found), as the spec requires. A handler's failure is an error answer, never a request left hanging.
   */
  answerExtRequest(request: ExtensionCall & { signal: AbortSignal }): Promise<unknown>;
  /** Asks the host's permission policy; an option it names answers the request (see `PermissionPolicy`). */
  applyPolicy(requestId: string, params: acp.RequestPermissionRequest): Promise<void>;
  /** Refuses what the agent cannot take, before anything is sent (`session-options.ts`). */
  checkSessionOptions(options: NewSessionOptions): void;
};

const SHARED_LOG_BEHIND =
  'This page missed more of the shared session than acp-react-bridge keeps (--shared-buffer-bytes), and the agent cannot load it again: open it again to see it from the start.';

/** The notice in the thread of the new session that replaces one the agent could not replay. */
/**
 * The notice put in the new session's thread, under its code (`NOTICE_CODE` in
 * `../protocol/parsed-update.ts`, written out here: this module is fetched on demand) for a panel
 * to say in its own language.
 */
const REPLAY_REFUSED = 'The agent could not replay this session; a new session was started.';

const NEEDS_BRIDGE =
  "This sign-in method needs its values in the agent's environment; only acp-react-bridge (without --shared) can restart the agent with them.";

export function createSessionActions(host: ActionHost): SessionActions {
  const { get, update, request } = host;
  const agent = acp.methods.agent;
  const capabilities = () => get().agent?.capabilities ?? {};
  const requireCapability = (supported: unknown, what: string) => {
    if (!supported) throw host.error('unsupported', `The agent does not support ${what}.`);
  };
  const requireExtension = (method: string) => {
    if (!method.startsWith('_')) throw host.error('invalidParams', `Extension methods start with "_"; "${method}" is not one.`);
  };
  const v2 = () => get().agent?.protocolVersion === 2;
  const setAuth = (auth: Partial<AcpSnapshot['auth']>) => update((s) => ({ ...s, auth: { ...s.auth, ...auth } }));
  const markLost = (sessionId: string, statusReason: string) =>
    update((s) => host.withSession(s, sessionId, (session) => ({ ...session, status: 'lost', statusReason })));
  const end = (sessionId: string) => {
    host.endedSessions.add(sessionId);
    host.settleSession(sessionId);
    update((s) => host.removeSession(s, sessionId));
  };

  /**
   * `session/load` and `session/resume`. The session is put in place first (status `loading` or
   * `restoring`): a load replays the history as updates before it answers, so its transcript
   * starts empty and a replay never duplicates what was shown. A failure puts back what was there.
   */
  async function reopen(method: string, sessionId: string, options: NewSessionOptions, replay: boolean, extra?: object): Promise<SessionState> {
    actions.checkSessionOptions(options);
    host.endedSessions.delete(sessionId);
    const previous = get().sessions[sessionId];
    const params = host.sessionParams(options);
    const fresh = host.createSessionState(sessionId);
    update((s) =>
      host.putSession(s, {
        ...(previous ?? fresh),
        // The replay rebuilds the child sessions too (sub-agents): it announces them again.
        ...(replay ? { thread: fresh.thread, turns: fresh.turns, turn: fresh.turn, plan: fresh.plan, subagents: fresh.subagents } : {}),
        cwd: options.cwd,
        additionalDirectories: (params.additionalDirectories as string[] | undefined) ?? [],
        mcpServers: params.mcpServers as acp.McpServer[],
        setupMeta: options._meta ?? null,
        status: previous || !replay ? 'restoring' : 'loading',
        statusReason: null,
      }),
    );
    try {
      const response = await request(method, { sessionId, ...params, ...extra }, { signal: options.signal });
      update((s) => host.withSession(s, sessionId, (session) => ({ ...host.withSetup(session, response), status: 'active', statusReason: null })));
      return get().sessions[sessionId]!;
    } catch (error) {
      update((s) => (previous ? host.putSession(s, previous) : host.removeSession(s, sessionId)));
      throw error;
    }
  }

  /**
   * v2's open from history: `session/resume` replaying from the start. An agent that refuses the
   * replay gets a new session with the same setup instead, whose thread says so (and a diagnostic
   * keeps the reason); the host gets that session.
   */
  async function replayOrStartOver(sessionId: string, options: NewSessionOptions): Promise<SessionState> {
    try {
      return await reopen(agent.session.resume, sessionId, options, true, { replayFrom: { type: 'start' } });
    } catch (error) {
      const { message, code } = host.normalize(error);
      // Not a refusal: the host's abort, or no connection to start a session on.
      if (code === -32800 || code === 'not_connected' || options.signal?.aborted) throw error;
      host.diagnose('protocol_error', `The agent could not replay session ${sessionId} (${message}); a new session was started.`, error);
      const session = await host.newSession(options);
      update((s) =>
        host.withSession(s, session.sessionId, (ss) =>
          host.applyUpdate(
            ss,
            { sessionUpdate: 'notice', severity: 'warning', title: REPLAY_REFUSED, _meta: { 'acp-react/notice': 'replay_refused' } },
            host.now(),
          ),
        ),
      );
      return get().sessions[session.sessionId] ?? session;
    }
  }

  let redacting = false;
  /**
   * The values go to the bridge only: the traffic log (the inspector, exports) must keep them
   * redacted. The filter is put in front of the tap's recording here, once, rather than in the
   * tap itself, to keep it out of the core entry's budget.
   */
  const redact = () => {
    if (redacting) return;
    redacting = true;
    const record = host.tap.outbound;
    host.tap.outbound = (msg) => record(redactSecrets(msg));
    // Inbound: the tap records the copy; the SDK and the sign-in handle get the message itself.
    const inbound = host.tap.message;
    host.tap.message = (msg) => inbound(redactSecrets(msg));
  };
  /**
   * Has acp-react-bridge restart the agent with an `env_var` method's values; the new process's
   * `initialize` result replaces the agent's, and the open sessions, unknown to it until restored,
   * are marked lost meanwhile.
   */
  async function restartWithEnv(methodId: string, values: Record<string, string>, signal: AbortSignal | undefined) {
    redact();
    const { initialize } = await request<{ initialize: acp.InitializeResponse }>(RESTART_WITH_ENV, { methodId, env: values }, { timeoutMs: 0, signal }).catch(
      (error: unknown) => {
        // An agent reached without the bridge does not know the method.
        throw host.normalize(error).code === -32601 ? host.error('unsupported', NEEDS_BRIDGE) : error;
      },
    );
    applyRestart(initialize);
  }

  /** A restarted agent's `initialize` result replaces the agent's; the open sessions are lost until restored. */
  function applyRestart(initialize: acp.InitializeResponse) {
    update((s) =>
      s.agent
        ? {
            ...s,
            agent: {
              ...s.agent,
              info: initialize.agentInfo ?? s.agent.info,
              capabilities: initialize.agentCapabilities ?? {},
              authMethods: initialize.authMethods ?? [],
              bridge: readBridge(initialize._meta),
            },
          }
        : s,
    );
    for (const session of Object.values(get().sessions)) {
      if (session.status !== 'closed') markLost(session.sessionId, 'The agent was restarted to sign in; this session is restored once signed in.');
    }
  }

  // Fetched the first time a terminal sign-in starts, which few pages ever do. Its notifications
  // come only after it started, in order, through the same promise.
  let terminalSignIn: Promise<ReturnType<typeof createTerminalSignIn>> | null = null;
  const loadTerminalSignIn = () =>
    (terminalSignIn ??= import('./terminal-sign-in.js').then(({ createTerminalSignIn }) =>
      createTerminalSignIn({
        get,
        request,
        error: host.error,
        normalize: host.normalize,
        setAuth,
        applyRestart,
        redact,
        restoreSessions: () => actions.restoreSessions(),
      }),
    ));

  // Shared sessions (acp-react-bridge --shared): fetched when the bridge says it is shared, or the host attaches.
  let attach: Promise<Attach> | null = null;
  const loadAttach = () =>
    (attach ??= import('./attach.js').then(
      ({ createAttach }) => createAttach(host),
      (error: unknown) => {
        attach = null;
        throw host.normalize(error);
      },
    ));

  const actions: SessionActions = {
    async attachSession(sessionId, options = {}) {
      return (await loadAttach()).attach(sessionId, options);
    },

    authenticateInTerminal: async (methodId, size) => (await loadTerminalSignIn()).start(methodId, size),

    async authenticate(methodId, values, { signal, _meta } = {}) {
      const state = get().agent;
      const method = state?.authMethods.find((m) => m.id === methodId);
      if (!method) throw host.error('invalidParams', `Unknown auth method: ${methodId}`);
      const type = (method as { type?: unknown }).type ?? 'agent';
      if (type !== 'agent' && type !== 'env_var') {
        // Terminal methods are never passed to authenticate; unknown types cannot be acted on.
        throw host.error('unsupported', `The "${method.name}" sign-in method cannot run in a browser.`);
      }
      // Unknown yet (the bridge's features arrive just after `initialize`): the bridge, or its absence, answers.
      if (values && type !== 'env_var') throw host.error('invalidParams', `"${method.name}" takes no values: only env_var methods do.`);
      if (values && state?.bridge?.features.envVarAuth === false) throw host.error('unsupported', NEEDS_BRIDGE);
      setAuth({ pendingMethodId: methodId, error: null });
      try {
        if (values) await restartWithEnv(methodId, values, signal);
        await request(v2() ? 'auth/login' : agent.authenticate, { methodId, _meta }, { timeoutMs: host.authenticateTimeoutMs, signal });
        setAuth({ required: false, pendingMethodId: null, error: null, reason: null });
      } catch (error) {
        const normalized = host.normalize(error);
        setAuth({ pendingMethodId: null, error: normalized.toInfo(), ...(values ? { required: true } : {}) });
        throw normalized;
      }
      if (values) await actions.restoreSessions();
    },

    async logout() {
      // v2: `auth/logout` is part of every agent's auth methods.
      if (!v2()) requireCapability(capabilities().auth?.logout, 'logging out');
      await request(v2() ? 'auth/logout' : agent.logout, {});
      setAuth({ required: true, pendingMethodId: null, error: null });
    },

    async loadSession(sessionId, options) {
      requireCapability(capabilities().loadSession, 'loading sessions (session/load)');
      // v2 has no `session/load`: a resume replaying from the start is the same.
      if (v2()) return replayOrStartOver(sessionId, options);
      return reopen(agent.session.load, sessionId, options, true);
    },

    async resumeSession(sessionId, options) {
      requireCapability(capabilities().sessionCapabilities?.resume, 'resuming sessions (session/resume)');
      return reopen(agent.session.resume, sessionId, options, false);
    },

    async listSessions(params = {}, options) {
      requireCapability(capabilities().sessionCapabilities?.list, 'listing sessions (session/list)');
      const body: Record<string, unknown> = {};
      if (params.cwd) body.cwd = params.cwd;
      if (params.cursor) body.cursor = params.cursor;
      if (params._meta) body._meta = params._meta;
      return request<acp.ListSessionsResponse>(agent.session.list, body, options);
    },

    async closeSession(sessionId, options) {
      requireCapability(capabilities().sessionCapabilities?.close, 'closing sessions (session/close)');
      await request(agent.session.close, { sessionId, _meta: options?._meta });
      end(sessionId);
    },

    async deleteSession(sessionId, options) {
      requireCapability((capabilities().sessionCapabilities as { delete?: unknown } | undefined)?.delete, 'deleting sessions (session/delete)');
      await request(agent.session.delete, { sessionId, _meta: options?._meta });
      end(sessionId);
    },

    async cancelSubagent(parentSessionId, childSessionId, options) {
      // A child's mutations need the agent's per-child grant; the parent's session/cancel support does not extend to it.
      requireCapability(get().sessions[parentSessionId]?.subagents?.[childSessionId]?.canCancel, `cancelling sub-agent ${childSessionId}`);
      await host.notify(agent.session.cancel, { sessionId: childSessionId, _meta: options?._meta });
      // The pending permission and elicitation requests of the child and of its descendants (the
      // children it started, theirs, ..., all kept flat on the top-level session) are answered
      // `cancelled`, as for a turn. Each record is taken once, so a malformed snapshot cannot loop.
      const records = Object.values(get().sessions[parentSessionId]?.subagents ?? {});
      // A Set's iteration visits what is added during it, once each.
      const settled = new Set([childSessionId]);
      for (const id of settled) {
        host.settleSession(id);
        for (const c of records) if (c.parentSessionId === id) settled.add(c.sessionId);
      }
    },

    async setMode(sessionId, modeId, options) {
      if (v2()) throw host.error('unsupported', 'ACP v2 has no session modes; use the `mode` config option (setConfigOption).');
      requireCapability(get().sessions[sessionId]?.modes, 'session modes');
      await request(agent.session.setMode, { sessionId, modeId, _meta: options?._meta });
      update((s) => host.withSession(s, sessionId, (ss) => (ss.modes ? { ...ss, modes: { ...ss.modes, currentModeId: modeId } } : ss)));
    },

    async setConfigOption(sessionId, configId, value, options) {
      requireCapability(get().sessions[sessionId]?.configOptions, 'session config options');
      const _meta = options?._meta;
      const params = typeof value === 'boolean' ? { sessionId, configId, type: 'boolean', value, _meta } : { sessionId, configId, value, _meta };
      const response = await request<acp.SetSessionConfigOptionResponse>(agent.session.setConfigOption, params);
      // The answer is the complete state: other options may have changed too.
      update((s) => host.withSession(s, sessionId, (ss) => ({ ...ss, configOptions: response.configOptions })));
      return response.configOptions;
    },

    onExtension({ method, params }) {
      try {
        host.extNotifications.get(method)?.(params);
      } catch (error) {
        host.diagnose('adapter_error', `The handler of ${method} failed: ${host.normalize(error).message}`);
      }
      if (method.startsWith(AUTH_TERMINAL)) void terminalSignIn?.then((signIn) => signIn.onNotification(method, (params ?? {}) as Record<string, unknown>));
      else applyBridgeNotification(method, params, host);
      // A shared bridge: from now on, the sequence of each session's log is followed (for reconnects).
      if (get().agent?.bridge?.features.shared) loadAttach().catch(() => {});
    },

    async applyPolicy(requestId, params) {
      try {
        const optionId = await host.permissionPolicy?.(params);
        if (optionId != null && params.options.some((o) => o.optionId === optionId)) {
          host.answerPermission(requestId, { optionId, byPolicy: true });
        }
      } catch (error) {
        host.diagnose('adapter_error', `The permission policy failed: ${host.normalize(error).message}`);
      }
    },

    async answerExtRequest({ method, params, signal }) {
      const handler = host.extMethods.get(method);
      if (!handler) {
        host.diagnose('unknown_request', `The agent called an unsupported method: ${method}.`);
        throw acp.RequestError.methodNotFound(method);
      }
      try {
        return (await handler(params, { signal })) ?? null;
      } catch (error) {
        const { code, message, data } = host.normalize(error);
        throw new acp.RequestError(typeof code === 'number' ? code : -32603, message, data);
      }
    },

    async extMethod(method, params = {}, options) {
      requireExtension(method);
      return request(method, params, options);
    },

    async extNotification(method, params = {}) {
      requireExtension(method);
      await host.notify(method, params);
    },

    checkSessionOptions: (options) => checkSessionOptions(options, get().agent, host.error),

    async restoreSessions() {
      const caps = capabilities();
      for (const session of Object.values(get().sessions)) {
        if (session.status === 'closed') continue;
        const options = {
          cwd: session.cwd,
          additionalDirectories: session.additionalDirectories,
          mcpServers: session.mcpServers,
          _meta: session.setupMeta ?? undefined,
        };
        try {
          // Attached through a shared bridge: from the last entry seen. When the bridge no longer
          // holds what was missed, only a load (the whole session again) shows no gap; a resume would.
          if (session.role !== undefined) {
            if (await (await loadAttach()).reattach(session.sessionId)) continue;
            if (caps.loadSession && session.role === 'controller') await actions.loadSession(session.sessionId, options);
            else markLost(session.sessionId, SHARED_LOG_BEHIND);
            continue;
          }
          if (caps.sessionCapabilities?.resume) await actions.resumeSession(session.sessionId, options);
          else if (caps.loadSession) await actions.loadSession(session.sessionId, options);
          else markLost(session.sessionId, 'The agent can neither resume nor load sessions, so this session could not be restored.');
        } catch (error) {
          markLost(session.sessionId, `The session could not be restored: ${host.normalize(error).message}`);
        }
      }
    },
  };
  // Made when the first connection is ready: a page that joins a shared session attaches to it now (`attach.ts`).
  if (host.join) loadAttach().catch(() => {});
  return actions;
}
