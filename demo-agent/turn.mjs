// @ts-check
/**
 * A prompt turn: what a script uses to stream text, report tool calls and plans, and send
 * requests to the client, and how it stops (cancel, or the connection dropping) and cleans up.
 */
import * as acp from '@agentclientprotocol/sdk';
import { CONTEXT_WINDOW_SIZE, MODEL_PRICE } from './catalog.mjs';
import { usageOf } from './config-options.mjs';
import { TurnStop, chunkText, sleep } from './helpers.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').AgentContext} AgentContext
 * @typedef {import('./unstable-capabilities.mjs').DemoClientCapabilities} ClientCapabilities
 * @typedef {import('@agentclientprotocol/sdk').SessionUpdate} SessionUpdate
 * @typedef {import('@agentclientprotocol/sdk').PlanEntry} PlanEntry
 * @typedef {import('@agentclientprotocol/sdk').StopReason} StopReason
 * @typedef {import('@agentclientprotocol/sdk').ToolCall} ToolCall
 * @typedef {import('@agentclientprotocol/sdk').ToolCallUpdate} ToolCallUpdate
 * @typedef {import('./session-store.mjs').DemoSession} DemoSession
 * @typedef {import('./session-store.mjs').DemoSessionStore} DemoSessionStore
 */

/**
 * What a prompt runs: one per slash command, plus the default turn.
 * @typedef {(t: Turn, args: string, text: string, prompt?: readonly import('@agentclientprotocol/sdk').ContentBlock[]) => Promise<StopReason>} Script
 */

const m = acp.methods;

/**
 * An update of the unstable schema (plan operations) or of v2 (tool-call content chunks). The stable
 * SDK's types do not know it; the SDK sends it as given, and only to a client that takes it.
 * @param {Record<string, unknown> & { sessionUpdate: string }} update
 * @returns {SessionUpdate}
 */
const unstable = (update) => /** @type {SessionUpdate} */ (/** @type {unknown} */ (update));

export class Turn {
  /**
   * @param {{ session: DemoSession, store: DemoSessionStore, client: AgentContext, caps: ClientCapabilities,
   *   delayMs: number, messageIds?: boolean, cancelGraceMs: number, elicitationCompleteDelayMs: number, requestSignal: AbortSignal,
   *   children?: Map<string, Turn> }} init
   */
  constructor(init) {
    this.session = init.session;
    this.store = init.store;
    this.client = init.client;
    this.caps = init.caps;
    this.delayMs = init.delayMs;
    /** Whether chunks carry a `messageId` (the option `messageIds`). */
    this.messageIds = init.messageIds ?? true;
    this.cancelGraceMs = init.cancelGraceMs;
    this.elicitationCompleteDelayMs = init.elicitationCompleteDelayMs;
    /** The connection's child sessions at work (`ConnState.children`): a script that starts one registers it here. */
    this.children = init.children ?? new Map();
    this.number = init.session.turns;
    this.sessionId = init.session.sessionId;
    /** @type {null | 'cancelled' | 'dropped'} */
    this.stopped = null;
    this.stopController = new AbortController();
    /** @type {Map<string, string>} toolCallId -> title, for tool calls not yet completed or failed */
    this.openToolCalls = new Map();
    /** @type {Set<string>} */
    this.openTerminals = new Set();
    this.toolSeq = 0;
    this.messageSeq = 0;
    this.tokens = 0;
    const onRequestAbort = () => {
      const reason = init.requestSignal.reason;
      // `$/cancel_request` for the prompt itself counts as a cancel; anything else is the connection closing.
      if (reason instanceof acp.RequestError && reason.code === -32800) this.cancel();
      else this.drop();
    };
    if (init.requestSignal.aborted) onRequestAbort();
    else init.requestSignal.addEventListener('abort', onRequestAbort, { once: true });
    /** Stops following the request signal (a v2 turn follows its connection's, which outlives it). */
    this.release = () => init.requestSignal.removeEventListener('abort', onRequestAbort);
  }

