// @ts-check
/**
 * Scripted, deterministic, offline demo ACP agent (SDK 2.4 stable `agent()` app API).
 *
 * Browser-safe: no Node imports, so Storybook fixtures can connect a client app to it in process
 * (`createDemoAgent().connect(clientApp)`); `server.mjs` serves it over WebSocket.
 * See README.md in this folder for the prompt-to-script table.
 */
import * as acp from '@agentclientprotocol/sdk';
import {
  COMPACTION_SUMMARY,
  DEFAULT_ANSWER,
  DEFAULT_INTRO,
  EXPLAIN_CODE,
  EXPLAIN_INTRO,
  EXPLAIN_OUTRO,
  FORM_SCHEMA,
  GREETING_FILE,
  GREETING_NEW,
  GREETING_OLD,
  defaultSummary,
  defaultThought,
  longAnswer,
} from './content.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').AgentApp} AgentApp
 * @typedef {import('@agentclientprotocol/sdk').AgentContext} AgentContext
 * @typedef {import('@agentclientprotocol/sdk').SessionUpdate} SessionUpdate
 * @typedef {import('@agentclientprotocol/sdk').ClientCapabilities} ClientCapabilities
 * @typedef {import('@agentclientprotocol/sdk').SessionConfigOption} SessionConfigOption
 * @typedef {import('@agentclientprotocol/sdk').SessionModeState} SessionModeState
 * @typedef {import('@agentclientprotocol/sdk').SessionInfo} SessionInfo
 * @typedef {import('@agentclientprotocol/sdk').AvailableCommand} AvailableCommand
 * @typedef {import('@agentclientprotocol/sdk').ContentBlock} ContentBlock
 * @typedef {import('@agentclientprotocol/sdk').PlanEntry} PlanEntry
 * @typedef {import('@agentclientprotocol/sdk').StopReason} StopReason
 * @typedef {import('@agentclientprotocol/sdk').ToolCall} ToolCall
 * @typedef {import('@agentclientprotocol/sdk').ToolCallUpdate} ToolCallUpdate
 * @typedef {import('@agentclientprotocol/sdk').ToolCallContent} ToolCallContent
 * @typedef {import('@agentclientprotocol/sdk').PermissionOption} PermissionOption
 * @typedef {import('@agentclientprotocol/sdk').AuthMethod} AuthMethod
 * @typedef {import('@agentclientprotocol/sdk').InitializeResponse} InitializeResponse
 */

/**
 * @typedef {object} DemoAgentOptions
 * @property {string} [name]  app name used in SDK diagnostics (default `acp-react-demo-agent`)
 * @property {number} [delayMs]  pause between streamed chunks in ms; steps (tool calls, plan changes) pause 4x this. Default 0.
 * @property {boolean} [requireAuth]  `session/new` and `session/prompt` fail with -32000 until `authenticate` (per connection)
 * @property {number} [listPageSize]  `session/list` page size (default 5)
 * @property {DemoSessionStore} [store]  session store; share one between agents so sessions survive reconnects
 * @property {number} [cancelGraceMs]  after `session/cancel`, how long to wait for the client to answer pending requests (default 1500)
 * @property {number} [elicitationCompleteDelayMs]  `/login`: delay between the client's accept and `elicitation/complete` (default 300)
 */

export const DEMO_AGENT_NAME = 'acp-react-demo-agent';
export const DEMO_AGENT_TITLE = 'Demo Agent';
export const DEMO_AGENT_VERSION = '0.1.0';
export const CONTEXT_WINDOW_SIZE = 200_000;
export const AUTH_METHOD_ID = 'demo-login';
export const TERMINAL_AUTH_METHOD_ID = 'demo-terminal-login';
export const DEFAULT_LIST_PAGE_SIZE = 5;
export const STREAM_MAX_CHUNKS = 1_000_000;

const m = acp.methods;
const SDK_PROTOCOL_VERSION = 1;

/** @type {AuthMethod[]} */
export const AUTH_METHODS = [
  {
    id: AUTH_METHOD_ID,
    name: 'Demo login',
    description: 'Pretend to sign in. The demo agent needs no credentials; any call succeeds.',
  },
  {
    type: 'terminal',
    id: TERMINAL_AUTH_METHOD_ID,
    name: 'Terminal login',
    description: 'Shown for display only: needs the agent binary in an interactive terminal. Clients must never pass it to authenticate.',
    args: ['--login'],
  },
];

/** @type {AvailableCommand[]} */
export const DEMO_COMMANDS = [
  { name: 'explain', description: 'Long markdown explanation with a ~200-line TypeScript block', input: { hint: 'what to explain' } },
  { name: 'edit', description: 'Propose an edit: diff, permission prompt, then fs/write_text_file', input: { hint: 'file or change' } },
  { name: 'test', description: 'Run npm test in a client terminal' },
  { name: 'plan', description: 'Build a plan and advance it step by step' },
  { name: 'form', description: 'Ask for project settings through an elicitation form' },
  { name: 'login', description: 'Sign in to a demo service through a URL elicitation' },
  { name: 'compact', description: 'Compact the conversation context (usage drops)' },
  { name: 'notice', description: 'Send info, warning and error notices' },
  { name: 'stream', description: 'Stream N tiny message chunks as fast as possible (benchmark)', input: { hint: 'number of chunks' } },
  { name: 'long', description: 'Very long answer that stops with max_tokens', input: { hint: '"turns" to stop with max_turn_requests' } },
  { name: 'fail', description: 'Run a tool call that fails' },
  { name: 'refuse', description: 'Refuse the request (stopReason refusal)' },
  { name: 'slow', description: 'Stream slowly for ~10 seconds; try cancelling', input: { hint: 'seconds' } },
];

const MODES = [
  { id: 'ask', name: 'Ask', description: 'Answer questions; request permission before every change' },
  { id: 'code', name: 'Code', description: 'Write and edit code, run tools' },
  { id: 'architect', name: 'Architect', description: 'Plan and design before touching code' },
];

const MODEL_GROUPS = [
  {
    group: 'fast',
    name: 'Fast',
    options: [
      { value: 'demo-mini', name: 'Demo Mini', description: 'Quick answers, small context' },
      { value: 'demo-flash', name: 'Demo Flash', description: 'Balanced speed and quality' },
    ],
  },
  {
    group: 'reasoning',
    name: 'Reasoning',
    options: [
      { value: 'demo-pro', name: 'Demo Pro', description: 'Careful multi-step reasoning' },
      { value: 'demo-ultra', name: 'Demo Ultra', description: 'Slowest and most thorough' },
    ],
  },
];

/** USD per 1000 tokens, by model. */
const MODEL_PRICE = /** @type {Record<string, number>} */ ({
  'demo-mini': 0.0005,
  'demo-flash': 0.001,
  'demo-pro': 0.003,
  'demo-ultra': 0.015,
});

const THOUGHT_LEVELS = [
  { value: 'off', name: 'Off', description: 'No visible reasoning' },
  { value: 'low', name: 'Low' },
  { value: 'medium', name: 'Medium' },
  { value: 'high', name: 'High', description: 'Longest reasoning' },
];

