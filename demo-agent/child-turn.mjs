// @ts-check
/**
 * A child session's work (UNSTABLE, ACP RFD "subagents"): a turn whose updates and requests carry
 * the child's own session id, so the steps the scripts share run in it unchanged. Its updates are
 * recorded in the parent's history, in order, so `session/load` of the parent replays them with
 * the child's id (to a client that advertised `subagents`). It stops on its own (`session/cancel` with the child's id: only this child) or with its parent
 * (the parent's cancel cancels it, a dropped connection drops it).
 */
import { Turn } from './turn.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').SessionUpdate} SessionUpdate
 */

export class ChildTurn extends Turn {
  /**
   * @param {Turn} parent
   * @param {{ sessionId: string, tag: string, cwd: string }} child
   */
  constructor(parent, child) {
    super({
      // The child's own session: the parent's settings, its own ids, place and remembered choices.
      session: { ...parent.session, ...child, title: null, turns: 1, used: 0, cost: 0, editPolicy: null, history: [], activeTurn: null },
      store: parent.store,
      client: parent.client,
      caps: parent.caps,
      delayMs: parent.delayMs,
      messageIds: parent.messageIds,
      cancelGraceMs: parent.cancelGraceMs,
      elicitationCompleteDelayMs: parent.elicitationCompleteDelayMs,
      // A child has no prompt request of its own; it follows its parent instead (below).
      requestSignal: new AbortController().signal,
      children: parent.children,
    });
    this.parent = parent;
    const follow = () => (parent.stopped === 'dropped' ? this.drop() : this.cancel());
    if (parent.signal.aborted) follow();
    else parent.signal.addEventListener('abort', follow, { once: true });
  }

  /**
   * Sends one of the child's updates; it goes into the parent's history as the child's.
   * @override
   * @param {SessionUpdate} update
   */
  async send(update) {
    this.store.record(this.parent.session, update, this.sessionId);
    await super.send(update, { record: false });
  }
}
