// @ts-check
/**
 * What a session's history looks like to the client it is replayed to. The store keeps one history
 * per session whichever version its turns ran on (`--protocol auto` serves both from one store), so
 * a v1 client loading a session a v2 client worked in must not get v2-only updates (agent-owned
 * terminals), and a client that did not advertise plan operations gets the checklist as the legacy
 * `plan`. A v2 client needs nothing here: everything it is sent goes through `wire-v2.mjs`.
 */

/**
 * @typedef {import('@agentclientprotocol/sdk').SessionUpdate} SessionUpdate
 * @typedef {import('./connections.mjs').ConnState} ConnState
 */

/** Updates only ACP v2 has, which the demo records (its agent-owned terminal, appended tool-call content). */
const V2_ONLY = new Set(['terminal_update', 'terminal_output_chunk', 'tool_call_content_chunk']);

/**
 * @param {SessionUpdate} update  as recorded
 * @param {ConnState} c  the connection it is replayed on
 * @returns {SessionUpdate | null}  null: not for this client
 */
export function replayable(update, c) {
  if (c.protocol === 2) return update;
  /** @type {Record<string, any>} */
  const u = update;
  if (V2_ONLY.has(u.sessionUpdate)) return null;
  if ((u.sessionUpdate === 'plan_update' || u.sessionUpdate === 'plan_removed') && !c.caps.plan) {
    return u.sessionUpdate === 'plan_update' && u.plan?.type === 'items' && u.plan.planId === 'main'
      ? { sessionUpdate: 'plan', entries: u.plan.entries }
      : null;
  }
  return update;
}