/** @type {PermissionOption[]} */
const PERMISSION_OPTIONS = [
  { optionId: 'allow_once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Always allow edits', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
  { optionId: 'reject_always', name: 'Always reject edits', kind: 'reject_always' },
];

/** Sizes (in characters) used to cut streamed text; cycled, so chunking is deterministic. */
const CHUNK_SIZES = [14, 19, 12, 23, 16, 21, 13, 24, 17, 20];

// ---------------------------------------------------------------------------------------------
// Session store (shared across connections)
// ---------------------------------------------------------------------------------------------

/**
 * @typedef {object} DemoSession
 * @property {string} sessionId
 * @property {string} tag  short prefix for message and tool-call ids
 * @property {string} cwd
 * @property {string[]} additionalDirectories
 * @property {string | null} title
 * @property {string} updatedAt  ISO 8601
 * @property {number} touched  store-wide sequence number of the last change (list order)
 * @property {string} modeId
 * @property {string} model
 * @property {string} thoughtLevel
 * @property {boolean} autoRunTests
 * @property {number} turns  prompts received so far
 * @property {number} used  tokens in context
 * @property {number} cost  cumulative USD
 * @property {'allow' | 'reject' | null} editPolicy  remembered allow_always / reject_always
 * @property {SessionUpdate[]} history  replayed by session/load
 * @property {Turn | null} activeTurn
 */

/** In-memory sessions, shared by every connection that uses the same store. */
export class DemoSessionStore {
  /** @type {Map<string, DemoSession>} */
  sessions = new Map();
  #seq = 0;
  #created = 0;

  /**
   * @param {{ cwd: string, additionalDirectories?: string[] }} init
   * @returns {DemoSession}
   */
  create(init) {
    const sessionId = newId();
    this.#created++;
    /** @type {DemoSession} */
    const session = {
      sessionId,
      tag: `s${this.#created}`,
      cwd: init.cwd,
      additionalDirectories: init.additionalDirectories ?? [],
      title: null,
      updatedAt: new Date().toISOString(),
      touched: ++this.#seq,
      modeId: 'code',
      model: 'demo-flash',
      thoughtLevel: 'medium',
      autoRunTests: true,
      turns: 0,
      used: 1_850,
      cost: 0,
      editPolicy: null,
      history: [],
      activeTurn: null,
    };
    this.sessions.set(sessionId, session);
    return session;
  }

  /** @param {string} sessionId */
  get(sessionId) {
    return this.sessions.get(sessionId);
  }

  /** @param {string} sessionId */
  delete(sessionId) {
    return this.sessions.delete(sessionId);
  }

  /** @param {DemoSession} session */
  touch(session) {
    session.updatedAt = new Date().toISOString();
    session.touched = ++this.#seq;
  }

  /** @returns {DemoSession[]}  most recently updated first */
  list() {
    return [...this.sessions.values()].sort((a, b) => b.touched - a.touched);
  }

  /**
   * Adds an update to a session's history. Consecutive text chunks of one message are merged
   * (same kind and messageId), which keeps `/stream 200000` from storing 200000 objects.
   * Stored objects are never mutated, because the SDK may still be serializing them.
   * @param {DemoSession} session
   * @param {SessionUpdate} update
   */
  record(session, update) {
    const history = session.history;
    const last = history[history.length - 1];
    if (
      last &&
      isTextChunk(last) &&
      isTextChunk(update) &&
      last.sessionUpdate === update.sessionUpdate &&
      last.messageId === update.messageId &&
      last.messageId != null
    ) {
      history[history.length - 1] = {
        ...last,
        content: { type: 'text', text: last.content.text + update.content.text },
      };
      return;
    }
    history.push(update);
  }
}

/**
 * @param {SessionUpdate} u
 * @returns {u is Extract<SessionUpdate, { sessionUpdate: 'agent_message_chunk' | 'agent_thought_chunk' | 'user_message_chunk' }> & { content: { type: 'text', text: string } }}
 */
function isTextChunk(u) {
  return (
    (u.sessionUpdate === 'agent_message_chunk' ||
      u.sessionUpdate === 'agent_thought_chunk' ||
      u.sessionUpdate === 'user_message_chunk') &&
    u.content.type === 'text' &&
    u._meta == null
  );
}

function newId() {
  const c = /** @type {{ randomUUID?: () => string } | undefined} */ (globalThis.crypto);
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2, 14)}`;
}

// ---------------------------------------------------------------------------------------------
// Per-connection state
// ---------------------------------------------------------------------------------------------

/**
 * @typedef {object} ConnState
 * @property {boolean} initialized
 * @property {ClientCapabilities} caps
 * @property {boolean} authenticated
 * @property {Set<string>} openSessions  sessions created, loaded or resumed on this connection
 */

/** @type {symbol | null | undefined} */
let connectionSymbol;

/**
 * The SDK keeps one connection context per connection behind a symbol-keyed method on every
 * handler context. It is not exported, so find it by description; fall back to one shared key.
 * @param {AgentContext} client
 * @returns {object | null}
 */
function connectionKeyOf(client) {
  if (connectionSymbol === undefined) {
    connectionSymbol = null;
    for (let proto = Object.getPrototypeOf(client); proto && !connectionSymbol; proto = Object.getPrototypeOf(proto)) {
      for (const sym of Object.getOwnPropertySymbols(proto)) {
        if (sym.description === 'connectionContextOf') connectionSymbol = sym;
      }
    }
  }
  if (!connectionSymbol) return null;
  try {
    const key = /** @type {any} */ (client)[connectionSymbol]();
    return key && typeof key === 'object' ? key : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Errors and small helpers
// ---------------------------------------------------------------------------------------------

class TurnStop extends Error {
  /** @param {'cancelled' | 'dropped'} kind */
  constructor(kind) {
    super(kind === 'cancelled' ? 'Turn cancelled' : 'Connection closed during the turn');
    this.kind = kind;
  }
}

/**
 * @param {number} ms
 * @param {AbortSignal} [signal]  resolves early (never rejects) when aborted
 * @returns {Promise<void>}
 */
function sleep(ms, signal) {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Lets queued I/O (e.g. an incoming session/cancel) run during a long synchronous-looking loop. */
function yieldToEventLoop() {
  const si = /** @type {((cb: () => void) => unknown) | undefined} */ (/** @type {any} */ (globalThis).setImmediate);
  return new Promise((resolve) => (si ? si(() => resolve(undefined)) : setTimeout(resolve, 0)));
}

/**
 * Splits text into chunks of 12-24 characters (deterministic sizes, never inside a surrogate pair).
 * @param {string} text
 * @returns {string[]}
 */
export function chunkText(text) {
  const chars = Array.from(text);
  /** @type {string[]} */
  const chunks = [];
  for (let i = 0, k = 0; i < chars.length; k++) {
    const size = CHUNK_SIZES[k % CHUNK_SIZES.length];
    chunks.push(chars.slice(i, i + size).join(''));
    i += size;
  }
  return chunks;
}

/** @param {string} cwd @param {string} rel */
function joinPath(cwd, rel) {
  return cwd.endsWith('/') || cwd.endsWith('\\') ? cwd + rel : `${cwd}/${rel}`;
}

/** @param {string} p */
function isAbsolutePath(p) {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');
}

/** @param {unknown} error */
function errorMessage(error) {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return String(error);
}

/** @param {number} n */
function round4(n) {
  return Math.round(n * 10_000) / 10_000;
}

/**
 * @param {string} text
 * @returns {string}
 */
function titleFrom(text) {
  const firstLine = text.trim().split('\n')[0].replace(/\s+/g, ' ');
  if (!firstLine) return 'Untitled session';
  return firstLine.length > 48 ? `${firstLine.slice(0, 47)}…` : firstLine;
}

/**
 * Reads the per-connection options a browser page can pick in the WebSocket URL query.
 * `auth=required`, `delay=<ms>`, `pageSize=<n>`, `name=<app name>`.
 * @param {URLSearchParams} params
 * @returns {DemoAgentOptions}
 */
export function parseDemoAgentQuery(params) {
  /** @type {DemoAgentOptions} */
  const out = {};
  const auth = params.get('auth');
  if (auth !== null) out.requireAuth = auth === 'required' || auth === '1' || auth === 'true';
  const delay = params.get('delay');
  if (delay !== null && delay !== '' && Number.isFinite(Number(delay))) {
    out.delayMs = Math.min(5_000, Math.max(0, Math.round(Number(delay))));
  }
  const pageSize = params.get('pageSize') ?? params.get('listPageSize');
  if (pageSize !== null && Number.isInteger(Number(pageSize)) && Number(pageSize) > 0) {
    out.listPageSize = Math.min(1_000, Number(pageSize));
  }
  const name = params.get('name');
  if (name) out.name = name;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Config options and modes
// ---------------------------------------------------------------------------------------------

/**
 * @param {DemoSession} session
 * @returns {SessionModeState}
 */
function modesOf(session) {
  return { currentModeId: session.modeId, availableModes: MODES.map((mode) => ({ ...mode })) };
}

/**
 * @param {DemoSession} session
 * @param {ClientCapabilities} caps
 * @returns {SessionConfigOption[]}
 */
function configOptionsOf(session, caps) {
  /** @type {SessionConfigOption[]} */
  const options = [
    {
      id: 'mode',
      name: 'Mode',
      description: 'How much the agent may do on its own',
      category: 'mode',
      type: 'select',
      currentValue: session.modeId,
      options: MODES.map((mode) => ({ value: mode.id, name: mode.name, description: mode.description })),
    },
    {
      id: 'model',
      name: 'Model',
      description: 'Which (pretend) model answers',
      category: 'model',
      type: 'select',
      currentValue: session.model,
      options: MODEL_GROUPS.map((g) => ({ group: g.group, name: g.name, options: g.options.map((o) => ({ ...o })) })),
    },
    {
      id: 'thought_level',
      name: 'Thinking',
      description: 'How much reasoning to show',
      category: 'thought_level',
      type: 'select',
      currentValue: session.thoughtLevel,
      options: THOUGHT_LEVELS.map((o) => ({ ...o })),
    },
  ];
  if (caps.session?.configOptions?.boolean) {
    options.push({
      id: 'auto_run_tests',
      name: 'Run tests automatically',
      description: 'Run npm test after every edit in the default turn',
      category: '_demo',
      type: 'boolean',
      currentValue: session.autoRunTests,
    });
  }
  return options;
}

/** @param {DemoSession} session */
function usageOf(session) {
  return {
    sessionUpdate: /** @type {const} */ ('usage_update'),
    used: Math.min(session.used, CONTEXT_WINDOW_SIZE),
    size: CONTEXT_WINDOW_SIZE,
    cost: { amount: round4(session.cost), currency: 'USD' },
  };
}

// ---------------------------------------------------------------------------------------------
// A prompt turn
// ---------------------------------------------------------------------------------------------

class Turn {
  /**
   * @param {{ session: DemoSession, store: DemoSessionStore, client: AgentContext, caps: ClientCapabilities,
   *   delayMs: number, cancelGraceMs: number, elicitationCompleteDelayMs: number, requestSignal: AbortSignal }} init
   */
  constructor(init) {
    this.session = init.session;
    this.store = init.store;
    this.client = init.client;
    this.caps = init.caps;
    this.delayMs = init.delayMs;
    this.cancelGraceMs = init.cancelGraceMs;
    this.elicitationCompleteDelayMs = init.elicitationCompleteDelayMs;
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

  /** @param {'agent' | 'thought' | 'user'} kind */
  messageId(kind) {
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
   * @param {string} messageId
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

  /** @param {PlanEntry[]} entries */
  async plan(entries) {
    await this.send({ sessionUpdate: 'plan', entries: entries.map((e) => ({ ...e })) });
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

// ---------------------------------------------------------------------------------------------
// Script building blocks
// ---------------------------------------------------------------------------------------------

/**
 * @param {Turn} t
 * @returns {Promise<string>}  one-sentence outcome for the summary
 */
async function readStep(t) {
  const path = joinPath(t.session.cwd, GREETING_FILE);
  const toolCallId = t.toolCallId('read');
  await t.toolCall({
    toolCallId,
    title: `Read ${GREETING_FILE}`,
    name: 'read_file',
    kind: 'read',
    status: 'pending',
    locations: [{ path, line: 1 }],
    rawInput: { path, line: 1, limit: 200 },
  });
  await t.step();
  await t.toolUpdate({ toolCallId, status: 'in_progress' });
  if (!t.caps.fs?.readTextFile) {
    await t.toolUpdate({
      toolCallId,
      status: 'failed',
      content: [textContent('The client did not advertise `fs.readTextFile`, so the file could not be read.')],
      rawOutput: { error: 'fs.readTextFile not supported by the client' },
    });
    return 'could not read the file: the client has no `fs.readTextFile` capability.';
  }
  try {
    const { content } = await t.request((opts) =>
      t.client.request(m.client.fs.readTextFile, { sessionId: t.sessionId, path, line: 1, limit: 200 }, opts),
    );
    const lines = content.split('\n').length;
    await t.step();
    await t.toolUpdate({
      toolCallId,
      status: 'completed',
      content: [textContent('```ts\n' + content.replace(/\n$/, '') + '\n```')],
      rawOutput: { lines, bytes: content.length },
    });
    return `read ${lines} lines of \`${GREETING_FILE}\` through \`fs/read_text_file\`.`;
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.toolUpdate({
      toolCallId,
      status: 'failed',
      content: [textContent(`Reading failed: ${errorMessage(error)}`)],
      rawOutput: { error: errorMessage(error) },
    });
    return `reading failed (${errorMessage(error)}).`;
  }
}

