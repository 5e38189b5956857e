// @ts-check
/**
 * The demo agent's ACP v2 handlers: each one runs the v1 handler's logic (the same sessions, turns
 * and scripts) with the v2 client seen through `v1ClientView`, which translates everything sent
 * (`wire-v2.mjs`), and translates the answer. What only v2 has lives here: `initialize`'s v2 shape,
 * `session/prompt` answered with `{ messageId }` at once and the turn reported by `state_update`
 * (`running` … `idle` with its stop reason), and `session/resume` with `replayFrom`.
 */
import * as acp from '@agentclientprotocol/sdk';
import * as v2 from '@agentclientprotocol/sdk/experimental/v2/unstable';
import { AUTH_METHODS, DEMO_AGENT_NAME, DEMO_AGENT_TITLE, DEMO_AGENT_VERSION } from './catalog.mjs';
import { connectionSignalOf } from './connections.mjs';
import { configHandlers } from './handlers-config.mjs';
import { connectionHandlers } from './handlers-connection.mjs';
import { promptHandlers } from './handlers-prompt.mjs';
import { sessionHandlers } from './handlers-sessions.mjs';
import { TurnStop, errorMessage } from './helpers.mjs';
import { toV1SetConfigOption, toV2AuthMethod, toV2ConfigOptions, toV2Permission, toV2Update } from './wire-v2.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk/experimental/v2/unstable').AgentRequestHandlersByMethod} Handlers
 * @typedef {import('@agentclientprotocol/sdk/experimental/v2/unstable').AgentNotificationHandlersByMethod} NotificationHandlers
 * @typedef {import('@agentclientprotocol/sdk/experimental/v2/unstable').AgentContext} V2Context
 * @typedef {import('@agentclientprotocol/sdk').AgentContext} V1Context
 * @typedef {import('./context.mjs').DemoAgentContext} DemoAgentContext
 */

const SESSION_UPDATE = 'session/update';
const V2_PROTOCOL_VERSION = 2;
/** The MCP transports the v2 agent advertises (and so accepts in `session/new` and `session/resume`). */
const MCP_CAPABILITIES = { stdio: {} };

/** Requests that wait for the user: while one is pending, the turn `requires_action`. */
const ASKS_THE_USER = new Set(['session/request_permission', 'elicitation/create']);

/**
 * The v2 client as the v1 handlers and scripts use it: what they send is translated to v2 on the
 * way out; the client requests v2 does not have (`fs/*`, `terminal/*`) fail as unknown methods
 * (the scripts check the capabilities first, so they are never sent). While a request that waits
 * for the user is pending in a session's running turn, the session's state is `requires_action`
 * (then `running` again, unless the turn stopped meanwhile). Everything else, including the SDK's
 * per-connection identity the connection states are keyed by, is the v2 client's.
 * @param {V2Context} client
 * @param {(sessionId: string) => boolean} [turnRunning]  whether a session (not a child session) has a turn that has not stopped
 * @returns {V1Context}
 */
export function v1ClientView(client, turnRunning = () => false) {
  /** @type {any} */
  const peer = client;
  /** @param {string} sessionId @param {string} state */
  const report = (sessionId, state) => peer.notify(SESSION_UPDATE, stateUpdate(sessionId, { state }));
  return Object.create(client, {
    notify: {
      /** @param {string} method @param {any} params */
      value(method, params) {
        if (method !== SESSION_UPDATE) return peer.notify(method, params);
        const update = toV2Update(params.update);
        return update ? peer.notify(method, { ...params, update }) : Promise.resolve();
      },
    },
    request: {
      /** @param {string} method @param {any} params @param {any} [options] */
      async value(method, params, options) {
        if (method.startsWith('fs/') || method.startsWith('terminal/')) {
          throw acp.RequestError.methodNotFound(`${method} (not in ACP v2)`);
        }
        const sent = method === 'session/request_permission' ? toV2Permission(params) : params;
        const sessionId = typeof params?.sessionId === 'string' ? params.sessionId : null;
        if (!ASKS_THE_USER.has(method) || sessionId === null || !turnRunning(sessionId)) return peer.request(method, sent, options);
        await report(sessionId, 'requires_action');
        try {
          return await peer.request(method, sent, options);
        } finally {
          if (turnRunning(sessionId)) await report(sessionId, 'running').catch(() => {});
        }
      },
    },
  });
}

