// @ts-check
/**
 * `--shared` mode: one agent process outlives WebSocket connections, so a page reload or a
 * dropped connection can reattach to the same agent (and its sessions) with `session/load` or
 * `session/resume`.
 *
 * Only one client is attached at a time. Four things make reattaching work:
 *
 * 1. **`initialize` is answered from a cache.** An ACP agent accepts `initialize` once per
 *    process, but every new client starts with it. The first successful result is kept and a
 *    later `initialize` is answered by the bridge with that result and the new request's id.
 *    The cached result reflects the first client's `protocolVersion` and capabilities. An
 *    `initialize` that arrives while the first is still being answered waits for that answer.
 * 2. **Request ids are rewritten.** Each client numbers its requests from 0, so a response to a
 *    request from a client that has gone could otherwise resolve a new client's request with
 *    the same id. Requests to the agent get bridge-wide unique ids, mapped back on the way out;
 *    responses for a detached client are dropped. `$/cancel_request` is rewritten to match.
 * 3. **Agent requests never hang.** Requests the agent sent to a client that disconnected
 *    before answering (a permission prompt, say) are answered with a JSON-RPC error, so the
 *    agent's turn can finish.
 * 4. **Output while detached is buffered**, up to `sharedBufferBytes`; beyond that it is
 *    dropped with a log line (and dropped agent requests get an error reply). A reattaching
 *    client receives the buffer right after its `initialize` has been answered.
 *
 * An agent that has not answered `initialize` yet has nothing to keep: when its client leaves, it
 * is stopped, so the next connection (a page's Retry) starts a new one rather than waiting on the
 * same silent process. Meanwhile, and when it dies, the attached client is told why it is silent
 * (`agent-report.mjs`).
 */
import { createAgentReporter } from './agent-report.mjs';
import { CloseCode } from './client-socket.mjs';
import { featuresNotification, readPageHandshake, withBridgeMeta } from './handshake.mjs';
import { errorMessage, INTERNAL_ERROR, isObject, isRequest, isResponse } from './jsonrpc.mjs';

/**
 * @typedef {object} Attachment
 * @property {import('./client-socket.mjs').BridgeClient} client
 * @property {boolean} holding agent output is held back until this client's first message (its `initialize`) is handled
 * @property {Map<string, number>} bridgeIds the client's outstanding request ids (keyed by {@link idKey}) → bridge ids
 * @property {Map<string, import('./jsonrpc.mjs').JsonRpcId>} agentRequests agent → client requests delivered and not yet answered
 */

/**
 * @typedef {object} InFlightRequest a client request forwarded to the agent under a bridge id
 * @property {Attachment} attachment
 * @property {import('./jsonrpc.mjs').JsonRpcId} originalId
 * @property {string} method
 */

/**
 * @typedef {object} BufferedMessage
 * @property {string} text
 * @property {import('./jsonrpc.mjs').JsonRpcId} [requestId] set when the message is a request from the agent
 */

/** @param {unknown} id */
const idKey = (id) => `${typeof id}:${String(id)}`;

