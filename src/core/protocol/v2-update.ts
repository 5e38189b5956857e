/**
 * ACP v2's `session/update` (Preview), parsed leniently from the raw JSON and mapped onto the
 * reducer's operations (`ParsedUpdate`); the kinds v2 shares with v1 are read by
 * `shared-update.ts`. What is v2's own is decided here: whole messages by `messageId`, the tool
 * call as an upsert whose `null` clears a field, tool-call content appended item by item,
 * agent-owned terminals with base64 output, and the turn's state. A schema bump of the Preview
 * touches this file (and `v2.ts`), nothing else.
 *
 * Kinds only v1 defines are unsupported here (the dispatcher, `parse-update.ts`, folds them
 * through the v1 module). What cannot be used at all becomes an `unsupported` update carrying the
 * reason and the raw JSON, never an exception.
 */
import type * as v2 from '@agentclientprotocol/sdk/experimental/v2';
import { readContentBlock } from '../content.js';
import { isFiniteNumber, isRecord, isString } from '../guards.js';
import { parentToolCallIdOf } from '../parent-tool-call.js';
import type { AcpErrorInfo, TurnUsage } from '../types.js';
import { metaOf, unsupported, type ChunkTarget, type ParsedUpdate, type ToolCallPatch, type TurnStateName } from './parsed-update.js';
import { isLocation, isToolCallContent, isToolStatus, toolKindOf } from './readers.js';
import { parseSharedUpdate } from './shared-update.js';

/** The kinds only v2 defines (on a v1 connection they are folded as v2 reads them, and diagnosed). */
export const V2_ONLY_KINDS: ReadonlySet<string> = new Set([
  'user_message',
  'agent_message',
  'agent_thought',
  'state_update',
  'tool_call_content_chunk',
  'terminal_update',
  'terminal_output_chunk',
]);

// Maps, not object literals: the keys come from the peer (see shared-update.ts).
const MESSAGE_TARGETS: ReadonlyMap<string, ChunkTarget> = new Map([
  ['user_message', 'user_message'],
  ['agent_message', 'agent_message'],
  ['agent_thought', 'thought'],
]);
const TURN_STATES: ReadonlySet<string> = new Set<TurnStateName>(['running', 'requires_action', 'idle']);

export function parseV2Update(raw: unknown): ParsedUpdate {
  if (!isRecord(raw)) return unsupported(null, 'The update is not an object.', raw);
  const kind = raw.sessionUpdate;
  if (!isString(kind)) return unsupported(null, 'The update has no sessionUpdate kind.', raw);
  const shared = parseSharedUpdate(kind, raw);
  if (shared) return shared;

  const target = MESSAGE_TARGETS.get(kind);
  if (target) return parseMessage(kind, target, raw);
  switch (kind) {
    case 'tool_call_update':
      return parseToolCall(raw);
    case 'tool_call_content_chunk':
      if (!isId(raw.toolCallId)) return unsupported(kind, 'The content chunk has no toolCallId.', raw);
      if (!isToolCallContent(raw.content)) return unsupported(kind, `The content chunk for the tool call "${raw.toolCallId}" has no valid content.`, raw);
      return {
        kind: 'tool_call',
        patch: { toolCallId: raw.toolCallId, appendContent: [raw.content] },
        isUpdate: false,
        parentToolCallId: parentToolCallIdOf(raw._meta),
      };
    case 'terminal_update':
      return parseTerminal(raw);
    case 'terminal_output_chunk': {
      if (!isId(raw.terminalId)) return unsupported(kind, 'The terminal output has no terminalId.', raw);
      const data = base64Bytes(raw.data);
      if (!data) return unsupported(kind, `The output of the terminal "${raw.terminalId}" is not base64 data.`, raw);
      return { kind: 'terminal_output', terminalId: raw.terminalId, data };
    }
    case 'state_update':
      return parseState(raw);
    default:
      return unsupported(kind, `Unknown update kind "${kind}".`, raw);
  }
}

function parseMessage(kind: string, target: ChunkTarget, raw: Record<string, unknown>): ParsedUpdate {
  if (!isId(raw.messageId)) return unsupported(kind, 'The message has no messageId.', raw);
  const message: ParsedUpdate = { kind: 'message', target, messageId: raw.messageId, parentToolCallId: parentToolCallIdOf(raw._meta) };
  // Tri-state: absent keeps what the message has, `null` clears it.
  if (raw.content === null) message.content = null;
  else if (Array.isArray(raw.content)) message.content = raw.content.map(readContentBlock);
  if ('_meta' in raw) message._meta = metaOf(raw._meta);
  return message;
}

