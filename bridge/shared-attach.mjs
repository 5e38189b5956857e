// @ts-check
/**
 * The bridge's own `--shared` methods, answered by the bridge: attach a page to a session the agent
 * runs (its history, then the live stream), detach it, and list the sessions held (for "Join").
 * Named after the multi-client attach RFD's `session/attach` and `session/detach`, in the
 * extension space until a stable method replaces them.
 */
import { BridgeMethods } from './handshake.mjs';
import { errorMessage, isObject } from './jsonrpc.mjs';
import { OBSERVER_ERROR, observerRefusal } from './shared-roles.mjs';

/** ACP's "resource not found": the bridge holds no such session. */
const SESSION_NOT_FOUND = -32002;
const INVALID_PARAMS = -32602;
/** A full replay needs entries the log has dropped: the page must load the session again. */
export const LOG_BEHIND = -32052;

const HISTORY_POLICIES = new Set(['full', 'pending_only', 'none']);

/**
 * @typedef {object} AttachContext
 * @property {import('./shared-page.mjs').SharedPage} page
 * @property {Map<string, import('./shared-session.mjs').SharedSession>} sessions
 * @property {ReturnType<typeof import('./shared-requests.mjs').createAgentRequests>} requests
 * @property {(attachment: import('./shared-page.mjs').Attachment) => void} detach
 */

/**
 * Serves one of the methods if `message` is one; the answer goes to the page.
 * @param {Record<string, unknown>} message a request
 * @param {AttachContext} context
 * @returns {boolean} false when the method is not one of these
 */
export function serveAttachMethods(message, context) {
  const { page } = context;
  const params = isObject(message.params) ? message.params : {};
  const id = /** @type {import('./jsonrpc.mjs').JsonRpcId} */ (message.id);
  /** @param {unknown} result */
  const answer = (result) => page.send(JSON.stringify({ jsonrpc: '2.0', id, result }));
  /** @param {number} code @param {string} text @param {unknown} [data] */
  const fail = (code, text, data) => page.send(JSON.stringify(errorMessage(id, code, text, data)));

  switch (message.method) {
    case BridgeMethods.sessionAttach:
      attach(params, context, answer, fail);
      return true;
    case BridgeMethods.sessionDetach: {
      if (typeof params.sessionId !== 'string') return (fail(INVALID_PARAMS, 'Invalid params: expected { sessionId: string }'), true);
      const attachment = context.sessions.get(params.sessionId)?.attachmentOf(page);
      if (attachment) context.detach(attachment);
      answer({ sessionId: params.sessionId, status: 'detached' });
      return true;
    }
    case BridgeMethods.sessions:
      answer({
        sessions: [...context.sessions.values()].map((session) => ({
          sessionId: session.id,
          cwd: session.cwd,
          seq: session.log.lastSeq,
          running: session.active?.kind === 'prompt',
          attached: session.presence(),
        })),
      });
      return true;
    default:
      return false;
  }
}

/**
 * @param {Record<string, unknown>} params
 * @param {AttachContext} context
 * @param {(result: unknown) => void} answer
 * @param {(code: number, text: string, data?: unknown) => void} fail
 */
function attach(params, { page, sessions, requests }, answer, fail) {
  const { sessionId, role = page.role, historyPolicy = 'full', afterSeq = 0 } = params;
  if (typeof sessionId !== 'string') return fail(INVALID_PARAMS, 'Invalid params: expected { sessionId: string, role?, historyPolicy?, afterSeq? }');
  if (role !== 'controller' && role !== 'observer') return fail(INVALID_PARAMS, 'Invalid params: role must be "controller" or "observer"');
  if (typeof historyPolicy !== 'string' || !HISTORY_POLICIES.has(historyPolicy)) {
    return fail(INVALID_PARAMS, 'Invalid params: historyPolicy must be "full", "pending_only" or "none"');
  }
  if (typeof afterSeq !== 'number' || !Number.isSafeInteger(afterSeq) || afterSeq < 0) {
    return fail(INVALID_PARAMS, 'Invalid params: afterSeq must be a sequence number (an integer from 0)');
  }
  if (role === 'controller' && page.role !== 'controller') return fail(OBSERVER_ERROR, observerRefusal('attaching as a controller'));
  const session = sessions.get(sessionId);
  if (!session) {
    return fail(SESSION_NOT_FOUND, `Session not found: the bridge holds no session ${sessionId} (open it with session/load)`, { sessionId });
  }
  const { log } = session;
  if (afterSeq > log.lastSeq) {
    return fail(INVALID_PARAMS, `afterSeq ${afterSeq} is past the session's last entry (${log.lastSeq}): was it seen on another agent process?`, {
      sessionId,
      seq: log.lastSeq,
    });
  }
  if (historyPolicy === 'full' && !log.covers(afterSeq)) {
    return fail(
      LOG_BEHIND,
      `The bridge no longer holds the session's entries after ${afterSeq} (--shared-buffer-bytes): load the session again, or attach from ${log.firstSeq - 1}`,
      { sessionId, firstSeq: log.firstSeq, seq: log.lastSeq },
    );
  }
  const attachment = session.attach(page, role, historyPolicy === 'full' ? afterSeq : log.lastSeq);
  if (historyPolicy === 'pending_only') for (const text of requests.pendingIn(session)) page.send(text);
  answer({ sessionId, role: attachment.role, pageId: page.pageId, seq: log.lastSeq, cwd: session.cwd, session: session.setup, attached: session.presence() });
}
