/**
 * Child sessions (ACP's sub-agents): the routing of their traffic, made with the client unless
 * `subagents: false` (in place before the first update).
 * A `subagent_update` on a known session records the child on it; one on a known child
 * records a child of that child (any depth: every descendant is kept flat on the top-level
 * session's `subagents`, with its immediate parent in `parentSessionId`). A `session/update`
 * sent with a child's session id goes into that child's record. The legacy `subagent_spawned` /
 * `subagent_state_update` are taken as the `subagent_update` that says the same. Everything else
 * goes on to the ordinary routing (`sessions.ts`). An inter-session message (`session_message`,
 * `session_message_chunk`) goes into the transcript it was sent on, a child's or a session's own.
 *
 * It also answers, for the agent's requests (permission, elicitation, `fs/*`, `terminal/*`), whose
 * a child's session id is (`owner`): the top-level session that shows the request, and the roots
 * the child may touch.
 */
import { sessionMessageReducers, type SessionMessageTools } from '../session-messages.js';
import { LEGACY_SUBAGENT_KINDS, readLegacySubagent } from '../subagent-legacy.js';
import {
  applyChildUpdate,
  applySubagentUpdate,
  childOwner,
  parseSubagentUpdate,
  type ChildOwner,
  type SubagentPatch,
  type SubagentReducers,
} from '../subagents.js';
import type { AcpSnapshot, DiagnosticKind, SessionState } from '../types.js';

/** What the client gives the router; its functions come from the core entry (see `../subagents.ts` for why). */
export interface SubagentHost extends SubagentReducers {
  get(): AcpSnapshot;
  /**
   * The snapshot without the changes deferred so far (`Store.peek`): those only join text
   * chunks, so which sessions exist and whose children they are reads the same. Routing every
   * update through `get` would reduce the joined chunks one by one again.
   */
  peek(): AcpSnapshot;
  update(fn: (snapshot: AcpSnapshot) => AcpSnapshot): void;
  now(): number;
  diagnose(kind: DiagnosticKind, message: string, raw?: unknown): void;
  withSession(snapshot: AcpSnapshot, sessionId: string, update: (session: SessionState) => SessionState): AcpSnapshot;
  /**
   * Updates kept for session ids not known yet, by session id (`sessions.ts` keeps them, bounded).
   * A child's updates that arrived before the `subagent_update` announcing it are taken from here.
   */
  strays: Map<string, unknown[]>;
  /** `applyChildTerminalUpdate` (`../reducer/snapshot-update.ts`) at the connection's ACP version. */
  applyChildTerminalUpdate(snapshot: AcpSnapshot, sessionId: string, childSessionId: string, update: unknown, now: number): AcpSnapshot | undefined;
}

export interface SubagentRouter {
  /** A `session/update`'s params: true when it took them, false to leave them to the sessions. */
  route(params: unknown): boolean;
  /** Whose a known child session's requests are; null for any other session id. */
  owner(sessionId: string): ChildOwner | null;
}

