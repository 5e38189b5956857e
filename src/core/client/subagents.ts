/**
 * UNSTABLE (ACP RFD "subagents"): the routing of child sessions' traffic, fetched when a client
 * created with `subagents: true` connects (before `initialize`, so it is in place before the first
 * update). A `subagent_update` on a known session records the child on it; a `session/update`
 * sent with a child's session id goes into that child's record on its parent. Everything else
 * goes on to the ordinary routing (`sessions.ts`). An inter-session message (`session_message`,
 * `session_message_chunk`) goes into the transcript it was sent on, a child's or a session's own.
 */
import { sessionMessageReducers, type SessionMessageTools } from '../session-messages.js';
import { applyChildUpdate, applySubagentUpdate, parseSubagentUpdate, type SubagentReducers } from '../subagents.js';
import type { AcpSnapshot, DiagnosticKind, SessionState } from '../types.js';

/** What the client gives the router; its functions come from the core entry (see `../subagents.ts` for why). */
export interface SubagentHost extends SubagentReducers {
  get(): AcpSnapshot;
  update(fn: (snapshot: AcpSnapshot) => AcpSnapshot): void;
  now(): number;
  diagnose(kind: DiagnosticKind, message: string, raw?: unknown): void;
  withSession(snapshot: AcpSnapshot, sessionId: string, update: (session: SessionState) => SessionState): AcpSnapshot;
}

/**
 * The router: true when it took the notification's params, false to leave them to the sessions.
 * `tools` are the core's helpers inter-session messages are built with (see `../session-messages.ts`).
 */
export function createSubagentRouter(host: SubagentHost, tools: SessionMessageTools): (params: unknown) => boolean {
  /** Child session id -> parent session id; O(1) per child update. */
  const parents = new Map<string, string>();
  const reducersFor = sessionMessageReducers(host, tools);
  const messageReducers = (update: unknown, params: unknown) => reducersFor(update, (problem) => host.diagnose('invalid_update', problem, params));
  return (params) => {
    const { sessionId, update } = (params ?? {}) as { sessionId?: unknown; update?: { sessionUpdate?: unknown } };
    if (typeof sessionId !== 'string') return false;
    const parentId = parents.get(sessionId);
    if (parentId !== undefined) {
      // The parent was closed or deleted: its children went with it.
      if (!host.get().sessions[parentId]) {
        parents.delete(sessionId);
        return false;
      }
      const reducers = messageReducers(update, params);
      if (reducers === null) return true;
      const at = host.now();
      host.update((s) => host.withSession(s, parentId, (parent) => applyChildUpdate(parent, sessionId, update, at, reducers ?? host)));
      return true;
    }
    if (!host.get().sessions[sessionId]) return false;
    const reducers = messageReducers(update, params);
    if (reducers !== undefined) {
      const at = host.now();
      if (reducers) host.update((s) => host.withSession(s, sessionId, (session) => reducers.applySessionUpdate(session, update, at)));
      return true;
    }
    if (update?.sessionUpdate !== 'subagent_update') return false;
    const patch = parseSubagentUpdate(update);
    if (typeof patch === 'string') {
      host.diagnose('invalid_update', patch, params);
      return true;
    }
    // A child's id is never its parent's, nor the id of a session of its own.
    if (patch.sessionId === sessionId || host.get().sessions[patch.sessionId]) {
      host.diagnose('invalid_update', `The subagent update names session ${patch.sessionId}, which is not a child session.`, params);
      return true;
    }
    parents.set(patch.sessionId, sessionId);
    host.update((s) => host.withSession(s, sessionId, (parent) => applySubagentUpdate(parent, patch, host)));
    return true;
  };
}
