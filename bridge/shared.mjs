// @ts-check
/**
 * `--shared` mode: one agent process for any number of pages, across reconnects. Pages attach to
 * the sessions it runs, see them live, steer them (controllers) or watch (observers); the spec is
 * bridge/README.md's "Shared sessions".
 *
 * This file routes messages between the pages and the agent; the ideas live beside it:
 * `shared-session.mjs` (a session: its sequenced, bounded log and its attached pages),
 * `shared-page.mjs` (a page, and how a slow one catches up), `shared-turns.mjs` (one prompt at a
 * time per session, in order), `shared-requests.mjs` (agent requests answered once) and
 * `shared-roles.mjs` (controllers and observers).
 *
 * What makes one agent process serve many pages:
 *
 * 1. **`initialize` is answered from a cache** (`shared-initialize.mjs`): an agent accepts it once
 *    per process, but every page starts with it.
 * 2. **Request ids are rewritten.** Every page numbers its requests from 0: requests to the agent
 *    get bridge-wide unique ids, mapped back on the way out; responses for a page that has gone
 *    are dropped. `$/cancel_request` is rewritten to match.
 * 3. **Sessions belong to the bridge, not to a page.** What the agent says about a session is
 *    logged there and sent to the pages attached to it; `session/new` and `session/resume` attach
 *    the page that sent them, `_acp-react/bridge/session/attach` any other.
 * 4. **Agent requests never hang.** One that nobody is left to answer is answered with an error.
 *
 * An agent that has not answered `initialize` yet has nothing to keep: when its last page leaves,
 * it is stopped, so the next connection (a page's Retry) starts a new one rather than waiting on
 * the same silent process. Meanwhile, and when it dies, every page is told why it is silent
 * (`agent-report.mjs`).
 */
import { createAgentReporter } from './agent-report.mjs';
import { CloseCode } from './client-socket.mjs';
import { BridgeNotifications } from './handshake.mjs';
import { createInitializeCache } from './shared-initialize.mjs';
import { errorMessage, isObject, isRequest, isResponse } from './jsonrpc.mjs';
import { serveAttachMethods } from './shared-attach.mjs';
import { SharedPage } from './shared-page.mjs';
import { createAgentRequests } from './shared-requests.mjs';
import { OBSERVER_ERROR, OBSERVER_METHODS, observerRefusal } from './shared-roles.mjs';
import { SharedSession } from './shared-session.mjs';
import { createTurns } from './shared-turns.mjs';

/**
 * @typedef {object} InFlightRequest a page's request forwarded to the agent under a bridge id
 * @property {SharedPage} page
 * @property {import('./jsonrpc.mjs').JsonRpcId} originalId
 * @property {string} method
 * @property {SharedSession} [session] the session it is about
 * @property {boolean} [turn] the session's active turn (answered through the turn queue)
 * @property {string} [cwd] the working directory a `session/new` named
 */

/** The methods that open or run a session: the bridge holds (and logs) the session they name. */
const SESSION_OPENERS = new Set(['session/prompt', 'session/load', 'session/resume']);
/** What a page attached to a session as an observer may not do there. */
const OBSERVER_BOUND = new Set(['session/prompt', 'session/cancel', 'session/set_mode', 'session/set_model', 'session/set_config_option']);

/** @param {unknown} id */
const idKey = (id) => `${typeof id}:${String(id)}`;