  get signal() {
    return this.stopController.signal;
  }

  cancel() {
    if (this.stopped) return;
    this.stopped = 'cancelled';
    this.stopController.abort(new TurnStop('cancelled'));
  }

  drop() {
    if (this.stopped === 'dropped') return;
    const wasRunning = !this.stopped;
    this.stopped = 'dropped';
    if (wasRunning) this.stopController.abort(new TurnStop('dropped'));
  }

  /** Throws if the turn was cancelled or its connection dropped. */
  check() {
    if (this.stopped) throw new TurnStop(this.stopped);
  }

  /**
   * The id of a new message, or undefined when this agent sends none (as many v1 agents do).
   * @param {'agent' | 'thought' | 'user'} kind
   * @returns {string | undefined}
   */
  messageId(kind) {
    if (!this.messageIds) return undefined;
    const prefix = kind === 'agent' ? 'a' : kind === 'thought' ? 't' : 'u';
    return `${this.session.tag}-${prefix}${this.number}.${++this.messageSeq}`;
  }

  /** @param {string} name */
  toolCallId(name) {
    return `${this.session.tag}-call${this.number}.${++this.toolSeq}-${name}`;
  }

  /**
   * Records (unless `record` is false) and sends one session/update. Works after a cancel (late
   * updates) but throws once the connection is gone.
   * @param {SessionUpdate} update
   * @param {{ record?: boolean }} [opts]
   */
  async send(update, opts = {}) {
    if (this.stopped === 'dropped') throw new TurnStop('dropped');
    if (opts.record !== false) this.store.record(this.session, update);
    try {
      await this.client.notify(m.client.session.update, { sessionId: this.sessionId, update });
    } catch {
      this.drop();
      throw new TurnStop('dropped');
    }
  }

  /** Pause between chunks, then check for cancel. */
  async tick() {
    await sleep(this.delayMs, this.signal);
    this.check();
  }

  /** Longer pause between steps, then check for cancel. */
  async step() {
    await sleep(this.delayMs * 4, this.signal);
    this.check();
  }

  /**
   * @param {'agent_message_chunk' | 'agent_thought_chunk'} kind
   * @param {string} text
   * @param {string | undefined} messageId  undefined: the chunks carry none
   */
  async stream(kind, text, messageId) {
    for (const chunk of chunkText(text)) {
      this.check();
      await this.send({ sessionUpdate: kind, messageId, content: { type: 'text', text: chunk } });
      if (this.delayMs > 0) await this.tick();
    }
    this.tokens += Math.ceil(text.length / 4);
    this.check();
  }

  /** @param {string} text */
  async say(text) {
    await this.stream('agent_message_chunk', text, this.messageId('agent'));
  }

  /** @param {ToolCall} call */
  async toolCall(call) {
    this.openToolCalls.set(call.toolCallId, call.title);
    await this.send({ sessionUpdate: 'tool_call', ...call });
  }

  /** @param {ToolCallUpdate} update */
  async toolUpdate(update) {
    if (update.status === 'completed' || update.status === 'failed') this.openToolCalls.delete(update.toolCallId);
    await this.send({ sessionUpdate: 'tool_call_update', ...update });
  }

  /**
   * Reports a running tool call's progress as one more line of text. ACP v2 appends it to the tool
   * call's content (`tool_call_content_chunk`); v1 has no append, so the line replaces the content.
   * @param {string} toolCallId
   * @param {string} text
   */
  async progress(toolCallId, text) {
    /** @type {import('@agentclientprotocol/sdk').ToolCallContent} */
    const content = { type: 'content', content: { type: 'text', text } };
    if (this.caps.agentOwned) await this.send(unstable({ sessionUpdate: 'tool_call_content_chunk', toolCallId, content }));
    else await this.toolUpdate({ toolCallId, content: [content] });
  }