/** v2: every field is a patch, `null` clears it (v1 keeps the value). */
function parseToolCall(raw: Record<string, unknown>): ParsedUpdate {
  if (!isId(raw.toolCallId)) return unsupported('tool_call_update', 'The tool call has no toolCallId.', raw);
  const patch: ToolCallPatch = { toolCallId: raw.toolCallId };
  if (raw.title === null || isString(raw.title)) patch.title = raw.title;
  if (raw.name === null || isString(raw.name)) patch.name = raw.name;
  if (raw.kind === null) patch.toolKind = null;
  else if (isString(raw.kind)) patch.toolKind = toolKindOf(raw.kind);
  if (raw.status === null || isToolStatus(raw.status)) patch.status = raw.status;
  if (raw.content === null) patch.content = null;
  else if (Array.isArray(raw.content)) patch.content = raw.content.filter(isToolCallContent);
  if (raw.locations === null) patch.locations = null;
  else if (Array.isArray(raw.locations)) patch.locations = raw.locations.filter(isLocation);
  if ('rawInput' in raw) patch.rawInput = raw.rawInput;
  if ('rawOutput' in raw) patch.rawOutput = raw.rawOutput;
  if ('_meta' in raw) patch._meta = metaOf(raw._meta);
  // v2 has no other way to start a tool call: a new id is not "created by an update".
  return { kind: 'tool_call', patch, isUpdate: false, parentToolCallId: parentToolCallIdOf(raw._meta) };
}

function parseTerminal(raw: Record<string, unknown>): ParsedUpdate {
  const kind = 'terminal_update';
  if (!isId(raw.terminalId)) return unsupported(kind, 'The terminal update has no terminalId.', raw);
  const update: Extract<ParsedUpdate, { kind: 'terminal' }> = { kind: 'terminal', terminalId: raw.terminalId };
  if (raw.command === null || isString(raw.command)) update.command = raw.command;
  if (raw.cwd === null || isString(raw.cwd)) update.cwd = raw.cwd;
  if (raw.output === null) update.output = null;
  else if (raw.output !== undefined) {
    const output = isRecord(raw.output) ? base64Bytes(raw.output.data) : null;
    if (!output) return unsupported(kind, `The output of the terminal "${raw.terminalId}" is not base64 data.`, raw);
    update.output = output;
  }
  const exit = raw.exitStatus as v2.TerminalExitStatus | null | undefined;
  if (exit === null) update.exitStatus = null;
  else if (isRecord(exit)) {
    update.exitStatus = { exitCode: isFiniteNumber(exit.exitCode) ? exit.exitCode : null, signal: isString(exit.signal) ? exit.signal : null };
  }
  return update;
}

function parseState(raw: Record<string, unknown>): ParsedUpdate {
  const { state } = raw;
  if (!isString(state) || !TURN_STATES.has(state)) {
    return unsupported('state_update', `Unknown turn state ${isString(state) ? `"${state}"` : '(none)'}.`, raw);
  }
  const stopReason = state === 'idle' && isString(raw.stopReason) ? raw.stopReason : null;
  return {
    kind: 'state',
    state: state as TurnStateName,
    stopReason,
    error: stopReason === 'error' ? errorOf(raw.error) : null,
    usage: usageOf(raw.usage),
    _meta: metaOf(raw._meta),
  };
}

/** The agent's error for an `error` stop; one that says nothing is still an error. */
function errorOf(value: unknown): AcpErrorInfo {
  const error = value as v2.Error | null | undefined;
  if (!isRecord(error)) return { code: -32603, message: 'The agent ended the turn with an error.' };
  const info: AcpErrorInfo = {
    code: isFiniteNumber(error.code) || isString(error.code) ? error.code : -32603,
    message: isString(error.message) && error.message !== '' ? error.message : 'The agent ended the turn with an error.',
  };
  if (error.data !== undefined) info.data = error.data;
  return info;
}

/** End-of-turn usage, when an agent sends v1's shape with its idle state (v2 does not define it yet). */
function usageOf(value: unknown): TurnUsage | null {
  if (!isRecord(value) || !isFiniteNumber(value.totalTokens) || !isFiniteNumber(value.inputTokens) || !isFiniteNumber(value.outputTokens)) return null;
  return value as unknown as TurnUsage;
}

function isId(value: unknown): value is string {
  return isString(value) && value !== '';
}

/** The bytes of a base64 string (each chunk is encoded on its own), or null for anything else. */
function base64Bytes(value: unknown): Uint8Array | null {
  if (!isString(value)) return null;
  try {
    const binary = atob(value);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}