/** `tools` are the core's helpers inter-session messages are built with (see `../session-messages.ts`). */
export function createSubagentRouter(host: SubagentHost, tools: SessionMessageTools): SubagentRouter {
  /** Child session id (of any depth) -> the top-level session's id; O(1) per child update. */
  const parents = new Map<string, string>();
  const reducersFor = sessionMessageReducers(host, tools);
  const messageReducers = (update: unknown, params: unknown) => reducersFor(update, (problem) => host.diagnose('invalid_update', problem, params));

  /**
   * The top-level session holding the child's record. A child is forgotten once its parent is closed or
   * deleted (its children went with it) or no longer holds it (a `session/load` rebuilds the
   * children from the replay): its traffic then goes on as an unknown session's, and is kept
   * until a `subagent_update` announces the child again.
   */
  const parentOf = (childId: string): SessionState | undefined => {
    const parentId = parents.get(childId);
    if (parentId === undefined) return undefined;
    const parent = host.peek().sessions[parentId];
    if (parent?.subagents?.[childId]) return parent;
    parents.delete(childId);
    return undefined;
  };

  /** One update of the child `childId` of the top-level session `top`: into its record, or beside the sessions (its terminals). */
  const childUpdate = (snapshot: AcpSnapshot, top: string, childId: string, update: unknown, at: number, reducers: SubagentReducers): AcpSnapshot =>
    host.applyChildTerminalUpdate(snapshot, top, childId, update, at) ??
    host.withSession(snapshot, top, (parent) => applyChildUpdate(parent, childId, update, at, reducers));

  /**
   * A `subagent_update` (or a legacy `subagent_spawned` / `subagent_state_update`, read as the
   * `subagent_update` that says the same) sent on `announcer`: the top-level session `parentId`
   * or one of its descendants.
   */
  const announce = (parentId: string, announcer: string, params: unknown, update: { sessionUpdate?: unknown }) => {
    const patch: SubagentPatch | string = update.sessionUpdate === 'subagent_update' ? parseSubagentUpdate(update) : readLegacySubagent(update);
    if (typeof patch === 'string') return host.diagnose('invalid_update', patch, params);
    const childId = patch.sessionId;
    // A child's id is never its parent's, nor the id of a session of its own; and a child keeps
    // the parent that announced it first (only that one updates it), so no chain of parents loops.
    const known = host.get().sessions[parentId]?.subagents?.[childId];
    if (childId === announcer || host.get().sessions[childId] || (known && known.parentSessionId !== announcer)) {
      return host.diagnose('invalid_update', `The subagent update on ${announcer} names session ${childId}, which is not a child of it.`, params);
    }
    if (!known && update.sessionUpdate === 'subagent_state_update') {
      // Recorded all the same (nothing is lost), as a subagent_update's first mention would be.
      host.diagnose('protocol_error', `A subagent_state_update on ${announcer} names child session ${childId}, which no subagent_spawned announced.`, params);
    }
    parents.set(childId, parentId);
    const early = host.strays.get(childId);
    host.strays.delete(childId);
    // Its updates that came first (agents race the announcement), read before the snapshot is
    // updated (reading one may record a diagnostic); a malformed message among them is left out.
    const adopted = (early ?? []).map((u) => [u, messageReducers(u, params)] as const);
    const at = host.now();
    host.update((s) =>
      adopted.reduce<AcpSnapshot>(
        (acc, [u, reducers]) => (reducers === null ? acc : childUpdate(acc, parentId, childId, u, at, reducers ?? host)),
        host.withSession(s, parentId, (parent) => applySubagentUpdate(parent, patch, host, announcer)),
      ),
    );
    if (early) {
      host.diagnose(
        'protocol_error',
        `${early.length} update(s) of child session ${childId} arrived before the subagent_update that announced it; they were added to it.`,
        params,
      );
    }
  };

  return {
    route(params) {
      const { sessionId, update } = (params ?? {}) as { sessionId?: unknown; update?: { sessionUpdate?: unknown } };
      if (typeof sessionId !== 'string') return false;
      const parent = parentOf(sessionId);
      // The top-level session: this one, or the one holding the child it was sent for.
      const top = parent?.sessionId ?? (host.peek().sessions[sessionId] && sessionId);
      if (!top) return false;
      const kind = update?.sessionUpdate;
      if (update && (kind === 'subagent_update' || (typeof kind === 'string' && LEGACY_SUBAGENT_KINDS.has(kind)))) {
        announce(top, sessionId, params, update);
        return true;
      }
      const reducers = messageReducers(update, params);
      if (reducers === null) return true;
      const at = host.now();
      if (parent) host.update((s) => childUpdate(s, top, sessionId, update, at, reducers ?? host));
      else if (reducers) host.update((s) => host.withSession(s, top, (session) => reducers.applySessionUpdate(session, update, at)));
      // A session's own update that is no inter-session message goes on to the ordinary routing.
      return !!(parent || reducers);
    },

    owner(sessionId) {
      const parent = parentOf(sessionId);
      const child = parent?.subagents?.[sessionId];
      return parent && child ? childOwner(parent, child) : null;
    },
  };
}
