/**
 * One `session/update` applied to the whole snapshot: what belongs to the session goes through the
 * session reducer (`reduceParsedUpdate`); what lives beside the sessions is kept here: ACP v2's
 * agent-owned terminals in `terminals`, and the diagnostics for what was used although it was
 * odd (an update of the other ACP version, a turn ended while none ran). Pure, like the reducer.
 */
import { addDiagnostic, withSession } from '../client/snapshot.js';
import { parseSessionUpdate, type ProtocolVersion } from '../parse-update.js';
import type { AcpSnapshot } from '../types.js';
import { reduceParsedUpdate } from './index.js';
import { applyTerminalUpdate } from './terminals.js';
import { isIdleWithoutTurn } from './turn-state.js';

/** Applies one raw `update` for `sessionId` (a session in the snapshot), read as the connection's ACP `version` speaks it. */
export function applySnapshotUpdate(snapshot: AcpSnapshot, sessionId: string, raw: unknown, now: number, version: ProtocolVersion = 1): AcpSnapshot {
  const session = Object.hasOwn(snapshot.sessions, sessionId) ? snapshot.sessions[sessionId] : undefined;
  if (!session) return snapshot;
  let next = snapshot;
  let update = parseSessionUpdate(raw, version);
  if (update.kind === 'oddity') {
    next = addDiagnostic(next, 'protocol_oddity', update.message, now, raw);
    update = update.update;
  }
  if (update.kind === 'terminal' || update.kind === 'terminal_output') {
    return { ...next, terminals: applyTerminalUpdate(next.terminals, sessionId, update) };
  }
  if (isIdleWithoutTurn(session, update)) {
    return addDiagnostic(
      next,
      'protocol_oddity',
      `A state_update idle (${String(update.stopReason)}) came for no running turn of the session ${sessionId}; nothing changed.`,
      now,
      raw,
    );
  }
  const parsed = update;
  return withSession(next, sessionId, (current) => reduceParsedUpdate(current, parsed, now));
}

/** The update kinds that live beside the sessions (ACP v2's agent-owned terminals). */
const TERMINAL_KINDS = new Set<unknown>(['terminal_update', 'terminal_output_chunk']);

/**
 * A child session's (sub-agent's) raw `update` when it is one of ACP v2's agent-owned terminals:
 * kept with the others, shown by the top-level session `sessionId` and naming the child, as the
 * client's own terminals for a child are. `undefined` for any other update (the child's own
 * record takes those).
 */
export function applyChildTerminalUpdate(
  snapshot: AcpSnapshot,
  sessionId: string,
  childSessionId: string,
  raw: unknown,
  now: number,
  version: ProtocolVersion = 1,
): AcpSnapshot | undefined {
  if (!TERMINAL_KINDS.has((raw as { sessionUpdate?: unknown } | null)?.sessionUpdate)) return undefined;
  const parsed = parseSessionUpdate(raw, version);
  const odd = parsed.kind === 'oddity';
  const update = odd ? parsed.update : parsed;
  if (update.kind !== 'terminal' && update.kind !== 'terminal_output') return undefined;
  const next = odd ? addDiagnostic(snapshot, 'protocol_oddity', parsed.message, now, raw) : snapshot;
  return { ...next, terminals: applyTerminalUpdate(next.terminals, sessionId, update, childSessionId) };
}
