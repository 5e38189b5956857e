// @ts-check
/**
 * `initialize` on a `--shared` agent: an ACP agent accepts it once per process, but every page
 * starts with it. The first successful result is kept and a later `initialize` is answered by the
 * bridge with that result and the new request's id, without reaching the agent; one that arrives
 * while the first is still being answered waits for that answer. Each page's answer carries the
 * bridge's features for that page (its role and id), and the page's `clientInfo` names it to the
 * others (presence).
 */
import { featuresNotification, readPageHandshake, withBridgeMeta } from './handshake.mjs';
import { isObject } from './jsonrpc.mjs';

/**
 * @param {{ features: import('./handshake.mjs').BridgeFeatures, version: string, isOpen: (page: import('./shared-page.mjs').SharedPage) => boolean }} bridge
 */
export function createInitializeCache({ features, version, isOpen }) {
  /** The agent's own result of the first `initialize`. @type {{ result: unknown } | undefined} */
  let cached;
  /** Set while the agent has not answered the first `initialize` yet. */
  let inFlight = false;
  /** Pages that asked meanwhile. @type {{ page: import('./shared-page.mjs').SharedPage, id: unknown }[]} */
  let waiters = [];

  /**
   * Answers a page's `initialize` with the agent's answer, and the bridge's features for this page.
   * @param {import('./shared-page.mjs').SharedPage} page
   * @param {Record<string, unknown>} response the agent's, with the page's id
   */
  const answer = (page, response) => {
    if (!('result' in response)) return page.send(JSON.stringify(response));
    const pageFeatures = { ...features, shared: /** @type {const} */ ({ role: page.role, pageId: page.pageId }) };
    page.send(JSON.stringify({ ...response, result: withBridgeMeta(response.result, pageFeatures, version) }));
    page.send(featuresNotification(pageFeatures, version));
    page.initialized = true;
  };

  return {
    /** Whether the agent has answered an `initialize` (it has something worth keeping). */
    get done() {
      return cached !== undefined;
    },

    /**
     * A page's `initialize`: answered from the cache, held, or returned to go to the agent.
     * @param {import('./shared-page.mjs').SharedPage} page
     * @param {Record<string, unknown>} message
     * @returns {Record<string, unknown> | undefined} the request to forward (the page's bridge entry taken out), if any
     */
    request(page, message) {
      const forwarded = readPageHandshake(message, { terminalAuth: false }).forwarded;
      const params = isObject(forwarded.params) ? forwarded.params : {};
      const info = isObject(params.clientInfo) ? params.clientInfo : {};
      if (typeof info.name === 'string' && info.name.trim() !== '') page.info.name = (typeof info.title === 'string' && info.title) || info.name;
      if (typeof info.version === 'string') page.info.version = info.version;
      if (cached) return void answer(page, { jsonrpc: '2.0', id: message.id, result: cached.result });
      if (inFlight) return void waiters.push({ page, id: message.id });
      inFlight = true;
      return forwarded;
    },

    /**
     * The agent answered the first `initialize`: keeps a result, and answers every page that asked.
     * @param {import('./shared-page.mjs').SharedPage} page
     * @param {Record<string, unknown>} response with the page's id
     */
    settle(page, response) {
      inFlight = false;
      if ('result' in response && !cached) cached = { result: response.result };
      const asked = [{ page, id: response.id }, ...waiters];
      waiters = [];
      for (const waiting of asked) if (isOpen(waiting.page)) answer(waiting.page, { ...response, id: waiting.id });
    },

    reset() {
      cached = undefined;
      inFlight = false;
      waiters = [];
    },
  };
}