  /**
   * The turn's checklist: the legacy `plan`, or, to a client that takes plan operations
   * (`clientCapabilities.plan`), a `plan_update` of the checklist keyed `main`.
   * @param {PlanEntry[]} entries
   */
  async plan(entries) {
    const copy = entries.map((e) => ({ ...e }));
    if (this.caps.plan) await this.send(unstable({ sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'main', entries: copy } }));
    else await this.send({ sessionUpdate: 'plan', entries: copy });
  }

  /**
   * A Markdown plan document (`plan_update` of type `markdown`, with the absolute `path` the plan
   * is kept at), only to a client that takes plan operations; returns whether it was sent.
   * @param {string} planId
   * @param {string} content
   * @param {string} [path]  absolute
   */
  async planDocument(planId, content, path) {
    if (!this.caps.plan) return false;
    await this.send(unstable({ sessionUpdate: 'plan_update', plan: { type: 'markdown', planId, content, ...(path ? { path } : {}) } }));
    return true;
  }

  /**
   * Removes a plan (`plan_removed`), only to a client that takes plan operations.
   * @param {string} planId
   */
  async removePlan(planId) {
    if (this.caps.plan) await this.send(unstable({ sessionUpdate: 'plan_removed', planId }));
  }

  /**
   * Sends a request to the client. On `session/cancel` the SDK sends `$/cancel_request` for it; the
   * client then has `cancelGraceMs` to answer before the turn stops waiting.
   * @template T
   * @param {(opts: import('@agentclientprotocol/sdk').SendRequestOptions) => Promise<T>} send
   * @returns {Promise<T>}
   */
  async request(send) {
    this.check();
    const signal = this.signal;
    const response = send({ cancellationSignal: signal });
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let graceTimer;
    /** @type {(() => void) | undefined} */
    let onAbort;
    const grace = new Promise((_, reject) => {
      onAbort = () => {
        graceTimer = setTimeout(() => reject(new TurnStop(this.stopped ?? 'cancelled')), this.stopped === 'dropped' ? 0 : this.cancelGraceMs);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return /** @type {T} */ (await Promise.race([response, grace]));
    } catch (error) {
      if (this.stopped) throw new TurnStop(this.stopped);
      throw error;
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
      clearTimeout(graceTimer);
    }
  }

  /**
   * A request made after the turn stopped (cleanup after a cancel): never throws, waits at most `ms`.
   * @param {string} method
   * @param {unknown} params
   * @param {number} ms
   */
  async bestEffortRequest(method, params, ms) {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    try {
      await Promise.race([
        this.client.request(method, params),
        new Promise((resolve) => {
          timer = setTimeout(resolve, ms);
        }),
      ]);
    } catch {
      // ignored: cleanup only
    } finally {
      clearTimeout(timer);
    }
  }

  /** After a cancel: release terminals and send the "late" tool_call_updates real agents send. */
  async finishCancelled() {
    for (const terminalId of this.openTerminals) {
      await this.bestEffortRequest(m.client.terminal.kill, { sessionId: this.sessionId, terminalId }, 500);
      await this.bestEffortRequest(m.client.terminal.release, { sessionId: this.sessionId, terminalId }, 500);
    }
    this.openTerminals.clear();
    for (const toolCallId of [...this.openToolCalls.keys()]) {
      await this.toolUpdate({
        toolCallId,
        status: 'failed',
        rawOutput: { cancelled: true, reason: 'Cancelled by the user' },
      });
    }
  }

  /** Adds this turn's tokens to the session and reports usage. */
  async reportUsage() {
    const s = this.session;
    const tokens = this.tokens + 900;
    s.used = Math.min(CONTEXT_WINDOW_SIZE, s.used + tokens);
    s.cost += (tokens / 1000) * (MODEL_PRICE[s.model] ?? 0.001) + 0.002;
    await this.send(usageOf(s), { record: false });
  }
}
