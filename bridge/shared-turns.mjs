// @ts-check
/**
 * The turn queue of a `--shared` session: the agent gets one `session/prompt` (or `session/load`)
 * of a session at a time, in the order pages sent them, so prompts from two controllers become two
 * turns instead of a refusal or a tangle. Each prompt is announced to every attached page when it
 * goes to the agent (`turn_started`, with its content and who sent it) and when its answer comes
 * (`turn_ended`), both logged, so a page that joins later sees the conversation, not just the replies.
 *
 * A `session/load` takes a turn too: while the agent replays the session, nothing else runs in it,
 * so its updates are the replay and go to the loading page only (the attached pages have that
 * history), except for a session the bridge has no log of yet, whose replay becomes its log.
 */
import { BridgeNotifications } from './handshake.mjs';
import { isObject } from './jsonrpc.mjs';

/** ACP's code for a cancelled request (`$/cancel_request`). */
const REQUEST_CANCELLED = -32800;

/**
 * @param {{ forward: (page: import('./shared-page.mjs').SharedPage, message: Record<string, unknown>, session: import('./shared-session.mjs').SharedSession) => void }} bridge
 *   `forward` sends the page's request to the agent; its response comes back through {@link ended}
 */
export function createTurns({ forward }) {
  /** @param {import('./shared-session.mjs').SharedSession} session */
  const next = (session) => {
    const turn = session.queue.shift();
    if (!turn) return;
    const { page, message, by } = turn;
    const params = isObject(message.params) ? message.params : {};
    if (message.method === 'session/load') {
      const replayToPage = session.log.lastSeq > 0 || session.attachments.size > 0;
      session.active = { kind: 'load', page, by, replayToPage };
      if (!replayToPage) session.attach(page, 'controller', 0);
    } else {
      session.active = { kind: 'prompt', page, by };
      session.publish({ jsonrpc: '2.0', method: BridgeNotifications.turnStarted, params: { sessionId: session.id, prompt: params.prompt ?? null, by } });
    }
    forward(page, message, session);
  };

  return {
    /**
     * A page's `session/prompt` or `session/load`: sent now if the session is idle, else queued.
     * @param {import('./shared-session.mjs').SharedSession} session
     * @param {import('./shared-session.mjs').QueuedTurn} turn
     */
    enqueue(session, turn) {
      session.queue.push(turn);
      if (!session.active) next(session);
    },

    /**
     * The agent answered the session's active turn.
     * @param {import('./shared-session.mjs').SharedSession} session
     * @param {Record<string, unknown>} response with the page's id again
     */
    ended(session, response) {
      const active = session.active;
      if (!active) return;
      session.active = null;
      if (active.kind === 'prompt') {
        const { by } = active;
        const result = isObject(response.result) ? response.result : {};
        const outcome = isObject(response.error)
          ? { error: { code: response.error.code, message: response.error.message } }
          : { stopReason: result.stopReason ?? null };
        session.publish({ jsonrpc: '2.0', method: BridgeNotifications.turnEnded, params: { sessionId: session.id, by, ...outcome } });
      } else if ('result' in response) {
        if (!session.attachmentOf(active.page) && active.page.client.isOpen) session.attach(active.page, 'controller', session.log.lastSeq);
        session.setup = response.result;
      } else if (!active.replayToPage) {
        const attachment = session.attachmentOf(active.page);
        if (attachment) session.detach(attachment);
      }
      active.page.send(JSON.stringify(response));
      next(session);
    },

    /**
     * A controller's `session/cancel`: its own queued prompts are answered `cancelled`; the
     * running turn is the agent's to end (the cancel goes on to it).
     * @param {import('./shared-session.mjs').SharedSession} session
     * @param {import('./shared-page.mjs').SharedPage} page
     */
    cancelQueued(session, page) {
      const mine = session.queue.filter((turn) => turn.page === page && turn.message.method === 'session/prompt');
      session.queue = session.queue.filter((turn) => !mine.includes(turn));
      for (const turn of mine) page.send(JSON.stringify({ jsonrpc: '2.0', id: turn.message.id, result: { stopReason: 'cancelled' } }));
    },

    /**
     * `$/cancel_request` for a request still queued: taken out and answered -32800.
     * @param {Iterable<import('./shared-session.mjs').SharedSession>} sessions
     * @param {import('./shared-page.mjs').SharedPage} page
     * @param {unknown} requestId the page's id
     * @returns {boolean} whether it was queued
     */
    cancelRequest(sessions, page, requestId) {
      for (const session of sessions) {
        const turn = session.queue.find((queued) => queued.page === page && queued.message.id === requestId);
        if (!turn) continue;
        session.queue.splice(session.queue.indexOf(turn), 1);
        page.send(JSON.stringify({ jsonrpc: '2.0', id: turn.message.id, error: { code: REQUEST_CANCELLED, message: 'Request cancelled' } }));
        return true;
      }
      return false;
    },

    /**
     * A page left: its queued turns go (nobody would read their answers).
     * @param {Iterable<import('./shared-session.mjs').SharedSession>} sessions
     * @param {import('./shared-page.mjs').SharedPage} page
     */
    dropPage(sessions, page) {
      for (const session of sessions) session.queue = session.queue.filter((turn) => turn.page !== page);
    },
  };
}