/**
 * What a v2 client can do, in the terms the scripts check: no client files or terminals (the agent
 * owns them: `agentOwned`), boolean config options, notices, compaction, plan operations and child
 * sessions are part of v2; elicitation and terminal sign-in as advertised.
 * @param {import('@agentclientprotocol/sdk/experimental/v2/unstable').ClientCapabilities | undefined} caps
 * @returns {import('./unstable-capabilities.mjs').DemoClientCapabilities}
 */
export function v2ClientCapabilities(caps) {
  return {
    ...(caps?.elicitation ? { elicitation: caps.elicitation } : {}),
    auth: { terminal: caps?.auth?.terminal != null },
    session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
    plan: {},
    subagents: {},
    agentOwned: true,
  };
}

/**
 * @param {string} sessionId
 * @param {Record<string, unknown>} state  `{ state, stopReason?, error? }`
 */
function stateUpdate(sessionId, state) {
  return { sessionId, update: { sessionUpdate: 'state_update', ...state } };
}

/**
 * The state a turn whose script threw ends in: `idle` with `stopReason: 'error'` and the error's
 * code (-32603 for anything not a JSON-RPC error) and message; null when the connection is gone
 * (a `TurnStop`), as there is no one to tell.
 * @param {unknown} error
 * @returns {{ state: 'idle', stopReason: 'error', error: { code: number, message: string } } | null}
 */
export function idleAfterError(error) {
  if (error instanceof TurnStop) return null;
  const code = error instanceof acp.RequestError ? error.code : -32603;
  return { state: 'idle', stopReason: 'error', error: { code, message: errorMessage(error) } };
}

/**
 * The v2 app's handlers by method, for `withHandlers` (`agent-app.mjs`).
 * @param {DemoAgentContext} ctx
 * @returns {import('./agent-app.mjs').HandlersByMethod<Handlers, NotificationHandlers>}
 */
