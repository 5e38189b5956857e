/**
 * Lenient parsing of `session/update` payloads, applied to the raw JSON before the SDK sees it.
 * Each protocol version has its own module under `protocol/` (a schema change touches one file);
 * all of them produce the same reducer operations (`ParsedUpdate`), so the reducer is not forked.
 *
 * Lenient both ways: a kind only the other version defines is read by that version's module and
 * used anyway, wrapped as an `oddity` for the client to diagnose (`protocol_oddity`). The kinds
 * both define (`tool_call_update`, chunks, plan operations…) are read as the connection's version
 * says: a `null` on a tool call's field keeps it on v1 and clears it on v2.
 */
import type { ParsedUpdate } from './protocol/parsed-update.js';
import { unsupported } from './protocol/parsed-update.js';
import { parseV1Update, V1_ONLY_KINDS } from './protocol/v1.js';
import { parseV2Update, V2_ONLY_KINDS } from './protocol/v2-update.js';
import { isRecord, isString } from './guards.js';

export { MAIN_PLAN_ID } from './protocol/parsed-update.js';
export type { ChunkTarget, ParsedUpdate, ToolCallPatch, TurnStateName } from './protocol/parsed-update.js';

/**
 * The ACP versions whose `session/update` this client parses.
 *
 * @inline
 */
export type ProtocolVersion = 1 | 2;

/** Parses one raw `update` (the `update` field of `session/update` params) as the connection's ACP version speaks it. */
export function parseSessionUpdate(raw: unknown, version: ProtocolVersion = 1): ParsedUpdate {
  const kind = isRecord(raw) && isString(raw.sessionUpdate) ? raw.sessionUpdate : null;
  if (version === 1) {
    return kind !== null && V2_ONLY_KINDS.has(kind) ? oddity(kind, 2, 1, parseV2Update(raw)) : parseV1Update(raw);
  }
  if (version === 2) {
    return kind !== null && V1_ONLY_KINDS.has(kind) ? oddity(kind, 1, 2, parseV1Update(raw)) : parseV2Update(raw);
  }
  return unsupported(kind, `This client does not parse updates of ACP version ${String(version)}.`, raw);
}

function oddity(kind: string, defined: ProtocolVersion, spoken: ProtocolVersion, update: ParsedUpdate): ParsedUpdate {
  return { kind: 'oddity', message: `An ACP v${defined} update "${kind}" on an ACP v${spoken} connection was used as v${defined} defines it.`, update };
}
