/**
 * The sub-agent wire shape that came before `subagent_update`, still sent by codex-acp (1.7 and
 * later) and by claude-agent-acp's first implementation: `subagent_spawned { subagentSessionId,
 * name, task, capabilities: { cancel?: boolean, close?: boolean } }` announces a child on its
 * parent, `subagent_state_update { subagentSessionId, state: completed | failed | cancelled }`
 * reports how its work ended. The child's own traffic is ordinary `session/update`s with its
 * session id, as with `subagent_update`; so each legacy update is read here as the
 * `subagent_update` patch that says the same, and the one child-session model takes both shapes.
 * Pure, and on demand like `subagents.ts` (which it borrows its two guards from).
 */
import { isRecord, isString, type SubagentPatch } from './subagents.js';
import type { SubagentWorkState } from './types.js';

/** The legacy end states, as the stop reason of an idle `subagent_update` state (what the UI reads). */
const STOP_REASONS: ReadonlyMap<string, string> = new Map([
  ['completed', 'end_turn'],
  ['cancelled', 'cancelled'],
  ['failed', 'error'],
]);

/** The update kinds read here. */
export const LEGACY_SUBAGENT_KINDS: ReadonlySet<string> = new Set(['subagent_spawned', 'subagent_state_update']);

/** Reads a `subagent_spawned` or `subagent_state_update` (the `update` object), or returns the reason it cannot be used. */
export function readLegacySubagent(raw: unknown): SubagentPatch | string {
  if (!isRecord(raw)) return 'The subagent update is not an object.';
  const kind = raw.sessionUpdate;
  if (kind !== 'subagent_spawned' && kind !== 'subagent_state_update') return `"${String(kind)}" is not a legacy subagent update.`;
  if (!isString(raw.subagentSessionId) || raw.subagentSessionId === '') return `The ${kind} has no child subagentSessionId.`;
  const patch: SubagentPatch = { sessionId: raw.subagentSessionId };
  if (kind === 'subagent_spawned') {
    if (isString(raw.name)) patch.title = raw.name;
    if (isString(raw.task)) patch.description = raw.task;
    // Legacy booleans; an object marker (the later shape) is taken too.
    const cancel = isRecord(raw.capabilities) ? raw.capabilities.cancel : undefined;
    patch.canCancel = cancel === true || isRecord(cancel);
    patch.state = workState('running', null);
  } else {
    if (!isString(raw.state)) return `The subagent_state_update for ${raw.subagentSessionId} has no state.`;
    const stopReason = STOP_REASONS.get(raw.state);
    // `disconnected` (and any state this client does not know) says the work is not confirmed, not that it ended.
    patch.state = stopReason === undefined ? workState('unknown', null) : workState('idle', stopReason);
    // A finished (or lost) child can no longer be cancelled.
    patch.canCancel = false;
  }
  if ('_meta' in raw) patch._meta = isRecord(raw._meta) ? raw._meta : null;
  return patch;
}

function workState(state: string, stopReason: string | null): SubagentWorkState {
  return { state, stopReason, error: null, usage: null };
}
