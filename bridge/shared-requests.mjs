// @ts-check
/**
 * Requests from a `--shared` agent (a permission, a form, a file to read), answered exactly once.
 *
 * A request about a session is logged in it and so reaches every page attached (observers see it
 * too); one about no session goes to every controller page. The first answer from a controller is
 * forwarded to the agent with the agent's own id; the session then logs `request_resolved`, naming
 * who answered. Any later answer, even one read in the same tick, gets a `refused` notification
 * ("already answered by …") and goes nowhere: the agent sees one answer, always. When nobody is
 * left who could answer, the bridge answers the agent with an error, so its turn can end.
 */
import { BridgeNotifications } from './handshake.mjs';
import { errorMessage, INTERNAL_ERROR, isObject } from './jsonrpc.mjs';
import { SharedPage } from './shared-page.mjs';
import { OBSERVER_ERROR, observerRefusal } from './shared-roles.mjs';

/** The JSON-RPC error code of an answer that came after another. */
export const ALREADY_ANSWERED = -32051;
/** Requests that act on the page's workspace, answered by one page. */
const WORKSPACE_METHOD = /^(fs|terminal)\//;
/** How many answered requests are remembered, to name who answered to a late page. */
const REMEMBERED = 256;

/**
 * @typedef {object} OpenRequest
 * @property {import('./jsonrpc.mjs').JsonRpcId} id the agent's id
 * @property {string} method
 * @property {import('./shared-session.mjs').SharedSession | undefined} session
 * @property {string} text the request as sent to pages
 * @property {string} [toolCallId] a permission's tool call, for pages that know it by that (the RFD's `permission_resolved` names it)
 * @property {import('./shared-page.mjs').SharedPage} [worker] the one page a workspace request went to
 */

/** @param {unknown} id */
const idKey = (id) => `${typeof id}:${String(id)}`;

/**
 * @param {{ controllers: () => SharedPage[], sendToAgent: (message: Record<string, unknown>) => void }} bridge
 */
