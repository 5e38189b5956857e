// @ts-check
/**
 * One page (connection) of a `--shared` bridge, and how messages reach it.
 *
 * A page that reads more slowly than the agent writes is not sent more once its socket's queue is
 * full ({@link SharedPage#congested}): its sessions' entries wait in their logs (each attachment
 * remembers the last one sent), and the rest of what is meant for it (responses, notifications
 * about no session) waits in {@link SharedPage#backlog}. When the socket drains, the page catches up
 * from the logs, then gets its backlog. So the agent is never slowed down for one page, and what
 * the bridge holds for it is bounded by the logs.
 */

/**
 * @typedef {object} Attachment a page attached to a session
 * @property {SharedPage} page
 * @property {import('./shared-session.mjs').SharedSession} session
 * @property {import('./shared-roles.mjs').PageRole} role
 * @property {string} since ISO 8601
 * @property {number} cursor the seq of the last log entry sent to the page
 */

/**
 * @typedef {object} Presence what every page sees of another
 * @property {string} pageId
 * @property {string} name from the page's `initialize` `clientInfo`
 * @property {string} [version]
 * @property {import('./shared-roles.mjs').PageRole} role
 * @property {string} since ISO 8601
 */

let pageCount = 0;

export class SharedPage {
  /** @type {import('./client-socket.mjs').BridgeClient} */
  client;
  pageId = `page-${++pageCount}`;
  /** @type {import('./shared-roles.mjs').PageRole} */
  role;
  /** From its `initialize` request's `clientInfo`. */
  info = { name: 'unnamed page', version: /** @type {string | undefined} */ (undefined) };
  /** Its `initialize` was answered: from now on it gets what the agent says about no session. */
  initialized = false;
  congested = false;
  /** Messages held while congested, that belong to no log. @type {string[]} */
  backlog = [];
  /** The page's outstanding request ids (keyed by `idKey`) → bridge ids. @type {Map<string, number>} */
  bridgeIds = new Map();
  /** Session id → its attachment. @type {Map<string, Attachment>} */
  attachments = new Map();

  /**
   * @param {import('./client-socket.mjs').BridgeClient} client
   * @param {import('./shared-roles.mjs').PageRole} role
   */
  constructor(client, role) {
    this.client = client;
    this.role = role;
  }

  /** For log lines: the connection and the page's name. */
  get label() {
    return `${this.client.label} ("${this.info.name}")`;
  }

  /**
   * Sends a message that belongs to no log: now, or after the page has caught up.
   * @param {string} text
   */
  send(text) {
    if (this.congested) this.backlog.push(text);
    else this.write(text);
  }

  /**
   * Writes to the socket, noting when its queue is full.
   * @param {string} text
   * @returns {boolean} false when the page is congested now
   */
  write(text) {
    if (!this.client.send(text)) this.congested = true;
    return !this.congested;
  }

  /**
   * After a drain: catches every attachment up from its log, then sends the backlog; stops
   * wherever the socket fills again (the next drain goes on from there).
   */
  drained() {
    this.congested = false;
    for (const attachment of [...this.attachments.values()]) {
      if (!attachment.session.catchUp(attachment)) return;
    }
    while (this.backlog.length > 0 && !this.congested) this.write(/** @type {string} */ (this.backlog.shift()));
  }

  /**
   * @param {Attachment} attachment
   * @returns {Presence}
   */
  static presence(attachment) {
    const { page } = attachment;
    return {
      pageId: page.pageId,
      name: page.info.name,
      ...(page.info.version !== undefined ? { version: page.info.version } : {}),
      role: attachment.role,
      since: attachment.since,
    };
  }
}
