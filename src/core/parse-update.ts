/**
 * Lenient parsing of `session/update` payloads, applied to the raw JSON before the SDK sees it.
 * Each protocol version has its own module under `protocol/` (a schema change touches one file);
 * all of them produce the same reducer operations (`ParsedUpdate`), so the reducer is not forked.
 */
import type { ParsedUpdate } from './protocol/parsed-update.js';
import { unsupported } from './protocol/parsed-update.js';
import { parseV1Update } from './protocol/v1.js';
import { isRecord, isString } from './guards.js';

export { MAIN_PLAN_ID } from './protocol/parsed-update.js';
export type { ChunkTarget, ParsedUpdate, ToolCallPatch } from './protocol/parsed-update.js';

/** The ACP versions whose `session/update` this client parses. */
export type ProtocolVersion = 1;

// A Map, not an object literal: a version read from the peer must not find Object.prototype members.
const PARSERS: ReadonlyMap<number, (raw: unknown) => ParsedUpdate> = new Map([[1, parseV1Update]]);

/** Parses one raw `update` (the `update` field of `session/update` params) as the connection's ACP version speaks it. */
export function parseSessionUpdate(raw: unknown, version: ProtocolVersion = 1): ParsedUpdate {
  const parse = PARSERS.get(version);
  if (parse) return parse(raw);
  const kind = isRecord(raw) && isString(raw.sessionUpdate) ? raw.sessionUpdate : null;
  return unsupported(kind, `This client does not parse updates of ACP version ${String(version)}.`, raw);
}