/** @param {string} text @returns {ToolCallContent} */
function textContent(text) {
  return { type: 'content', content: { type: 'text', text } };
}

/**
 * Diff + permission + fs/write_text_file.
 * @param {Turn} t
 * @returns {Promise<{ applied: boolean, summary: string }>}
 */
async function editStep(t) {
  const path = joinPath(t.session.cwd, GREETING_FILE);
  const toolCallId = t.toolCallId('edit');
  /** @type {ToolCallContent} */
  const diff = { type: 'diff', path, oldText: GREETING_OLD, newText: GREETING_NEW };
  const title = `Edit ${GREETING_FILE}`;
  const locations = [{ path, line: 1 }];
  await t.toolCall({
    toolCallId,
    title,
    name: 'edit_file',
    kind: 'edit',
    status: 'pending',
    content: [diff],
    locations,
    rawInput: { path, oldText: GREETING_OLD, newText: GREETING_NEW },
  });
  await t.step();

  /** @type {'allow' | 'reject'} */
  let decision;
  let remembered = false;
  if (t.session.editPolicy) {
    decision = t.session.editPolicy;
    remembered = true;
  } else {
    let outcome;
    try {
      /** @type {import('@agentclientprotocol/sdk').RequestPermissionResponse} */
      const res = await t.request((opts) =>
        t.client.request(
          m.client.session.requestPermission,
          {
            sessionId: t.sessionId,
            toolCall: { toolCallId, title, kind: 'edit', status: 'pending', content: [diff], locations },
            options: PERMISSION_OPTIONS,
          },
          opts,
        ),
      );
      outcome = res.outcome;
    } catch (error) {
      if (error instanceof TurnStop) throw error;
      outcome = { outcome: 'error', message: errorMessage(error) };
    }
    t.check();
    const optionId = outcome.outcome === 'selected' && 'optionId' in outcome ? outcome.optionId : null;
    decision = optionId === 'allow_once' || optionId === 'allow_always' ? 'allow' : 'reject';
    if (optionId === 'allow_always') t.session.editPolicy = 'allow';
    if (optionId === 'reject_always') t.session.editPolicy = 'reject';
  }

  if (decision === 'reject') {
    await t.toolUpdate({
      toolCallId,
      status: 'failed',
      rawOutput: { error: remembered ? 'Rejected (remembered "always reject")' : 'Rejected by the user' },
    });
    await t.step();
    await t.say(`You rejected the edit, so I left \`${GREETING_FILE}\` unchanged.\n\n`);
    return { applied: false, summary: 'rejected, the file is unchanged.' };
  }

  await t.toolUpdate({ toolCallId, status: 'in_progress' });
  await t.step();
  if (!t.caps.fs?.writeTextFile) {
    await t.toolUpdate({
      toolCallId,
      status: 'completed',
      rawOutput: { written: false, note: 'The client has no fs.writeTextFile capability; the diff was not written.' },
    });
    return { applied: true, summary: 'approved; shown as a diff only (the client has no `fs.writeTextFile`).' };
  }
  try {
    await t.request((opts) =>
      t.client.request(m.client.fs.writeTextFile, { sessionId: t.sessionId, path, content: GREETING_NEW }, opts),
    );
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: errorMessage(error) } });
    return { applied: false, summary: `approved, but writing failed (${errorMessage(error)}).` };
  }
  await t.toolUpdate({ toolCallId, status: 'completed', rawOutput: { written: true, bytes: GREETING_NEW.length } });
  return { applied: true, summary: `applied and written through \`fs/write_text_file\`.` };
}