export class SharedAgent {
  #createAgent;
  #killTimeoutMs;
  #bufferLimit;
  #log;
  #features;
  #version;
  /** @type {import('./agent-process.mjs').AgentProcess | undefined} */
  #agent;
  /** @type {Attachment | undefined} */
  #attached;
  /** @type {BufferedMessage[]} */
  #buffer = [];
  #bufferBytes = 0;
  #droppedWhileDetached = 0;
  /** @type {{ result: unknown } | undefined} */
  #initializeResult;
  /** Set while the agent has not answered the first `initialize` yet. */
  #initializeInFlight = false;
  /** Clients that sent `initialize` while the first one was still in flight: answered with its result. */
  /** @type {{ attachment: Attachment, id: import('./jsonrpc.mjs').JsonRpcId }[]} */
  #initializeWaiters = [];
  #nextId = 1;
  /** @type {Map<number, InFlightRequest>} */
  #inFlight = new Map();
  #reporter = createAgentReporter({
    send: (text) => void this.#attached?.client.send(text),
    initialized: () => this.#initializeResult !== undefined,
  });

  /**
   * @param {{ createAgent: import('./dedicated.mjs').AgentFactory, killTimeoutMs: number, sharedBufferBytes: number, log: import('./log.mjs').Logger, features: import('./handshake.mjs').BridgeFeatures, version: string }} options
   */
  constructor(options) {
    this.#createAgent = options.createAgent;
    this.#killTimeoutMs = options.killTimeoutMs;
    this.#bufferLimit = options.sharedBufferBytes;
    this.#log = options.log;
    this.#features = options.features;
    this.#version = options.version;
  }

  /** The running agent's pid, if any. */
  get pid() {
    return this.#agent?.pid;
  }

  /**
   * Attaches a client, starting the agent if none is running.
   * @param {import('./client-socket.mjs').BridgeClient} client
   * @returns {boolean} `false` when another client is attached (the caller refuses this one)
   */
  attach(client) {
    if (this.#attached) return false;
    if (!this.#agent) this.#startAgent();
    /** @type {Attachment} */
    const attachment = {
      client,
      holding: this.#initializeResult !== undefined,
      bridgeIds: new Map(),
      agentRequests: new Map(),
    };
    this.#attached = attachment;
    if (this.#droppedWhileDetached > 0) {
      this.#log('warn', `shared agent: ${this.#droppedWhileDetached} message(s) from the agent were dropped while no client was attached`);
      this.#droppedWhileDetached = 0;
    }
    client.handlers = {
      onMessage: (message) => this.#fromClient(attachment, message),
      onDrain: () => this.#agent?.resumeOutput(),
      onClose: () => this.#detach(attachment),
    };
    if (!attachment.holding) this.#flush(attachment);
    return true;
  }

  /** Whether a client is attached (another one would be refused). */
  get busy() {
    return this.#attached !== undefined;
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
        if (this.#agent === agent && this.#attached) this.#reporter.stderr(agent);
      },
      onOversized: ({ limit }) => {
        if (this.#agent !== agent) return;
        this.#attached?.client.close(CloseCode.MESSAGE_TOO_BIG, `agent sent a message over ${limit} bytes (--max-message-bytes)`);
      },
      onExit: (exit) => {
        if (this.#agent !== agent) return;
        this.#log(exit.error ? 'error' : 'info', `shared ${exit.description}; the next connection starts a new agent`);
        const attached = this.#attached;
        if (attached) this.#reporter.exited(agent, exit);
        this.#reset();
        attached?.client.close(CloseCode.INTERNAL_ERROR, exit.description);
      },
    });
    this.#agent = agent;
  }

  #reset() {
    this.#reporter.cancel();
    this.#agent = undefined;
    this.#attached = undefined;
    this.#buffer = [];
    this.#bufferBytes = 0;
    this.#droppedWhileDetached = 0;
    this.#initializeResult = undefined;
    this.#initializeInFlight = false;
    this.#initializeWaiters = [];
    this.#inFlight.clear();
  }

  /** @param {Attachment} attachment */
  #detach(attachment) {
    if (this.#attached !== attachment) return;
    this.#attached = undefined;
    const agent = this.#agent;
    for (const id of attachment.agentRequests.values()) {
      agent?.send(errorMessage(id, INTERNAL_ERROR, 'The client disconnected before answering this request (acp-react-bridge --shared)'));
    }
    attachment.agentRequests.clear();
    if (agent && this.#initializeResult === undefined) {
      this.#log(
        'info',
        `${attachment.client.label}: detached; the shared agent had not answered initialize, so it is stopped (the next connection starts a new one)`,
      );
      this.#reset();
      void agent.stop(this.#killTimeoutMs);
      return;
    }
    this.#reporter.cancel();
    // Output may have been paused for this client's congested socket; from now on it is buffered.
    agent?.resumeOutput();
    this.#log('info', `${attachment.client.label}: detached; the shared agent keeps running`);
  }

  /**
   * @param {Attachment} attachment
   * @param {Record<string, unknown>} message
   */
  #fromClient(attachment, message) {
    const agent = this.#agent;
    if (!agent || this.#attached !== attachment) return;

    if (typeof message.method === 'string' && message.method.startsWith('_acp-react/bridge/')) {
      // The bridge's own methods need an agent of this page's own (see dedicated.mjs).
      if (isRequest(message)) {
        attachment.client.send(
          JSON.stringify(
            errorMessage(/** @type {import('./jsonrpc.mjs').JsonRpcId} */ (message.id), -32601, `Method not available with --shared: ${message.method}`),
          ),
        );
      }
      return;
    }
    if (isRequest(message) && message.method === 'initialize') {
      message = readPageHandshake(message, { terminalAuth: false }).forwarded;
      const id = /** @type {import('./jsonrpc.mjs').JsonRpcId} */ (message.id);
      if (this.#initializeResult) {
        attachment.client.send(JSON.stringify({ jsonrpc: '2.0', id, result: this.#initializeResult.result }));
        attachment.client.send(featuresNotification(this.#features, this.#version));
        this.#release(attachment);
        return;
      }
      if (this.#initializeInFlight) {
        this.#initializeWaiters.push({ attachment, id });
        return;
      }
      this.#initializeInFlight = true;
    }
    this.#release(attachment);

    let outgoing = message;
    if (isRequest(message)) {
      const bridgeId = this.#nextId++;
      this.#inFlight.set(bridgeId, {
        attachment,
        originalId: /** @type {import('./jsonrpc.mjs').JsonRpcId} */ (message.id),
        method: /** @type {string} */ (message.method),
      });
      attachment.bridgeIds.set(idKey(message.id), bridgeId);
      outgoing = { ...message, id: bridgeId };
    } else if (message.method === '$/cancel_request' && isObject(message.params)) {
      const bridgeId = attachment.bridgeIds.get(idKey(message.params.requestId));
      if (bridgeId !== undefined) outgoing = { ...message, params: { ...message.params, requestId: bridgeId } };
    } else if (isResponse(message)) {
      attachment.agentRequests.delete(idKey(message.id));
    }
    if (!agent.send(outgoing)) {
      attachment.client.pause();
      agent.onceDrained(() => attachment.client.resume());
    }
  }

  /**
   * @param {import('./agent-process.mjs').AgentProcess} agent
   * @param {string} text
   * @param {Record<string, unknown>} message
   */
  #fromAgent(agent, text, message) {
    if (this.#agent !== agent) return;
    const entry = isResponse(message) && typeof message.id === 'number' ? this.#inFlight.get(message.id) : undefined;
    if (entry) {
      this.#inFlight.delete(/** @type {number} */ (message.id));
      entry.attachment.bridgeIds.delete(idKey(entry.originalId));
      if (entry.method === 'initialize') {
        if ('result' in message) message = { ...message, result: withBridgeMeta(message.result, this.#features, this.#version) };
        this.#settleInitialize(message);
      }
      if (entry.attachment !== this.#attached) {
        this.#log('info', `shared agent: dropped the response to "${entry.method}" from a client that has disconnected`);
        return;
      }
      this.#deliver({ text: JSON.stringify({ ...message, id: entry.originalId }) });
      if (entry.method === 'initialize' && 'result' in message) this.#deliver({ text: featuresNotification(this.#features, this.#version) });
      return;
    }
    this.#deliver(isRequest(message) ? { text, requestId: /** @type {import('./jsonrpc.mjs').JsonRpcId} */ (message.id) } : { text });
  }

  /**
   * Records the agent's answer to the first `initialize` and answers clients that asked meanwhile.
   * @param {Record<string, unknown>} response
   */
  #settleInitialize(response) {
    this.#initializeInFlight = false;
    if ('result' in response && !this.#initializeResult) this.#initializeResult = { result: response.result };
    const waiters = this.#initializeWaiters;
    this.#initializeWaiters = [];
    for (const { attachment, id } of waiters) {
      if (attachment === this.#attached) {
        attachment.client.send(JSON.stringify({ ...response, id }));
        if ('result' in response) attachment.client.send(featuresNotification(this.#features, this.#version));
      }
    }
  }

  /** @param {BufferedMessage} item */
  #deliver(item) {
    const attachment = this.#attached;
    if (attachment && !attachment.holding) {
      this.#send(attachment, item);
      return;
    }
    if (this.#bufferBytes + item.text.length > this.#bufferLimit) {
      if (this.#droppedWhileDetached === 0) {
        this.#log(
          'warn',
          `shared agent: output buffer full (${this.#bufferLimit} bytes, --shared-buffer-bytes); dropping agent messages until a client attaches`,
        );
      }
      this.#droppedWhileDetached++;
      if (item.requestId !== undefined) {
        this.#agent?.send(errorMessage(item.requestId, INTERNAL_ERROR, 'No client is attached to answer this request (acp-react-bridge --shared)'));
      }
      return;
    }
    this.#buffer.push(item);
    this.#bufferBytes += item.text.length;
  }

  /**
   * @param {Attachment} attachment
   * @param {BufferedMessage} item
   */
  #send(attachment, item) {
    if (item.requestId !== undefined) attachment.agentRequests.set(idKey(item.requestId), item.requestId);
    if (!attachment.client.send(item.text)) this.#agent?.pauseOutput();
  }

  /** Ends the hold on agent output after the client's first message and sends what was buffered. @param {Attachment} attachment */
  #release(attachment) {
    if (!attachment.holding) return;
    attachment.holding = false;
    this.#flush(attachment);
  }

  /** @param {Attachment} attachment */
  #flush(attachment) {
    const buffered = this.#buffer;
    this.#buffer = [];
    this.#bufferBytes = 0;
    for (const item of buffered) this.#send(attachment, item);
  }
}