export function v2Handlers(ctx) {
  const connection = connectionHandlers(ctx);
  const sessions = sessionHandlers(ctx);
  const config = configHandlers(ctx);
  const turns = promptHandlers(ctx);
  /** @param {string} sessionId */
  const turnRunning = (sessionId) => {
    const turn = ctx.store.get(sessionId)?.activeTurn;
    return turn != null && !turn.stopped;
  };
  /**
   * A v2 request as the v1 handler takes it. Loosely typed on purpose: the v2 params these handlers
   * get are v1's fields under the same names (what differs is translated before this, or after),
   * but the two schemas' types are separate.
   * @param {{ method: string, params: unknown, client: V2Context, signal: AbortSignal }} request
   * @returns {any}
   */
  const asV1 = ({ method, params, client, signal }) => ({ method, params, client: v1ClientView(client, turnRunning), signal });

  /** @type {Handlers['initialize']} */
  const initialize = ({ params, client }) => {
    const c = ctx.conn(/** @type {any} */ (client));
    if (c.initialized) throw acp.RequestError.invalidRequest(undefined, 'initialize was already called on this connection');
    c.initialized = true;
    c.protocol = V2_PROTOCOL_VERSION;
    c.caps = v2ClientCapabilities(params.capabilities);
    return {
      protocolVersion: V2_PROTOCOL_VERSION,
      info: { name: DEMO_AGENT_NAME, title: DEMO_AGENT_TITLE, version: DEMO_AGENT_VERSION },
      capabilities: {
        session: { prompt: { image: {}, embeddedContext: {} }, mcp: MCP_CAPABILITIES, delete: {}, additionalDirectories: {} },
      },
      // v2 has no logout marker: a non-empty `authMethods` implies auth/login and auth/logout.
      authMethods: /** @type {any} */ (AUTH_METHODS.map(toV2AuthMethod)),
    };
  };

  /** @type {Handlers['auth/login']} */
  const login = (request) => connection.authenticate(asV1(request));
  /** @type {Handlers['auth/logout']} */
  const logout = (request) => connection.logout(asV1(request));

  /** @type {Handlers['session/new']} */
  const newSession = async (request) => {
    v2.assertSupportedMcpServers(request.params.mcpServers, MCP_CAPABILITIES);
    const { sessionId, configOptions } = await sessions.new(asV1(request));
    return { sessionId, configOptions: /** @type {any} */ (toV2ConfigOptions(configOptions ?? [])) };
  };

  /** @type {Handlers['session/list']} */
  const list = (request) => /** @type {any} */ (sessions.list(asV1(request)));
  /** @type {Handlers['session/close']} */
  const close = (request) => sessions.close(asV1(request));
  /** @type {Handlers['session/delete']} */
  const deleteSession = (request) => sessions.delete(asV1(request));

  /**
   * `replayFrom: { type: 'start' }` replays the whole history (v1's `session/load`), none resumes
   * without it (v1's `session/resume`); either way the session's current state follows, before the
   * answer.
   * @type {Handlers['session/resume']}
   */
  const resume = async (request) => {
    const { replayFrom, ...params } = request.params;
    if (replayFrom && replayFrom.type !== 'start') {
      throw acp.RequestError.invalidParams({ replayFrom }, `Cannot replay from "${replayFrom.type}": only { type: "start" } is supported`);
    }
    v2.assertSupportedMcpServers(params.mcpServers, MCP_CAPABILITIES);
    const v1 = asV1({ ...request, params });
    const answer = /** @type {{ configOptions?: unknown[] | null }} */ (replayFrom ? await sessions.load(v1) : await sessions.resume(v1));
    const running = ctx.store.get(params.sessionId)?.activeTurn != null;
    await request.client.notify(SESSION_UPDATE, /** @type {any} */ (stateUpdate(params.sessionId, { state: running ? 'running' : 'idle' })));
    return { configOptions: /** @type {any} */ (toV2ConfigOptions(/** @type {any[]} */ (answer.configOptions ?? []))) };
  };

  /** @type {Handlers['session/set_config_option']} */
  const setConfigOption = async (request) => {
    const answer = await config.setConfigOption(asV1({ ...request, params: toV1SetConfigOption(request.params) }));
    return { configOptions: /** @type {any} */ (toV2ConfigOptions(answer.configOptions)) };
  };

  /**
   * Accepts the prompt with the user message's id, reports `running`, and plays the turn after the
   * answer; its end is `idle` with the stop reason (or `error` with the error). The turn follows the
   * connection, not the (already answered) request.
   * @type {Handlers['session/prompt']}
   */
  const prompt = async ({ method, params, client }) => {
    const { userMessageId, run } = turns.begin(asV1({ method, params, client, signal: connectionSignalOf(/** @type {any} */ (client)) }));
    // Always set: the v2 app's context sends message ids (`createDemoAgentV2`).
    const messageId = /** @type {string} */ (userMessageId);
    /** @param {Record<string, unknown>} state */
    const report = (state) => client.notify(SESSION_UPDATE, /** @type {any} */ (stateUpdate(params.sessionId, state)));
    await report({ state: 'running' });
    setTimeout(() => {
      void run()
        .then(
          (stopReason) => report({ state: 'idle', stopReason }),
          (error) => {
            const idle = idleAfterError(error);
            return idle ? report(idle) : undefined;
          },
        )
        .catch(() => {});
    }, 0);
    return { messageId };
  };

  /** @type {NotificationHandlers['session/cancel']} */
  const cancel = (request) => turns.cancel(asV1(request));

  return {
    requests: {
      initialize,
      'auth/login': login,
      'auth/logout': logout,
      'session/new': newSession,
      'session/list': list,
      'session/close': close,
      'session/delete': deleteSession,
      'session/resume': resume,
      'session/set_config_option': setConfigOption,
      'session/prompt': prompt,
    },
    notifications: { 'session/cancel': cancel },
  };
}