const FAKE_TEST_OUTPUT = `> demo@1.0.0 test
> vitest run

 ✓ test/greeting.test.ts (12 tests) 8ms

 Test Files  1 passed (1)
      Tests  12 passed (12)
`;

/**
 * `npm test` in a client terminal (or a simulated run when the client has no terminal).
 * @param {Turn} t
 * @returns {Promise<{ passed: boolean, summary: string }>}
 */
async function testStep(t) {
  const toolCallId = t.toolCallId('test');
  const cwd = t.session.cwd;
  await t.toolCall({
    toolCallId,
    title: 'Run npm test',
    name: 'bash',
    kind: 'execute',
    status: 'pending',
    rawInput: { command: 'npm test', cwd },
  });
  await t.step();

  if (!t.caps.terminal) {
    await t.toolUpdate({ toolCallId, status: 'in_progress' });
    await t.step();
    await t.toolUpdate({
      toolCallId,
      status: 'completed',
      content: [textContent('```console\n' + FAKE_TEST_OUTPUT + '```\n\n(Simulated: the client has no terminal capability.)')],
      rawOutput: { exitCode: 0, simulated: true },
    });
    return { passed: true, summary: '12 passed (simulated; the client has no terminal).' };
  }

  let terminalId;
  try {
    ({ terminalId } = await t.request((opts) =>
      t.client.request(
        m.client.terminal.create,
        { sessionId: t.sessionId, command: 'npm', args: ['test'], cwd, env: [{ name: 'CI', value: '1' }], outputByteLimit: 65_536 },
        opts,
      ),
    ));
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: errorMessage(error) } });
    return { passed: false, summary: `could not start a terminal (${errorMessage(error)}).` };
  }
  t.openTerminals.add(terminalId);
  await t.toolUpdate({ toolCallId, status: 'in_progress', content: [{ type: 'terminal', terminalId }] });
  try {
    const exit = await t.request((opts) =>
      t.client.request(m.client.terminal.waitForExit, { sessionId: t.sessionId, terminalId }, opts),
    );
    const out = await t.request((opts) =>
      t.client.request(m.client.terminal.output, { sessionId: t.sessionId, terminalId }, opts),
    );
    await t.request((opts) => t.client.request(m.client.terminal.release, { sessionId: t.sessionId, terminalId }, opts));
    t.openTerminals.delete(terminalId);
    const passed = exit.exitCode === 0;
    await t.toolUpdate({
      toolCallId,
      status: passed ? 'completed' : 'failed',
      rawOutput: {
        exitCode: exit.exitCode ?? null,
        signal: exit.signal ?? null,
        output: out.output.length > 4000 ? out.output.slice(-4000) : out.output,
        truncated: out.truncated,
      },
    });
    return passed
      ? { passed, summary: 'the suite passed (exit code 0).' }
      : { passed, summary: `the suite failed (exit code ${exit.exitCode ?? 'none'}${exit.signal ? `, signal ${exit.signal}` : ''}).` };
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    t.openTerminals.delete(terminalId);
    await t.bestEffortRequest(m.client.terminal.release, { sessionId: t.sessionId, terminalId }, 500);
    await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: errorMessage(error) } });
    return { passed: false, summary: `the terminal failed (${errorMessage(error)}).` };
  }
}

/**
 * @param {Array<[string, PlanEntry['priority']]>} items
 * @param {number} done  entries before this index are completed, this one is in progress
 * @returns {PlanEntry[]}
 */
function planAt(items, done) {
  return items.map(([content, priority], i) => ({
    content,
    priority,
    status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
  }));
}

// ---------------------------------------------------------------------------------------------
// Scripts
// ---------------------------------------------------------------------------------------------

/** @typedef {(t: Turn, args: string, text: string) => Promise<StopReason>} Script */