export function createAgentRequests({ controllers, sendToAgent }) {
  /** @type {Map<string, OpenRequest>} */
  const open = new Map();
  /** Answered requests → who answered (`null`: the bridge, nobody being left). @type {Map<string, string | null>} */
  const answered = new Map();

  /**
   * Marks a request answered, and tells the pages.
   * @param {OpenRequest} request
   * @param {import('./shared-page.mjs').Presence | null} by
   * @param {Record<string, unknown>} response what the agent gets
   */
  const settle = (request, by, response) => {
    open.delete(idKey(request.id));
    answered.set(idKey(request.id), by?.name ?? null);
    if (answered.size > REMEMBERED) answered.delete(/** @type {string} */ (answered.keys().next().value));
    sendToAgent(response);
    /** @type {Record<string, unknown>} */
    const params = { sessionId: request.session?.id ?? null, requestId: request.id, method: request.method, by };
    if (request.toolCallId !== undefined) params.toolCallId = request.toolCallId;
    if (isObject(response.error)) params.error = { code: response.error.code, message: response.error.message };
    else if (request.method === 'session/request_permission') params.result = response.result;
    else if (isObject(response.result) && typeof response.result.action === 'string') params.result = { action: response.result.action };
    const notification = { jsonrpc: '2.0', method: BridgeNotifications.requestResolved, params };
    if (request.session) request.session.publish(notification);
    else for (const page of controllers()) page.send(JSON.stringify(notification));
  };

  /**
   * The bridge answers for the pages that are gone.
   * @param {OpenRequest} request
   * @param {string} why
   */
  const nobodyLeft = (request, why) => settle(request, null, errorMessage(request.id, INTERNAL_ERROR, `${why} (acp-react-bridge --shared)`));

  return {
    /**
     * A request from the agent: to the session's pages, or to every controller.
     * @param {Record<string, unknown>} message
     * @param {import('./shared-session.mjs').SharedSession | undefined} session
     */
    fromAgent(message, session) {
      const id = /** @type {import('./jsonrpc.mjs').JsonRpcId} */ (message.id);
      /** @type {OpenRequest} */
      const request = { id, method: String(message.method), session, text: '' };
      const params = isObject(message.params) ? message.params : {};
      if (isObject(params.toolCall) && typeof params.toolCall.toolCallId === 'string') request.toolCallId = params.toolCall.toolCallId;
      open.set(idKey(id), request);
      // The workspace's requests (files, terminals) are work, not questions: one page does it, the
      // one whose prompt is running (else a controller attached), never logged for the others.
      if (session && WORKSPACE_METHOD.test(request.method)) {
        const page = session.active?.kind === 'prompt' && session.attachmentOf(session.active.page)?.role === 'controller' ? session.active.page : undefined;
        const worker = page ?? [...session.attachments].find((attachment) => attachment.role === 'controller')?.page;
        if (!worker) return nobodyLeft(request, 'No controller is attached to this session to answer this request');
        request.text = JSON.stringify(message);
        request.worker = worker;
        return worker.send(request.text);
      }
      if (session) {
        session.publish(message);
        request.text = session.log.text(session.log.lastSeq) ?? JSON.stringify(message);
        if (!session.hasController()) nobodyLeft(request, 'No controller is attached to this session to answer this request');
        return;
      }
      request.text = JSON.stringify(message);
      const pages = controllers();
      if (pages.length === 0) return nobodyLeft(request, 'No controller is attached to answer this request');
      for (const page of pages) page.send(request.text);
    },

    /**
     * A page's answer: forwarded if it is the first from a controller, refused otherwise.
     * @param {SharedPage} page
     * @param {Record<string, unknown>} response
     */
    fromPage(page, response) {
      const key = idKey(response.id);
      const request = open.get(key);
      /** @param {number} code @param {string} message */
      const refuse = (code, message) =>
        page.send(JSON.stringify({ jsonrpc: '2.0', method: BridgeNotifications.refused, params: { requestId: response.id, error: { code, message } } }));
      if (!request) {
        const by = answered.get(key);
        if (by === undefined) return refuse(ALREADY_ANSWERED, 'no request of the agent with this id is waiting for an answer');
        return refuse(ALREADY_ANSWERED, by === null ? 'already answered by the bridge: no controller was attached' : `already answered by ${by}`);
      }
      const attachment = request.session?.attachmentOf(page);
      const role = request.session ? attachment?.role : page.role;
      if (role !== 'controller') return refuse(OBSERVER_ERROR, observerRefusal(`an answer to ${request.method}`));
      if (request.worker && request.worker !== page) return refuse(ALREADY_ANSWERED, `${request.method} went to another page of this session`);
      if (request.worker) {
        // Work done, not a decision: nothing to tell the other pages.
        open.delete(key);
        return sendToAgent({ ...response, jsonrpc: '2.0' });
      }
      const by = attachment ? SharedPage.presence(attachment) : { pageId: page.pageId, name: page.info.name, role: page.role, since: '' };
      settle(request, by, { ...response, jsonrpc: '2.0' });
    },

    /**
     * The session has no controller any more: its open requests are answered with an error.
     * @param {import('./shared-session.mjs').SharedSession} session
     */
    orphaned(session) {
      for (const request of [...open.values()]) {
        if (request.session === session) nobodyLeft(request, 'The last controller of this session disconnected before answering this request');
      }
    },

    /**
     * A page left: the workspace requests it was doing are answered with an error (no other page
     * has them to do).
     * @param {import('./shared-page.mjs').SharedPage} page
     */
    pageLeft(page) {
      for (const request of [...open.values()]) {
        if (request.worker === page) nobodyLeft(request, 'The page doing this request disconnected before answering it');
      }
    },

    /** The last controller page left: requests about no session are answered with an error. */
    noControllers() {
      for (const request of [...open.values()]) {
        if (!request.session) nobodyLeft(request, 'The client disconnected before answering this request');
      }
    },

    /**
     * The session's requests still waiting for an answer, as sent (for `historyPolicy: "pending_only"`).
     * @param {import('./shared-session.mjs').SharedSession} session
     */
    pendingIn(session) {
      return [...open.values()].filter((request) => request.session === session).map((request) => request.text);
    },

    clear() {
      open.clear();
      answered.clear();
    },
  };
}
