/**
 * ACP v2's agent-owned terminals (`terminal_update`, `terminal_output_chunk`) folded into the
 * snapshot's `terminals`, the same `TerminalState` the client's own terminals use, so the
 * terminal card renders them as it does today. Output is kept by the same budget
 * (`TERMINAL_OUTPUT_BYTES`, cut from the front at a character boundary).
 *
 * The agent sends bytes (base64, each chunk on its own), so a UTF-8 character may be split
 * across two chunks: its first bytes wait in `pendingBytes` for the rest instead of becoming two
 * replacement characters.
 */
import { TERMINAL_OUTPUT_BYTES, truncateFromStart } from '../client/terminal-output.js';
import type { ParsedUpdate } from '../parse-update.js';
import type { AcpSnapshot, TerminalState } from '../types.js';
import { patched } from './copy.js';

type TerminalUpdate = Extract<ParsedUpdate, { kind: 'terminal' | 'terminal_output' }>;

/**
 * `sessionId` is the top-level session that shows the terminal; `subagentSessionId` the child
 * session (sub-agent) it was sent on, if any, as the client's own terminals record it.
 */
export function applyTerminalUpdate(
  terminals: AcpSnapshot['terminals'],
  sessionId: string,
  update: TerminalUpdate,
  subagentSessionId: string | null = null,
): AcpSnapshot['terminals'] {
  const { terminalId } = update;
  const current = (Object.hasOwn(terminals, terminalId) ? terminals[terminalId] : undefined) ?? newTerminal(terminalId, sessionId, subagentSessionId);
  const next = update.kind === 'terminal_output' ? appendOutput(current, update.data) : patchTerminal(current, update);
  // A computed key defines an own property, so a terminal id such as "__proto__" is just a key.
  return { ...terminals, [terminalId]: next };
}

/** What a terminal first seen starts with: every field unknown, as the schema says. */
function newTerminal(terminalId: string, sessionId: string, subagentSessionId: string | null): TerminalState {
  const state: TerminalState = { terminalId, sessionId, command: '', args: [], cwd: null, output: '', truncated: false, exitStatus: null, released: false };
  return subagentSessionId === null ? state : { ...state, subagentSessionId };
}

function patchTerminal(current: TerminalState, update: Extract<TerminalUpdate, { kind: 'terminal' }>): TerminalState {
  const next: TerminalState = {
    ...current,
    command: patched(update.command, current.command, ''),
    cwd: patched(update.cwd, current.cwd, null),
    exitStatus: update.exitStatus === undefined ? current.exitStatus : update.exitStatus,
  };
  if (update.output === undefined) return next;
  // An authoritative replacement of everything kept so far (`null` clears it).
  const { text, pending } = decodeUtf8(update.output ?? new Uint8Array(0), []);
  const cut = truncateFromStart(text, TERMINAL_OUTPUT_BYTES);
  return withPending({ ...next, output: cut.output, truncated: cut.truncated }, pending);
}

function appendOutput(current: TerminalState, data: Uint8Array): TerminalState {
  const { text, pending } = decodeUtf8(data, current.pendingBytes ?? []);
  const cut = truncateFromStart(current.output + text, TERMINAL_OUTPUT_BYTES);
  return withPending({ ...current, output: cut.output, truncated: current.truncated || cut.truncated }, pending);
}

function withPending(state: TerminalState, pending: number[]): TerminalState {
  if (pending.length > 0) return { ...state, pendingBytes: pending };
  const { pendingBytes: _none, ...rest } = state;
  return rest;
}

/** `bytes` after the `carried` ones, decoded; the first bytes of a character cut off at the end are handed back. */
function decodeUtf8(bytes: Uint8Array, carried: readonly number[]): { text: string; pending: number[] } {
  let all = bytes;
  if (carried.length > 0) {
    all = new Uint8Array(carried.length + bytes.length);
    all.set(carried);
    all.set(bytes, carried.length);
  }
  const end = completeLength(all);
  return { text: new TextDecoder().decode(all.subarray(0, end)), pending: Array.from(all.subarray(end)) };
}

/** The length of `bytes` without a trailing, incomplete UTF-8 sequence (an invalid one is left to the decoder). */
function completeLength(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}