/** @type {Script} */
async function defaultScript(t, _args, text) {
  const steps = /** @type {Array<[string, PlanEntry['priority']]>} */ ([
    [`Read ${GREETING_FILE}`, 'high'],
    ['Add a punctuation option to greet()', 'high'],
    ['Run the test suite', 'medium'],
    ['Summarize the changes', 'low'],
  ]);
  if (t.session.thoughtLevel !== 'off') {
    await t.stream('agent_thought_chunk', defaultThought(titleFrom(text), t.session.modeId), t.messageId('thought'));
    await t.step();
  }
  await t.plan(planAt(steps, 0));
  await t.step();
  await t.say(DEFAULT_INTRO);
  const read = await readStep(t);
  await t.plan(planAt(steps, 1));
  await t.step();
  await t.say(DEFAULT_ANSWER);
  const edit = await editStep(t);
  await t.plan(planAt(steps, 2));
  await t.step();
  let tests = 'skipped (`auto_run_tests` is off).';
  if (t.session.autoRunTests) tests = (await testStep(t)).summary;
  await t.plan(planAt(steps, 3));
  await t.step();
  await t.say(defaultSummary({ read, edit: edit.summary, tests }));
  await t.plan(planAt(steps, 4));
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
async function editScript(t) {
  const edit = await editStep(t);
  await t.say(`Edit ${edit.summary}`);
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
async function testScript(t) {
  const result = await testStep(t);
  await t.say(`Tests: ${result.summary}`);
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
async function planScript(t) {
  const steps = /** @type {Array<[string, PlanEntry['priority']]>} */ ([
    ['Collect requirements', 'high'],
    ['Sketch the component tree', 'high'],
    ['Write the data layer', 'medium'],
    ['Add tests', 'medium'],
    ['Update the docs', 'low'],
  ]);
  await t.plan(steps.map(([content, priority]) => ({ content, priority, status: 'pending' })));
  for (let i = 0; i <= steps.length; i++) {
    await t.step();
    await t.plan(planAt(steps, i));
  }
  await t.say('The plan is complete: all five steps are done.');
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
async function explainScript(t) {
  await t.say(EXPLAIN_INTRO + '```ts\n' + EXPLAIN_CODE + '\n```' + EXPLAIN_OUTRO);
  await t.reportUsage();
  return 'end_turn';
}

/**
 * @param {Record<string, unknown>} content
 * @returns {string[]}  problems found when checking the answer against FORM_SCHEMA
 */
function checkFormContent(content) {
  /** @type {string[]} */
  const problems = [];
  const props = /** @type {Record<string, any>} */ (FORM_SCHEMA.properties);
  for (const name of FORM_SCHEMA.required) {
    if (content[name] === undefined || content[name] === '') problems.push(`\`${name}\` is required but missing`);
  }
  for (const [name, value] of Object.entries(content)) {
    const schema = props[name];
    if (!schema) {
      problems.push(`\`${name}\` is not in the schema`);
      continue;
    }
    if (schema.type === 'integer' && !Number.isInteger(value)) problems.push(`\`${name}\` should be an integer`);
    if ((schema.type === 'number' || schema.type === 'integer') && typeof value === 'number') {
      if (value < schema.minimum || value > schema.maximum) problems.push(`\`${name}\` is outside ${schema.minimum}–${schema.maximum}`);
    }
    if ((schema.type === 'number' || schema.type === 'integer') && typeof value !== 'number') problems.push(`\`${name}\` should be a number`);
    if (schema.type === 'boolean' && typeof value !== 'boolean') problems.push(`\`${name}\` should be a boolean`);
    if (schema.type === 'string' && typeof value !== 'string') problems.push(`\`${name}\` should be a string`);
    if (schema.type === 'string' && typeof value === 'string') {
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) problems.push(`\`${name}\` does not match \`${schema.pattern}\``);
      const len = Array.from(value).length;
      if (schema.minLength != null && len < schema.minLength) problems.push(`\`${name}\` is shorter than ${schema.minLength}`);
      if (schema.maxLength != null && len > schema.maxLength) problems.push(`\`${name}\` is longer than ${schema.maxLength}`);
      const allowed = schema.enum ?? schema.oneOf?.map((/** @type {{ const: string }} */ o) => o.const);
      if (allowed && !allowed.includes(value)) problems.push(`\`${name}\` is not one of the options`);
    }
    if (schema.type === 'array') {
      const allowed = schema.items.enum ?? schema.items.anyOf?.map((/** @type {{ const: string }} */ o) => o.const);
      if (!Array.isArray(value)) problems.push(`\`${name}\` should be a list`);
      else {
        if (value.some((v) => !allowed.includes(v))) problems.push(`\`${name}\` has values that are not options`);
        if (schema.minItems != null && value.length < schema.minItems) problems.push(`\`${name}\` needs at least ${schema.minItems}`);
        if (schema.maxItems != null && value.length > schema.maxItems) problems.push(`\`${name}\` allows at most ${schema.maxItems}`);
      }
    }
  }
  return problems;
}

/** @type {Script} */
async function formScript(t) {
  const toolCallId = t.toolCallId('form');
  await t.toolCall({
    toolCallId,
    title: 'Collect project settings',
    name: 'ask_user',
    kind: 'other',
    status: 'in_progress',
    rawInput: { form: FORM_SCHEMA.title },
  });
  if (!t.caps.elicitation?.form) {
    await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: 'elicitation.form not supported by the client' } });
    await t.say('I wanted to show a form, but the client did not advertise `elicitation.form`, so I cannot ask.');
    await t.reportUsage();
    return 'end_turn';
  }
  /** @type {import('@agentclientprotocol/sdk').CreateElicitationResponse} */
  let response;
  try {
    response = await t.request((opts) =>
      t.client.request(
        m.client.elicitation.create,
        {
          sessionId: t.sessionId,
          toolCallId,
          mode: 'form',
          message: 'Please fill in your project settings so I can scaffold the project.',
          requestedSchema: /** @type {import('@agentclientprotocol/sdk').ElicitationSchema} */ (
            /** @type {unknown} */ (structuredClone(FORM_SCHEMA))
          ),
        },
        opts,
      ),
    );
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: errorMessage(error) } });
    await t.say(`The form request failed: ${errorMessage(error)}`);
    await t.reportUsage();
    return 'end_turn';
  }
  t.check();
  await t.toolUpdate({ toolCallId, status: response.action === 'accept' ? 'completed' : 'failed', rawOutput: response });
  if (response.action === 'accept') {
    const content = /** @type {Record<string, unknown>} */ (response.content ?? {});
    const rows = Object.entries(content)
      .map(([key, value]) => `| \`${key}\` | \`${JSON.stringify(value)}\` |`)
      .join('\n');
    const problems = checkFormContent(content);
    await t.say(
      'You **accepted** the form. This is exactly what came back:\n\n' +
        '```json\n' +
        JSON.stringify(content, null, 2) +
        '\n```\n\n' +
        (rows ? `| Field | Value |\n| --- | --- |\n${rows}\n\n` : 'The form came back empty.\n\n') +
        (problems.length
          ? `The answer does not match the schema:\n\n${problems.map((p) => `- ${p}`).join('\n')}\n`
          : 'Every value matches the schema.\n'),
    );
  } else if (response.action === 'decline') {
    await t.say('You **declined** the form (action `decline`), so nothing was submitted.');
  } else if (response.action === 'cancel') {
    await t.say('You **dismissed** the form (action `cancel`), so nothing was submitted.');
  } else {
    await t.say(`The form came back with a custom action \`${response.action}\`, which I treat as neither accept nor decline.`);
  }
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
async function loginScript(t) {
  if (!t.caps.elicitation?.url) {
    await t.say('Signing in needs a URL elicitation, but the client did not advertise `elicitation.url`.');
    await t.reportUsage();
    return 'end_turn';
  }
  const elicitationId = `${t.session.tag}-login${t.number}`;
  const url = `https://example.com/demo-oauth?state=${encodeURIComponent(elicitationId)}`;
  await t.say('I need you to sign in to the demo service first.\n\n');
  /** @type {import('@agentclientprotocol/sdk').CreateElicitationResponse} */
  let response;
  try {
    response = await t.request((opts) =>
      t.client.request(
        m.client.elicitation.create,
        { sessionId: t.sessionId, mode: 'url', elicitationId, url, message: 'Sign in to the demo service (nothing is sent anywhere).' },
        opts,
      ),
    );
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.say(`The sign-in request failed: ${errorMessage(error)}`);
    await t.reportUsage();
    return 'end_turn';
  }
  t.check();
  if (response.action !== 'accept') {
    await t.say(`Sign-in was not started (action \`${response.action}\`).`);
    await t.reportUsage();
    return 'end_turn';
  }
  await sleep(t.elicitationCompleteDelayMs, t.signal);
  t.check();
  try {
    await t.client.notify(m.client.elicitation.complete, { elicitationId });
  } catch {
    t.drop();
    throw new TurnStop('dropped');
  }
  await t.say(`Signed in. The out-of-band flow \`${elicitationId}\` completed.`);
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
async function compactScript(t) {
  const compactionId = `${t.session.tag}-compaction${t.number}`;
  const before = t.session.used;
  const after = Math.max(1_850, Math.round(before * 0.12));
  const supported = Boolean(t.caps.session?.compaction);
  if (supported) {
    await t.send({ sessionUpdate: 'compaction_update', compactionId, status: 'in_progress' });
    for (const text of COMPACTION_SUMMARY) {
      await t.step();
      await t.send({ sessionUpdate: 'compaction_summary_chunk', compactionId, content: { type: 'text', text } });
    }
    await t.step();
    await t.send({ sessionUpdate: 'compaction_update', compactionId, status: 'completed' });
  }
  t.session.used = after;
  await t.send(usageOf(t.session), { record: false });
  await t.say(
    `Compacted the context from ${before.toLocaleString('en-US')} to ${after.toLocaleString('en-US')} tokens.` +
      (supported ? '' : ' (The client did not advertise `session.compaction`, so no compaction updates were sent.)'),
  );
  return 'end_turn';
}

/** @type {Script} */
async function noticeScript(t) {
  if (!t.caps.session?.notices) {
    await t.say('I have notices to show, but the client did not advertise `session.notices`.');
    return 'end_turn';
  }
  const notices = /** @type {const} */ ([
    ['info', 'Workspace indexed', 'Indexed 42 files in 0.3 s.'],
    ['warning', 'Context window 80% full', 'Consider /compact before the next long task.'],
    ['error', 'Rate limit reached', 'demo-pro is rate limited; retrying with demo-flash.'],
  ]);
  for (const [severity, title, description] of notices) {
    await t.send({ sessionUpdate: 'notice', severity, title, description }, { record: false });
    await t.step();
  }
  await t.say('Sent three notices: info, warning and error.');
  return 'end_turn';
}

/** @type {Script} */
async function failScript(t) {
  const toolCallId = t.toolCallId('fetch');
  const url = 'https://registry.example.invalid/api/packages/left-pad';
  await t.toolCall({ toolCallId, title: `Fetch ${url}`, name: 'fetch', kind: 'fetch', status: 'pending', rawInput: { url } });
  await t.step();
  await t.toolUpdate({ toolCallId, status: 'in_progress' });
  await t.step();
  await t.toolUpdate({
    toolCallId,
    status: 'failed',
    content: [textContent('Request failed: getaddrinfo ENOTFOUND registry.example.invalid')],
    rawOutput: { error: 'getaddrinfo ENOTFOUND registry.example.invalid', code: 'ENOTFOUND' },
  });
  await t.say('The fetch failed because the host does not exist. Nothing else was changed.');
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
async function refuseScript(t) {
  await t.say("I can't help with that request.");
  return 'refusal';
}

/** @type {Script} */
async function longScript(t, args) {
  if (/turns?|max_turn_requests/i.test(args)) return maxTurnsScript(t, args, '');
  await t.say(longAnswer(30));
  await t.reportUsage();
  return 'max_tokens';
}

/** @type {Script} */
async function maxTurnsScript(t) {
  for (let i = 1; i <= 3; i++) {
    const toolCallId = t.toolCallId('search');
    await t.toolCall({
      toolCallId,
      title: `Search the workspace (attempt ${i})`,
      name: 'grep',
      kind: 'search',
      status: 'in_progress',
      rawInput: { pattern: 'greet', attempt: i },
    });
    await t.step();
    await t.toolUpdate({ toolCallId, status: 'completed', rawOutput: { matches: i * 2 } });
  }
  await t.say('I reached the maximum number of model requests for one turn. Say "continue" to go on.');
  await t.reportUsage();
  return 'max_turn_requests';
}

/** @type {Script} */
async function streamScript(t, args) {
  const parsed = Number.parseInt(args, 10);
  const n = Number.isFinite(parsed) ? Math.min(STREAM_MAX_CHUNKS, Math.max(0, parsed)) : 100;
  const messageId = t.messageId('agent');
  for (let i = 0; i < n; i++) {
    if (t.stopped) break;
    await t.send({ sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text: `w${i} ` } });
    if ((i & 255) === 255) await yieldToEventLoop();
  }
  t.check();
  t.tokens += n;
  const s = t.session;
  s.used = Math.min(CONTEXT_WINDOW_SIZE, s.used + n);
  return 'end_turn';
}

/** @type {Script} */
async function slowScript(t, args) {
  const parsed = Number(args);
  const seconds = Number.isFinite(parsed) && parsed > 0 ? Math.min(600, parsed) : 10;
  const steps = 40;
  const pause = (seconds * 1000) / steps;
  const toolCallId = t.toolCallId('index');
  await t.toolCall({
    toolCallId,
    title: 'Index the workspace (slow)',
    name: 'index',
    kind: 'search',
    status: 'in_progress',
    rawInput: { seconds },
  });
  const messageId = t.messageId('agent');
  for (let i = 1; i <= steps; i++) {
    await sleep(pause, t.signal);
    t.check();
    await t.send({ sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text: `Step ${i} of ${steps}. ` } });
    if (i % 10 === 0) {
      await t.toolUpdate({ toolCallId, content: [textContent(`Indexed ${(i / steps) * 100}% of the workspace`)] });
    }
  }
  await t.toolUpdate({ toolCallId, status: 'completed', rawOutput: { files: 42 } });
  await t.say('\n\nDone, slowly.');
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Record<string, Script>} */
const COMMAND_SCRIPTS = {
  explain: explainScript,
  edit: editScript,
  test: testScript,
  plan: planScript,
  form: formScript,
  login: loginScript,
  compact: compactScript,
  notice: noticeScript,
  stream: streamScript,
  long: longScript,
  fail: failScript,
  refuse: refuseScript,
  slow: slowScript,
};

