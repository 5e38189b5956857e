// @ts-check
/**
 * Default mode: every WebSocket connection gets its own agent process, started when the
 * connection opens and stopped when it closes. Messages pass through unchanged in both directions
 * (re-serialized on the way to stdin), except for the bridge's own part (see `handshake.mjs`):
 *
 * - the `initialize` exchange carries the handshake: the page's entry is taken out of the request,
 *   the bridge's features are added to the result;
 * - `_acp-react/bridge/*` requests are answered by the bridge and never reach the agent. The one
 *   that restarts the agent with an `env_var` sign-in method's values replays the page's
 *   `initialize` to the new process itself, and answers with its result;
 * - with `terminals` on, the agent's `terminal/*` requests are served by the bridge.
 *
 * Across a restart, requests the old agent never answered are answered with an error, and the
 * page's answers to the old agent's requests are dropped, so neither side waits forever or gets
 * an answer meant for someone else.
 *
 * Until the agent has answered `initialize`, and when it dies, the page is told why it is silent
 * (`agent-report.mjs`). A new connection starts a new agent: that is what a page's Retry does.
 */
import { createAgentReporter } from './agent-report.mjs';
import { CloseCode } from './client-socket.mjs';
import { BridgeMethods, checkEnvRequest, envVarMethods, featuresNotification, readPageHandshake, terminalAuthMethods, withBridgeMeta } from './handshake.mjs';
import { errorMessage, INTERNAL_ERROR, isObject, isRequest, isResponse } from './jsonrpc.mjs';

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

/**
 * @typedef {(
 *   handlers: Pick<import('./agent-process.mjs').AgentProcessOptions, 'onMessage' | 'onOversized' | 'onExit' | 'onStderr'>,
 *   extraEnv?: Record<string, string>,
 * ) => import('./agent-process.mjs').AgentProcess} AgentFactory
 */

/**
 * What serves the bridge's own requests beyond the handshake and the env restart (terminal
 * sign-in, the agent's terminals); each returns true when it took the message.
 * @typedef {object} BridgeServices
 * @property {(message: Record<string, unknown>, reply: (response: Record<string, unknown>) => void) => boolean} [fromPage] a `_acp-react/bridge/*` request
 * @property {(message: Record<string, unknown>, reply: (response: Record<string, unknown>) => void) => boolean} [fromAgent] an agent request (`terminal/*`)
 * @property {() => void} [agentReplaced] the agent process was stopped and another started (a sign-in restart)
 * @property {() => void} [close] the connection is gone
 */

/**
 * @typedef {object} DedicatedContext
 * @property {AgentFactory} createAgent
 * @property {number} killTimeoutMs
 * @property {import('./log.mjs').Logger} log
 * @property {import('./handshake.mjs').BridgeFeatures} features
 * @property {string} version the bridge's version, for the handshake
 * @property {(connection: ConnectionView) => BridgeServices} [services] the services of one connection
 */

/**
 * What a connection's services see of it.
 * @typedef {object} ConnectionView
 * @property {(message: Record<string, unknown>) => void} send a message to the page
 * @property {() => unknown} initializeResult the agent's latest `initialize` result
 * @property {(sessionId: string) => string | undefined} sessionCwd the working directory a session was opened with
 * @property {() => Record<string, string>} extraEnv variables set through an `env_var` sign-in, for the agent's current process
 * @property {string} label the client's label, for log lines
 */

/** @param {unknown} id */
const idKey = (id) => `${typeof id}:${String(id)}`;

/**
 * Connects one client to a fresh agent.
 * @param {import('./client-socket.mjs').BridgeClient} client
 * @param {DedicatedContext} context
 */