export class SharedAgent {
  #createAgent;
  #killTimeoutMs;
  #bufferLimit;
  #log;
  /** @type {import('./agent-process.mjs').AgentProcess | undefined} */
  #agent;
  /** @type {Set<SharedPage>} */
  #pages = new Set();
  /** @type {Map<string, SharedSession>} */
  #sessions = new Map();
  /** Sub-agents' session ids → the top-level session whose log holds their messages. @type {Map<string, SharedSession>} */
  #childOf = new Map();
  #nextId = 1;
  /** @type {Map<number, InFlightRequest>} */
  #inFlight = new Map();
  #initialize;
  #turns = createTurns({ forward: (page, message, session) => this.#forward(page, message, session, true) });
  #requests = createAgentRequests({
    controllers: () => [...this.#pages].filter((page) => page.initialized && page.role === 'controller'),
    sendToAgent: (message) => void this.#agent?.send(message),
  });
  #reporter = createAgentReporter({
    send: (text) => this.#pages.forEach((page) => page.send(text)),
    initialized: () => this.#initialize.done,
  });

  /**
   * @param {{ createAgent: import('./dedicated.mjs').AgentFactory, killTimeoutMs: number, sharedBufferBytes: number, log: import('./log.mjs').Logger, features: import('./handshake.mjs').BridgeFeatures, version: string }} options
   */
  constructor(options) {
    this.#createAgent = options.createAgent;
    this.#killTimeoutMs = options.killTimeoutMs;
    this.#bufferLimit = options.sharedBufferBytes;
    this.#log = options.log;
    this.#initialize = createInitializeCache({ features: options.features, version: options.version, isOpen: (page) => this.#pages.has(page) });
  }

  /** The running agent's pid, if any. */
  get pid() {
    return this.#agent?.pid;
  }

  /**
   * Takes a page, starting the agent if none is running.
   * @param {import('./client-socket.mjs').BridgeClient} client
   * @param {import('./shared-roles.mjs').PageRole} role decided by the bridge (`shared-roles.mjs`)
   */
  attach(client, role) {
    if (!this.#agent) this.#startAgent();
    const page = new SharedPage(client, role);
    this.#pages.add(page);
    client.handlers = {
      onMessage: (message) => this.#fromPage(page, message),
      onDrain: () => page.drained(),
      onClose: () => this.#leave(page),
    };
    this.#log('info', `${client.label}: attached to the shared agent as ${role}`);
  }

  /** Stops the agent (bridge shutdown). */
  async stop() {
    const agent = this.#agent;
    if (agent) await agent.stop(this.#killTimeoutMs);
  }

  #startAgent() {
    const agent = this.#createAgent({
      onMessage: (text, message) => this.#fromAgent(agent, text, message),
      onStderr: () => {
        if (this.#agent === agent && this.#pages.size > 0) this.#reporter.stderr(agent);
      },
      onOversized: ({ limit }) => {
        if (this.#agent !== agent) return;
        for (const page of this.#pages) page.client.close(CloseCode.MESSAGE_TOO_BIG, `agent sent a message over ${limit} bytes (--max-message-bytes)`);
      },
      onExit: (exit) => {
        if (this.#agent !== agent) return;
        this.#log(exit.error ? 'error' : 'info', `shared ${exit.description}; the next connection starts a new agent`);
        const pages = [...this.#pages];
        this.#reporter.exited(agent, exit);
        this.#reset();
        // Every page gets the same ending: the same report above, the same close.
        for (const page of pages) page.client.close(CloseCode.INTERNAL_ERROR, exit.description);
      },
    });
    this.#agent = agent;
  }

  #reset() {
    this.#reporter.cancel();
    this.#agent = undefined;
    this.#pages.clear();
    this.#sessions.clear();
    this.#childOf.clear();
    this.#requests.clear();
    this.#initialize.reset();
    this.#inFlight.clear();
  }

  /** @param {SharedPage} page its connection closed */
  #leave(page) {
    if (!this.#pages.delete(page)) return;
    this.#turns.dropPage(this.#sessions.values(), page);
    this.#requests.pageLeft(page);
    for (const attachment of [...page.attachments.values()]) this.#detach(attachment);
    if (![...this.#pages].some((other) => other.role === 'controller' && other.initialized)) this.#requests.noControllers();
    const agent = this.#agent;
    if (agent && this.#pages.size === 0 && !this.#initialize.done) {
      this.#log('info', `${page.label}: detached; the shared agent had not answered initialize, so it is stopped (the next connection starts a new one)`);
      this.#reset();
      void agent.stop(this.#killTimeoutMs);
      return;
    }
    if (this.#pages.size === 0) this.#reporter.cancel();
    this.#log('info', `${page.label}: detached; the shared agent keeps running`);
  }

  /** @param {import('./shared-page.mjs').Attachment} attachment */
  #detach(attachment) {
    const { session } = attachment;
    session.detach(attachment);
    if (attachment.role === 'controller' && !session.hasController()) this.#requests.orphaned(session);
  }

  /** @param {string} sessionId */
  #session(sessionId) {
    let session = this.#sessions.get(sessionId);
    if (!session) {
      session = new SharedSession(sessionId, { limit: this.#bufferLimit, log: this.#log });
      this.#sessions.set(sessionId, session);
    }
    return session;
  }

  /**
   * The session a message from the agent is about: its `sessionId`, or for an elicitation scoped
   * to a request, that request's session.
   * @param {Record<string, unknown>} message
   */
  #sessionOf(message) {
    const params = isObject(message.params) ? message.params : {};
    if (typeof params.sessionId === 'string') return this.#childOf.get(params.sessionId) ?? this.#session(params.sessionId);
    if (typeof params.requestId === 'number') return this.#inFlight.get(params.requestId)?.session;
    return undefined;
  }

  /**
   * @param {SharedPage} page
   * @param {Record<string, unknown>} message
   */
  #fromPage(page, message) {
    const agent = this.#agent;
    if (!agent || !this.#pages.has(page)) return;
    const method = typeof message.method === 'string' ? message.method : undefined;
    const id = /** @type {import('./jsonrpc.mjs').JsonRpcId} */ (message.id);
    const params = isObject(message.params) ? message.params : {};
    /** @param {number} code @param {string} text */
    const fail = (code, text, data = undefined) => page.send(JSON.stringify(errorMessage(id, code, text, data)));

    if (isResponse(message)) return this.#requests.fromPage(page, message);
    if (method === undefined) return;
    if (page.role === 'observer' && (isRequest(message) ? !OBSERVER_METHODS.has(method) : method !== '$/cancel_request')) {
      if (isRequest(message)) return fail(OBSERVER_ERROR, observerRefusal(method));
      const error = { code: OBSERVER_ERROR, message: observerRefusal(method) };
      return page.send(JSON.stringify({ jsonrpc: '2.0', method: BridgeNotifications.refused, params: { method, error } }));
    }
    if (method.startsWith('_acp-react/bridge/')) {
      if (!isRequest(message)) return;
      const served = serveAttachMethods(message, {
        page,
        sessions: this.#sessions,
        requests: this.#requests,
        detach: (attachment) => this.#detach(attachment),
      });
      // The bridge's other methods need an agent of this page's own (see dedicated.mjs).
      if (!served) fail(-32601, `Method not available with --shared: ${method}`);
      return;
    }
    if (isRequest(message) && method === 'initialize') {
      const forwarded = this.#initialize.request(page, message);
      return forwarded && this.#forward(page, forwarded, undefined);
    }

    if (method === '$/cancel_request') {
      if (this.#turns.cancelRequest(this.#sessions.values(), page, params.requestId)) return;
      const bridgeId = page.bridgeIds.get(idKey(params.requestId));
      return this.#send(page, bridgeId === undefined ? message : { ...message, params: { ...params, requestId: bridgeId } });
    }
    const sessionId = typeof params.sessionId === 'string' ? params.sessionId : undefined;
    // Only what opens or runs a session makes the bridge hold it; other methods name one it may hold.
    const session = sessionId === undefined ? undefined : SESSION_OPENERS.has(method) ? this.#session(sessionId) : this.#sessions.get(sessionId);
    // A controller page attached to a session as an observer is one there.
    if (session?.attachmentOf(page)?.role === 'observer' && OBSERVER_BOUND.has(method)) {
      if (isRequest(message)) return fail(OBSERVER_ERROR, observerRefusal(`${method} in a session this page watches`));
      const error = { code: OBSERVER_ERROR, message: observerRefusal(`${method} in a session this page watches`) };
      return page.send(JSON.stringify({ jsonrpc: '2.0', method: BridgeNotifications.refused, params: { method, error } }));
    }
    if (method === 'session/cancel' && session) this.#turns.cancelQueued(session, page);
    if (!isRequest(message)) return this.#send(page, message);

    if (session && (method === 'session/prompt' || method === 'session/load')) {
      // The page prompting a session sees its turn: attached if it was not.
      const attachment = method === 'session/prompt' ? (session.attachmentOf(page) ?? session.attach(page, 'controller', session.log.lastSeq)) : undefined;
      const by = attachment ? SharedPage.presence(attachment) : { pageId: page.pageId, name: page.info.name, role: page.role, since: new Date().toISOString() };
      return this.#turns.enqueue(session, { page, message, by });
    }
    if (session && SESSION_OPENERS.has(method) && method !== 'session/prompt' && typeof params.cwd === 'string') session.cwd = params.cwd;
    // Resuming attaches from now: whatever the agent says about the session from here on reaches the page.
    if (session && method === 'session/resume' && !session.attachmentOf(page)) session.attach(page, 'controller', session.log.lastSeq);
    this.#forward(page, message, session);
  }

  /**
   * Sends a page's request to the agent under a bridge-wide id.
   * @param {SharedPage} page
   * @param {Record<string, unknown>} message
   * @param {SharedSession | undefined} session
   * @param {boolean} [turn]
   */
  #forward(page, message, session, turn = false) {
    const bridgeId = this.#nextId++;
    const originalId = /** @type {import('./jsonrpc.mjs').JsonRpcId} */ (message.id);
    const params = isObject(message.params) ? message.params : {};
    const cwd = message.method === 'session/new' && typeof params.cwd === 'string' ? params.cwd : undefined;
    this.#inFlight.set(bridgeId, { page, originalId, method: String(message.method), session, turn, cwd });
    page.bridgeIds.set(idKey(originalId), bridgeId);
    this.#send(page, { ...message, id: bridgeId });
  }

  /**
   * @param {SharedPage} page
   * @param {Record<string, unknown>} message
   */
  #send(page, message) {
    const agent = this.#agent;
    if (agent && !agent.send(message)) {
      page.client.pause();
      agent.onceDrained(() => page.client.resume());
    }
  }

  /**
   * @param {import('./agent-process.mjs').AgentProcess} agent
   * @param {string} text
   * @param {Record<string, unknown>} message
   */
  #fromAgent(agent, text, message) {
    if (this.#agent !== agent) return;
    if (isResponse(message)) return this.#response(message);
    if (isRequest(message)) return this.#requests.fromAgent(message, this.#sessionOf(message));
    const session = this.#sessionOf(message);
    if (!session) {
      for (const page of this.#pages) if (page.initialized) page.send(text);
      return;
    }
    // A sub-agent announced on the session: its own messages go to this session's log (and pages).
    const update = isObject(message.params) && isObject(message.params.update) ? message.params.update : {};
    const child =
      update.sessionUpdate === 'subagent_update' ? update.sessionId : update.sessionUpdate === 'subagent_spawned' ? update.subagentSessionId : undefined;
    if (typeof child === 'string' && child !== session.id) this.#childOf.set(child, session);
    const active = session.active;
    // A session/load's replay is history the attached pages already have.
    if (active?.kind === 'load' && active.replayToPage) active.page.send(text);
    else session.publish(message);
  }

  /** @param {Record<string, unknown>} message a response from the agent */
  #response(message) {
    const entry = typeof message.id === 'number' ? this.#inFlight.get(message.id) : undefined;
    if (!entry) return;
    this.#inFlight.delete(/** @type {number} */ (message.id));
    const { page, session, method } = entry;
    if (page.bridgeIds.get(idKey(entry.originalId)) === message.id) page.bridgeIds.delete(idKey(entry.originalId));
    /** @type {Record<string, unknown>} */
    const reply = { ...message, id: entry.originalId };
    if (method === 'initialize') return this.#initialize.settle(page, reply);
    if (entry.turn && session) return this.#turns.ended(session, reply);
    if (!this.#pages.has(page)) {
      this.#log('info', `shared agent: dropped the response to "${method}" from a page that has disconnected`);
      return;
    }
    const result = isObject(reply.result) ? reply.result : undefined;
    if (method === 'session/new' && typeof result?.sessionId === 'string') {
      const created = this.#session(result.sessionId);
      created.setup = result;
      created.cwd = entry.cwd ?? null;
      // From the start of its log: what the agent said about it before answering comes first.
      created.attach(page, 'controller', 0);
    } else if (method === 'session/resume' && session) {
      if (result) session.setup = result;
      else {
        const attachment = session.attachmentOf(page);
        if (attachment) this.#detach(attachment);
      }
    } else if (method === 'session/close' && session && result) {
      for (const attachment of [...session.attachments]) session.detach(attachment);
      this.#sessions.delete(session.id);
    }
    page.send(JSON.stringify(reply));
  }
}
