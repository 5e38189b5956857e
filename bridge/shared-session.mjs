// @ts-check
/**
 * One session of a `--shared` agent, as the bridge holds it: its log, the pages attached to it,
 * and its turn queue (run by `shared-turns.mjs`).
 *
 * An entry is logged once and sent to every attached page that is up to date; a page that is
 * behind (congested, or still being replayed to) catches up from the log, in order, and is told to
 * reload when the log no longer holds what it needs: never a silent gap, never a duplicate.
 */
import { BridgeNotifications } from './handshake.mjs';
import { SessionLog } from './shared-log.mjs';
import { SharedPage } from './shared-page.mjs';

/**
 * @typedef {object} QueuedTurn a `session/prompt` or `session/load` waiting for the session
 * @property {SharedPage} page
 * @property {Record<string, unknown>} message the page's request, with its own id
 * @property {import('./shared-page.mjs').Presence} by who sent it, as presence, kept if the page leaves
 */

/**
 * @typedef {object} ActiveTurn what the agent is doing for the session
 * @property {'prompt' | 'load'} kind
 * @property {SharedPage} page
 * @property {import('./shared-page.mjs').Presence} by
 * @property {boolean} [replayToPage] a load whose replay goes to its page only (history the others have)
 */

export class SharedSession {
  /** @type {string} */
  id;
  log;
  /** The agent's result of the method that opened the session (modes, models, options), if seen. @type {unknown} */
  setup = null;
  /** The working directory it was opened with, if seen. @type {string | null} */
  cwd = null;
  /** @type {Set<import('./shared-page.mjs').Attachment>} */
  attachments = new Set();
  /** @type {ActiveTurn | null} */
  active = null;
  /** @type {QueuedTurn[]} */
  queue = [];
  #log;
  #presenceQueued = false;

  /**
   * @param {string} id
   * @param {{ limit: number, log: import('./log.mjs').Logger }} options
   */
  constructor(id, options) {
    this.id = id;
    this.log = new SessionLog(options.limit, id);
    this.#log = options.log;
  }

  /**
   * Attaches a page; it gets the entries after `cursor` from the log (now, or as its socket drains).
   * @param {SharedPage} page
   * @param {import('./shared-roles.mjs').PageRole} role
   * @param {number} cursor
   * @returns {import('./shared-page.mjs').Attachment}
   */
  attach(page, role, cursor) {
    const previous = page.attachments.get(this.id);
    if (previous) this.attachments.delete(previous);
    /** @type {import('./shared-page.mjs').Attachment} */
    const attachment = { page, session: this, role, since: previous?.since ?? new Date().toISOString(), cursor };
    this.attachments.add(attachment);
    page.attachments.set(this.id, attachment);
    if (!page.congested) this.catchUp(attachment);
    this.#announcePresence();
    return attachment;
  }

  /** @param {import('./shared-page.mjs').Attachment} attachment */
  detach(attachment) {
    if (!this.attachments.delete(attachment)) return;
    if (attachment.page.attachments.get(this.id) === attachment) attachment.page.attachments.delete(this.id);
    this.#announcePresence();
  }

  /** @param {SharedPage} page */
  attachmentOf(page) {
    const attachment = page.attachments.get(this.id);
    return attachment && this.attachments.has(attachment) ? attachment : undefined;
  }

  /** Whether a controller is attached (someone can answer the agent's requests). */
  hasController() {
    for (const attachment of this.attachments) if (attachment.role === 'controller') return true;
    return false;
  }

  /** @returns {import('./shared-page.mjs').Presence[]} */
  presence() {
    return [...this.attachments].map((attachment) => SharedPage.presence(attachment));
  }

  /**
   * Logs a message and sends it to every attached page that is up to date.
   * @param {Record<string, unknown>} message
   * @returns {number} its seq
   */
  publish(message) {
    const { seq, text } = this.log.append(message);
    for (const attachment of this.attachments) {
      if (attachment.page.congested) continue;
      if (attachment.cursor === seq - 1) {
        attachment.cursor = seq;
        attachment.page.write(text);
      } else this.catchUp(attachment);
    }
    return seq;
  }

  /**
   * Sends a page the entries it has not had, in order; tells it to reload when the log dropped
   * some of them (and detaches it).
   * @param {import('./shared-page.mjs').Attachment} attachment
   * @returns {boolean} false when the page's socket filled up on the way (the rest waits for its drain)
   */
  catchUp(attachment) {
    const { page } = attachment;
    if (!this.log.covers(attachment.cursor)) {
      const { firstSeq, lastSeq } = this.log;
      this.#log('warn', `${page.label}: fell behind session ${this.id} by more than its log holds (--shared-buffer-bytes): told to reload it`);
      this.detach(attachment);
      const reason = `This page fell behind the session by more than the bridge keeps (--shared-buffer-bytes): load the session again`;
      const params = { sessionId: this.id, reason, firstSeq, seq: lastSeq };
      return page.write(JSON.stringify({ jsonrpc: '2.0', method: BridgeNotifications.sessionReload, params }));
    }
    while (attachment.cursor < this.log.lastSeq) {
      const seq = attachment.cursor + 1;
      attachment.cursor = seq;
      if (!page.write(this.log.text(seq) ?? '')) return false;
    }
    return true;
  }

  /**
   * Tells every attached page who is attached now (not logged: it is state, not history). Once
   * per tick, after what caused it has been answered: a page that opened or attached the session
   * knows it by then.
   */
  #announcePresence() {
    if (this.#presenceQueued) return;
    this.#presenceQueued = true;
    queueMicrotask(() => {
      this.#presenceQueued = false;
      const text = JSON.stringify({ jsonrpc: '2.0', method: BridgeNotifications.sessionPresence, params: { sessionId: this.id, attached: this.presence() } });
      for (const attachment of this.attachments) attachment.page.send(text);
    });
  }
}