export function serveDedicated(client, context) {
  const { createAgent, killTimeoutMs, log, features, version } = context;
  let clientGone = false;
  /** Variables set through an `env_var` sign-in, for the life of this connection's agent only. */
  /** @type {Record<string, string>} */
  let extraEnv = {};
  /** The page's `initialize` as forwarded, replayed to a restarted agent. */
  /** @type {Record<string, unknown> | undefined} */
  let initializeRequest;
  /** The agent's latest `initialize` result (without the bridge's entry). */
  /** @type {unknown} */
  let initializeResult;
  /** Page → agent requests not answered yet, by id. */
  /** @type {Map<string, import('./jsonrpc.mjs').JsonRpcId>} */
  const pagePending = new Map();
  /** Agent → page requests not answered yet (of the current agent). */
  /** @type {Set<string>} */
  const agentPending = new Set();
  /** Requests the bridge itself sent to the agent (the replayed `initialize`). */
  /** @type {Map<string, (response: Record<string, unknown>) => void>} */
  const ownRequests = new Map();
  let ownRequestCount = 0;
  /** While the agent restarts, the page's messages wait here. */
  /** @type {Record<string, unknown>[] | undefined} */
  let held;

  const reporter = createAgentReporter({ send: (text) => void client.send(text), initialized: () => initializeResult !== undefined });
  /** @param {Record<string, unknown>} message */
  const sendToPage = (message) => {
    if (!client.send(JSON.stringify(message))) agent.pauseOutput();
  };
  /** @param {Record<string, unknown>} message */
  const sendToAgent = (message) => {
    if (!agent.send(message)) {
      client.pause();
      agent.onceDrained(() => client.resume());
    }
  };
  /** Working directories of the sessions the page opened (for terminals), and of pending `session/new`. */
  /** @type {Map<string, string>} */
  const sessionCwds = new Map();
  /** @type {Map<string, string>} */
  const newSessionCwds = new Map();
  const services =
    context.services?.({
      send: sendToPage,
      initializeResult: () => initializeResult,
      sessionCwd: (id) => sessionCwds.get(id),
      extraEnv: () => extraEnv,
      label: client.label,
    }) ?? {};

  /** @returns {import('./agent-process.mjs').AgentProcess} */
  const start = () => {
    const started = createAgent(
      {
        onMessage: (text, message) => fromAgent(started, text, message),
        onStderr: () => {
          if (started === agent && !clientGone) reporter.stderr(started);
        },
        onOversized: ({ limit }) => {
          if (started === agent) client.close(CloseCode.MESSAGE_TOO_BIG, `agent sent a message over ${limit} bytes (--max-message-bytes)`);
        },
        onExit: (exit) => {
          if (started !== agent) return; // replaced by a restart: expected
          for (const settle of ownRequests.values()) settle(errorMessage(null, INTERNAL_ERROR, exit.description));
          ownRequests.clear();
          if (clientGone || !client.isOpen) {
            log('info', `agent ${started.pid} stopped after its connection closed (${exit.description})`);
            return;
          }
          log(
            exit.error ? 'error' : 'warn',
            `${client.label}: ${exit.description}${started.pid ? ` (pid ${started.pid})` : ''}; closing the connection (1011)`,
          );
          reporter.exited(started, exit);
          client.close(CloseCode.INTERNAL_ERROR, exit.description);
        },
      },
      extraEnv,
    );
    return started;
  };
  let agent = start();

  /**
   * @param {import('./agent-process.mjs').AgentProcess} from
   * @param {string} text
   * @param {Record<string, unknown>} message
   */
  function fromAgent(from, text, message) {
    if (from !== agent) return; // the old agent's last words, after a restart
    if (isResponse(message)) {
      const key = idKey(message.id);
      const own = ownRequests.get(key);
      if (own) {
        ownRequests.delete(key);
        own(message);
        return;
      }
      pagePending.delete(key);
      const cwd = newSessionCwds.get(key);
      if (cwd !== undefined) {
        newSessionCwds.delete(key);
        if (isObject(message.result) && typeof message.result.sessionId === 'string') sessionCwds.set(message.result.sessionId, cwd);
      }
      if (initializeRequest && idKey(initializeRequest.id) === key && 'result' in message && initializeResult === undefined) {
        initializeResult = message.result;
        sendToPage({ ...message, result: withBridgeMeta(message.result, features, version) });
        client.send(featuresNotification(features, version));
        return;
      }
    } else if (isRequest(message)) {
      const reply = (/** @type {Record<string, unknown>} */ response) => {
        if (from === agent) sendToAgent({ jsonrpc: '2.0', id: message.id, ...response });
      };
      if (services.fromAgent?.(message, reply)) return;
      agentPending.add(idKey(message.id));
    }
    if (!client.send(text)) agent.pauseOutput();
  }

  /** @param {Record<string, unknown>} message */
  function fromPage(message) {
    if (typeof message.method === 'string' && message.method.startsWith('_acp-react/bridge/')) {
      if (!isRequest(message)) return; // the bridge defines no page → bridge notifications
      const reply = (/** @type {Record<string, unknown>} */ response) => sendToPage({ jsonrpc: '2.0', id: message.id, ...response });
      if (message.method === BridgeMethods.restartWithEnv) void restartWithEnv(message, reply);
      else if (message.method === BridgeMethods.restart) void restartAfterTerminal(message, reply);
      else if (!services.fromPage?.(message, reply)) reply({ error: { code: METHOD_NOT_FOUND, message: `Method not found: ${message.method}` } });
      return;
    }
    if (held) {
      held.push(message);
      return;
    }
    if (isRequest(message)) {
      if (message.method === 'initialize') {
        message = readPageHandshake(message, features).forwarded;
        initializeRequest = message;
        initializeResult = undefined;
      }
      pagePending.set(idKey(message.id), /** @type {import('./jsonrpc.mjs').JsonRpcId} */ (message.id));
      const params = isObject(message.params) ? message.params : {};
      if (typeof params.cwd === 'string') {
        if (message.method === 'session/new') newSessionCwds.set(idKey(message.id), params.cwd);
        else if (typeof params.sessionId === 'string') sessionCwds.set(params.sessionId, params.cwd);
      }
    } else if (isResponse(message)) {
      const key = idKey(message.id);
      if (!agentPending.delete(key)) {
        log('info', `${client.label}: dropped an answer to request ${JSON.stringify(message.id)}, which the current agent did not send`);
        return;
      }
    }
    sendToAgent(message);
  }

  /**
   * Restarts the agent with an `env_var` method's values in its environment. Values are never logged.
   * @param {Record<string, unknown>} message
   * @param {(response: Record<string, unknown>) => void} reply
   */
  async function restartWithEnv(message, reply) {
    const refusal = restartRefusal(features.envVarAuth);
    if (refusal) return reply(refusal);
    const check = checkEnvRequest(message.params, envVarMethods(initializeResult));
    if (!check.ok) return reply({ error: { code: INVALID_PARAMS, message: check.message } });
    const names = Object.keys(check.env);
    log(
      'info',
      `${client.label}: restarting the agent for sign-in method "${check.methodId}" with ${names.join(', ') || 'no variables'} set (values not logged)`,
    );
    await restart(check.env, reply);
  }

  /**
   * After a `terminal` sign-in program ended: a fresh agent process, which reads the credentials
   * the program stored (an agent may read them only at start), with the page's `initialize` replayed.
   * @param {Record<string, unknown>} message
   * @param {(response: Record<string, unknown>) => void} reply
   */
  async function restartAfterTerminal(message, reply) {
    const refusal = restartRefusal(features.terminalAuth);
    if (refusal) return reply(refusal);
    const params = isObject(message.params) ? message.params : {};
    if (typeof params.methodId !== 'string' || !terminalAuthMethods(initializeResult).has(params.methodId)) {
      return reply({ error: { code: INVALID_PARAMS, message: `The agent offers no terminal sign-in method "${String(params.methodId)}"` } });
    }
    log('info', `${client.label}: restarting the agent after the sign-in terminal of "${params.methodId}"`);
    await restart(extraEnv, reply);
  }

  /** @param {boolean} enabled @returns {Record<string, unknown> | undefined} why a restart cannot happen now */
  function restartRefusal(enabled) {
    if (!enabled) return { error: { code: METHOD_NOT_FOUND, message: 'This bridge cannot restart the agent to sign in (--shared, or the feature is off)' } };
    if (!initializeRequest || initializeResult === undefined)
      return { error: { code: INVALID_PARAMS, message: 'Send initialize before restarting the agent' } };
    if (held) return { error: { code: INVALID_PARAMS, message: 'The agent is already restarting' } };
    return undefined;
  }

  /**
   * Stops the agent, starts it again with `nextEnv` added to its environment, replays the page's
   * `initialize` and answers with its result. The page's messages wait meanwhile.
   * @param {Record<string, string>} nextEnv
   * @param {(response: Record<string, unknown>) => void} reply
   */
  async function restart(nextEnv, reply) {
    held = [];
    const old = agent;
    extraEnv = nextEnv;
    agent = start(); // from here, the old agent's messages and exit are ignored
    services.agentReplaced?.();
    await old.stop(killTimeoutMs);
    for (const id of pagePending.values()) {
      sendToPage(errorMessage(id, INTERNAL_ERROR, 'The agent was restarted to sign in before it answered this request'));
    }
    pagePending.clear();
    agentPending.clear();

    const id = `acp-react-bridge-${++ownRequestCount}`;
    const answer = await new Promise((resolve) => {
      ownRequests.set(idKey(id), resolve);
      sendToAgent({ jsonrpc: '2.0', id, method: 'initialize', params: initializeRequest?.params });
    });
    const waiting = held;
    held = undefined;
    if (isObject(answer) && 'result' in answer) {
      initializeResult = answer.result;
      reply({ result: { initialize: withBridgeMeta(answer.result, features, version) } });
    } else {
      const error = isObject(answer) && isObject(answer.error) ? answer.error : {};
      const detail = typeof error.message === 'string' ? error.message : 'no answer';
      reply({ error: { code: INTERNAL_ERROR, message: `The restarted agent did not initialize: ${detail}` } });
    }
    for (const queued of waiting) fromPage(queued);
  }

  client.handlers = {
    onMessage: fromPage,
    onDrain: () => agent.resumeOutput(),
    onClose: () => {
      clientGone = true;
      reporter.cancel();
      extraEnv = {};
      services.close?.();
      if (!agent.hasExited) void agent.stop(killTimeoutMs);
    },
  };
}