/**
 * Picks the script for a prompt text.
 * @param {string} text
 * @returns {{ name: string, script: Script, args: string }}
 */
export function pickScript(text) {
  const trimmed = text.trim();
  const command = /^\/([\w-]+)(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (command) {
    const name = command[1].toLowerCase();
    const args = (command[2] ?? '').trim();
    if (Object.hasOwn(COMMAND_SCRIPTS, name)) return { name, script: COMMAND_SCRIPTS[name], args };
    return { name: 'unknown', script: unknownCommandScript(name), args };
  }
  if (/\bmax_turn_requests\b/i.test(trimmed)) return { name: 'max_turn_requests', script: maxTurnsScript, args: '' };
  return { name: 'default', script: defaultScript, args: '' };
}

/** @param {string} name @returns {Script} */
function unknownCommandScript(name) {
  return async (t) => {
    await t.say(
      `Unknown command \`/${name}\`. Available: ${DEMO_COMMANDS.map((c) => `\`/${c.name}\``).join(', ')}.`,
    );
    return 'end_turn';
  };
}

// ---------------------------------------------------------------------------------------------
// The agent app
// ---------------------------------------------------------------------------------------------

/**
 * Creates the demo agent. One app may serve many connections (per-connection state is keyed by
 * the SDK connection); pass the same `store` to several apps to share sessions between them.
 * @param {DemoAgentOptions} [options]
 * @returns {AgentApp}
 */
export function createDemoAgent(options = {}) {
  const store = options.store ?? new DemoSessionStore();
  const delayMs = Math.max(0, options.delayMs ?? 0);
  const requireAuth = options.requireAuth ?? false;
  const listPageSize = Math.max(1, options.listPageSize ?? DEFAULT_LIST_PAGE_SIZE);
  const cancelGraceMs = options.cancelGraceMs ?? 1_500;
  const elicitationCompleteDelayMs = options.elicitationCompleteDelayMs ?? 300;

  /** @type {WeakMap<object, ConnState>} */
  const connections = new WeakMap();
  const fallbackKey = {};

  /** @param {AgentContext} client @returns {ConnState} */
  function conn(client) {
    const key = connectionKeyOf(client) ?? fallbackKey;
    let state = connections.get(key);
    if (!state) {
      state = { initialized: false, caps: {}, authenticated: false, openSessions: new Set() };
      connections.set(key, state);
    }
    return state;
  }

  /** @param {ConnState} c */
  function assertAuthenticated(c) {
    if (requireAuth && !c.authenticated) {
      throw acp.RequestError.authRequired(
        { authMethods: [AUTH_METHOD_ID] },
        `Authentication required: call authenticate with methodId "${AUTH_METHOD_ID}"`,
      );
    }
  }

  /** @param {string} sessionId @returns {DemoSession} */
  function existing(sessionId) {
    const session = store.get(sessionId);
    if (!session) throw acp.RequestError.sessionNotFound(sessionId);
    return session;
  }

  /** @param {ConnState} c @param {string} sessionId @returns {DemoSession} */
  function openSession(c, sessionId) {
    const session = existing(sessionId);
    if (!c.openSessions.has(sessionId)) {
      const error = acp.RequestError.sessionNotFound(sessionId);
      error.message = `Session ${sessionId} is not open on this connection; call session/load or session/resume first`;
      throw error;
    }
    return session;
  }

  /** @param {string} cwd @param {string[] | undefined} dirs */
  function validateRoots(cwd, dirs) {
    if (!isAbsolutePath(cwd)) throw acp.RequestError.invalidParams({ cwd }, 'cwd must be an absolute path');
    for (const dir of dirs ?? []) {
      if (!dir || !isAbsolutePath(dir)) {
        throw acp.RequestError.invalidParams({ additionalDirectories: dirs }, 'additionalDirectories must be absolute paths');
      }
    }
    return [...new Set((dirs ?? []).filter((d) => d !== cwd))];
  }

  /**
   * Sends session-scoped notifications after the current response went out.
   * @param {AgentContext} client
   * @param {string} sessionId
   * @param {SessionUpdate[]} updates
   */
  function sendAfterResponse(client, sessionId, updates) {
    setTimeout(() => {
      void (async () => {
        for (const update of updates) {
          await client.notify(m.client.session.update, { sessionId, update });
        }
      })().catch(() => {});
    }, 0);
  }

  /** @param {DemoSession} session @returns {SessionUpdate[]} */
  function sessionSnapshot(session) {
    return [
      { sessionUpdate: 'available_commands_update', availableCommands: DEMO_COMMANDS.map((c) => ({ ...c })) },
      usageOf(session),
    ];
  }

  /** @param {DemoSession} session */
  function cancelActiveTurn(session) {
    session.activeTurn?.cancel();
  }

  return acp
    .agent({ name: options.name ?? DEMO_AGENT_NAME })
    .onRequest(m.agent.initialize, ({ params, client }) => {
      const c = conn(client);
      if (c.initialized) {
        throw acp.RequestError.invalidRequest(undefined, 'initialize was already called on this connection');
      }
      c.initialized = true;
      c.caps = params.clientCapabilities ?? {};
      /** @type {InitializeResponse} */
      const response = {
        protocolVersion: SDK_PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: true, audio: false, embeddedContext: true },
          mcpCapabilities: { http: false, sse: false },
          sessionCapabilities: { list: {}, resume: {}, close: {}, delete: {}, additionalDirectories: {} },
          auth: { logout: {} },
        },
        authMethods: AUTH_METHODS.map((method) => ({ ...method })),
        agentInfo: { name: DEMO_AGENT_NAME, title: DEMO_AGENT_TITLE, version: DEMO_AGENT_VERSION },
      };
      return response;
    })
    .onRequest(m.agent.authenticate, ({ params, client }) => {
      const c = conn(client);
      if (params.methodId === TERMINAL_AUTH_METHOD_ID) {
        throw acp.RequestError.invalidParams(
          { methodId: params.methodId },
          'Terminal auth methods are run by launching the agent binary in a terminal; they cannot be passed to authenticate',
        );
      }
      if (params.methodId !== AUTH_METHOD_ID) {
        throw acp.RequestError.invalidParams({ methodId: params.methodId }, `Unknown auth method "${params.methodId}"`);
      }
      c.authenticated = true;
      return {};
    })
    .onRequest(m.agent.logout, ({ client }) => {
      conn(client).authenticated = false;
      return {};
    })
    .onRequest(m.agent.session.new, ({ params, client }) => {
      const c = conn(client);
      assertAuthenticated(c);
      const additionalDirectories = validateRoots(params.cwd, params.additionalDirectories);
      const session = store.create({ cwd: params.cwd, additionalDirectories });
      c.openSessions.add(session.sessionId);
      sendAfterResponse(client, session.sessionId, sessionSnapshot(session));
      return { sessionId: session.sessionId, modes: modesOf(session), configOptions: configOptionsOf(session, c.caps) };
    })
    .onRequest(m.agent.session.load, async ({ params, client }) => {
      const c = conn(client);
      const session = existing(params.sessionId);
      session.additionalDirectories = validateRoots(params.cwd, params.additionalDirectories);
      c.openSessions.add(session.sessionId);
      // Replay the whole history (original messageIds) before answering.
      const history = session.history.slice();
      for (let i = 0; i < history.length; i++) {
        await client.notify(m.client.session.update, { sessionId: session.sessionId, update: history[i] });
        if ((i & 255) === 255) await yieldToEventLoop();
      }
      /** @type {SessionUpdate[]} */
      const snapshot = [{ sessionUpdate: 'session_info_update', title: session.title, updatedAt: session.updatedAt }, ...sessionSnapshot(session)];
      for (const update of snapshot) {
        await client.notify(m.client.session.update, { sessionId: session.sessionId, update });
      }
      return { modes: modesOf(session), configOptions: configOptionsOf(session, c.caps) };
    })
    .onRequest(m.agent.session.resume, ({ params, client }) => {
      const c = conn(client);
      const session = existing(params.sessionId);
      session.additionalDirectories = validateRoots(params.cwd, params.additionalDirectories);
      c.openSessions.add(session.sessionId);
      sendAfterResponse(client, session.sessionId, [
        { sessionUpdate: 'session_info_update', title: session.title, updatedAt: session.updatedAt },
        ...sessionSnapshot(session),
      ]);
      return { modes: modesOf(session), configOptions: configOptionsOf(session, c.caps) };
    })
    .onRequest(m.agent.session.list, ({ params }) => {
      let offset = 0;
      if (params.cursor) {
        offset = decodeCursor(params.cursor);
      }
      const all = store.list().filter((s) => !params.cwd || s.cwd === params.cwd);
      const page = all.slice(offset, offset + listPageSize);
      const next = offset + listPageSize;
      return {
        sessions: page.map((s) => {
          /** @type {SessionInfo} */
          const info = { sessionId: s.sessionId, cwd: s.cwd, title: s.title, updatedAt: s.updatedAt };
          if (s.additionalDirectories.length) info.additionalDirectories = [...s.additionalDirectories];
          return info;
        }),
        ...(next < all.length ? { nextCursor: encodeCursor(next) } : {}),
      };
    })
    .onRequest(m.agent.session.close, ({ params, client }) => {
      const session = existing(params.sessionId);
      cancelActiveTurn(session);
      conn(client).openSessions.delete(session.sessionId);
      return {};
    })
    .onRequest(m.agent.session.delete, ({ params, client }) => {
      const session = store.get(params.sessionId);
      if (session) {
        cancelActiveTurn(session);
        store.delete(session.sessionId);
      }
      conn(client).openSessions.delete(params.sessionId);
      return {};
    })
    .onRequest(m.agent.session.setMode, async ({ params, client }) => {
      const c = conn(client);
      const session = openSession(c, params.sessionId);
      if (!MODES.some((mode) => mode.id === params.modeId)) {
        throw acp.RequestError.invalidParams({ modeId: params.modeId }, `Unknown mode "${params.modeId}"`);
      }
      session.modeId = params.modeId;
      await client.notify(m.client.session.update, {
        sessionId: session.sessionId,
        update: { sessionUpdate: 'current_mode_update', currentModeId: session.modeId },
      });
      await client.notify(m.client.session.update, {
        sessionId: session.sessionId,
        update: { sessionUpdate: 'config_option_update', configOptions: configOptionsOf(session, c.caps) },
      });
      return {};
    })
    .onRequest(m.agent.session.setConfigOption, async ({ params, client }) => {
      const c = conn(client);
      const session = openSession(c, params.sessionId);
      const option = configOptionsOf(session, c.caps).find((o) => o.id === params.configId);
      if (!option) {
        throw acp.RequestError.invalidParams({ configId: params.configId }, `Unknown config option "${params.configId}"`);
      }
      const value = params.value;
      if (option.type === 'boolean') {
        if (!('type' in params) || params.type !== 'boolean' || typeof value !== 'boolean') {
          throw acp.RequestError.invalidParams({ configId: params.configId }, `"${params.configId}" takes { type: "boolean", value: boolean }`);
        }
        session.autoRunTests = value;
      } else {
        const values = option.options.flatMap((o) => ('group' in o ? o.options : [o])).map((o) => o.value);
        if (typeof value !== 'string' || !values.includes(value)) {
          throw acp.RequestError.invalidParams({ configId: params.configId, value }, `Invalid value for "${params.configId}"`);
        }
        if (option.id === 'mode') session.modeId = value;
        if (option.id === 'model') session.model = value;
        if (option.id === 'thought_level') session.thoughtLevel = value;
      }
      const configOptions = configOptionsOf(session, c.caps);
      if (option.id === 'mode') {
        await client.notify(m.client.session.update, {
          sessionId: session.sessionId,
          update: { sessionUpdate: 'current_mode_update', currentModeId: session.modeId },
        });
      }
      await client.notify(m.client.session.update, {
        sessionId: session.sessionId,
        update: { sessionUpdate: 'config_option_update', configOptions },
      });
      return { configOptions: configOptionsOf(session, c.caps) };
    })
    .onNotification(m.agent.session.cancel, ({ params }) => {
      const session = store.get(params.sessionId);
      if (session) cancelActiveTurn(session);
    })
    .onRequest(m.agent.session.prompt, async ({ params, client, signal }) => {
      const c = conn(client);
      const session = openSession(c, params.sessionId);
      assertAuthenticated(c);
      if (session.activeTurn) {
        throw acp.RequestError.invalidRequest({ sessionId: session.sessionId }, 'A prompt turn is already running in this session');
      }
      for (const block of params.prompt) {
        if (block.type === 'audio') throw acp.RequestError.invalidParams(undefined, 'Audio prompts are not supported (promptCapabilities.audio is false)');
      }
      const text = params.prompt.find((b) => b.type === 'text')?.text ?? '';
      const { name, script, args } = pickScript(text);

      session.turns++;
      const turn = new Turn({
        session,
        store,
        client,
        caps: c.caps,
        delayMs,
        cancelGraceMs,
        elicitationCompleteDelayMs,
        requestSignal: signal,
      });
      session.activeTurn = turn;
      // The prompt goes into the history only (session/load replays it); it is not echoed live.
      const userMessageId = turn.messageId('user');
      for (const block of params.prompt) {
        store.record(session, { sessionUpdate: 'user_message_chunk', messageId: userMessageId, content: block });
      }
      const firstPrompt = session.title === null;
      if (firstPrompt) session.title = titleFrom(text);
      store.touch(session);
      turn.tokens += Math.ceil(text.length / 4);

      try {
        if (name !== 'stream') {
          await turn.send(
            firstPrompt
              ? { sessionUpdate: 'session_info_update', title: session.title, updatedAt: session.updatedAt }
              : { sessionUpdate: 'session_info_update', updatedAt: session.updatedAt },
            { record: false },
          );
        }
        const stopReason = await script(turn, args, text);
        return { stopReason };
      } catch (error) {
        if (error instanceof TurnStop && turn.stopped === 'cancelled') {
          try {
            await turn.finishCancelled();
          } catch {
            // the connection went away while sending late updates
          }
          return { stopReason: 'cancelled' };
        }
        if (turn.stopped === 'cancelled') return { stopReason: 'cancelled' };
        throw error;
      } finally {
        if (session.activeTurn === turn) session.activeTurn = null;
      }
    });
}

/** @param {number} offset */
function encodeCursor(offset) {
  return btoa(JSON.stringify({ offset }));
}

/** @param {string} cursor */
function decodeCursor(cursor) {
  try {
    const value = JSON.parse(atob(cursor));
    if (Number.isInteger(value?.offset) && value.offset >= 0) return /** @type {number} */ (value.offset);
  } catch {
    // fall through
  }
  throw acp.RequestError.invalidParams({ cursor }, 'Invalid cursor');
}
