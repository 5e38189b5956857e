// @ts-check
/**
 * The in-memory session store, shared by every connection (and every agent app) that uses the
 * same instance: sessions survive reconnects, and `session/load` replays their history.
 */

/**
 * @typedef {import('@agentclientprotocol/sdk').SessionUpdate} SessionUpdate
 * @typedef {import('./turn.mjs').Turn} Turn
 */

/**
 * A child session's update (`/subagents`), kept in its parent's history in the order it was sent
 * and replayed with the child's session id.
 * @typedef {object} ChildUpdate
 * @property {string} childSessionId
 * @property {SessionUpdate} update
 */

/**
 * @typedef {SessionUpdate | ChildUpdate} HistoryEntry
 */

/** The updates of the UNSTABLE child sessions (RFD "subagents"), sent on the parent. */
const CHILD_SESSION_UPDATES = new Set(['subagent_update', 'session_message', 'session_message_chunk']);

/**
 * Whether a history entry belongs to child sessions: replayed only to a client that advertised
 * `clientCapabilities.subagents`, like everything `/subagents` sends.
 * @param {HistoryEntry} entry
 */
export function isChildSessionEntry(entry) {
  return 'childSessionId' in entry || CHILD_SESSION_UPDATES.has(entry.sessionUpdate);
}

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
 * @property {HistoryEntry[]} history  replayed by session/load
 * @property {Map<string, string>} [files]  ACP v2: the agent's own copy of the workspace (`agent-files.mjs`), by absolute path
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
   * @param {string} [childSessionId]  the update is this child session's (kept as sent, not merged)
   */
  record(session, update, childSessionId) {
    const history = session.history;
    if (childSessionId !== undefined) {
      history.push({ childSessionId, update });
      return;
    }
    const last = history[history.length - 1];
    if (
      last &&
      !('childSessionId' in last) &&
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
    (u.sessionUpdate === 'agent_message_chunk' || u.sessionUpdate === 'agent_thought_chunk' || u.sessionUpdate === 'user_message_chunk') &&
    u.content.type === 'text' &&
    u._meta == null
  );
}

function newId() {
  const c = /** @type {{ randomUUID?: () => string } | undefined} */ (globalThis.crypto);
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2, 14)}`;
}
