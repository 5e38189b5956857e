/**
 * ACP v1's `session/update`, parsed leniently from the raw JSON before the SDK sees it and mapped
 * onto the reducer's operations (`ParsedUpdate`). What is v1's own is decided here: its `null`
 * meaning "unchanged" on a tool call's title, name, kind and status, its one plan kept as the plan
 * `main`, a chunk as the only carrier of a message's `_meta`. Its opt-in plan operations
 * (`plan_update`, `plan_removed`) are read too. Kinds of other versions stay unsupported here.
 *
 * Follows the schema's own leniency (`x-deserialize-default-on-error`): an unknown tool `kind` or
 * `status` becomes the default, invalid items inside `content`, `locations`, `entries`,
 * `availableCommands` and `configOptions` are skipped, a malformed `cost` or `messageId` is
 * dropped. What cannot be used at all (unknown `sessionUpdate`, a missing required field) becomes
 * an `unsupported` update carrying the reason and the raw JSON, never an exception.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { readContentBlock } from '../content.js';
import { isFiniteNumber, isRecord, isString, optionalString, validItems } from '../guards.js';
import { parentToolCallIdOf } from '../parent-tool-call.js';
import { MAIN_PLAN_ID, metaOf, unsupported, type ChunkTarget, type ParsedUpdate, type ToolCallPatch } from './parsed-update.js';
import { parsePlanRemoved, parsePlanUpdate } from './plan-update.js';
import { isCommand, isConfigOption, isCost, isLocation, isPlanEntry } from './readers.js';

const TOOL_KINDS: ReadonlySet<string> = new Set(['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other']);
const TOOL_STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed', 'failed']);

// A Map, not an object literal: `sessionUpdate` comes from the peer, and a lookup of "toString" or
// "__proto__" on an object would find Object.prototype members and crash the reducer.
const CHUNK_TARGETS: ReadonlyMap<string, ChunkTarget> = new Map([
  ['user_message_chunk', 'user_message'],
  ['agent_message_chunk', 'agent_message'],
  ['agent_thought_chunk', 'thought'],
]);

export function parseV1Update(raw: unknown): ParsedUpdate {
  if (!isRecord(raw)) return unsupported(null, 'The update is not an object.', raw);
  const kind = raw.sessionUpdate;
  if (!isString(kind)) return unsupported(null, 'The update has no sessionUpdate kind.', raw);

  const chunkTarget = CHUNK_TARGETS.get(kind);
  if (chunkTarget) {
    if (!('content' in raw)) return unsupported(kind, 'The chunk has no content.', raw);
    const chunk: ParsedUpdate = {
      kind: 'chunk',
      target: chunkTarget,
      content: readContentBlock(raw.content),
      messageId: isString(raw.messageId) ? raw.messageId : null,
      parentToolCallId: parentToolCallIdOf(raw._meta),
    };
    // v1 has no other place for a message's metadata than its chunks.
    if (isRecord(raw._meta)) chunk._meta = raw._meta;
    return chunk;
  }

  switch (kind) {
    case 'tool_call':
    case 'tool_call_update':
      return parseToolCall(kind, raw);
    case 'plan':
      if (!Array.isArray(raw.entries)) return unsupported(kind, 'The plan has no entries list.', raw);
      return { kind: 'plan', plan: { planId: MAIN_PLAN_ID, type: 'items', entries: validItems(raw.entries, isPlanEntry), _meta: metaOf(raw._meta) } };
    // Sent only to a client that advertised `clientCapabilities.plan`.
    case 'plan_update':
      return parsePlanUpdate(raw);
    case 'plan_removed':
      return parsePlanRemoved(raw);
    case 'available_commands_update':
      if (!Array.isArray(raw.availableCommands)) {
        return unsupported(kind, 'The command list is missing.', raw);
      }
      return { kind: 'commands', commands: validItems(raw.availableCommands, isCommand) };
    case 'current_mode_update': {
      // The docs' example says `modeId`; the schema says `currentModeId`. Accept both.
      const modeId = isString(raw.currentModeId) ? raw.currentModeId : raw.modeId;
      if (!isString(modeId)) return unsupported(kind, 'The mode update has no mode id.', raw);
      return { kind: 'mode', currentModeId: modeId };
    }
    case 'config_option_update':
      if (!Array.isArray(raw.configOptions)) return unsupported(kind, 'The config option list is missing.', raw);
      return { kind: 'config', configOptions: validItems(raw.configOptions, isConfigOption) };
    case 'session_info_update':
      return { kind: 'info', title: optionalString(raw.title), updatedAt: optionalString(raw.updatedAt) };
    case 'usage_update':
      if (!isFiniteNumber(raw.used) || !isFiniteNumber(raw.size)) {
        return unsupported(kind, 'The usage update needs numeric used and size.', raw);
      }
      return { kind: 'usage', used: raw.used, size: raw.size, cost: isCost(raw.cost) ? raw.cost : null };
    case 'notice':
      if (!isString(raw.title) || raw.title === '') return unsupported(kind, 'The notice has no title.', raw);
      return {
        kind: 'notice',
        severity: isString(raw.severity) ? raw.severity : 'info',
        title: raw.title,
        description: isString(raw.description) ? raw.description : null,
      };
    case 'compaction_update':
      if (!isString(raw.compactionId)) return unsupported(kind, 'The compaction has no id.', raw);
      return {
        kind: 'compaction',
        compactionId: raw.compactionId,
        status: isString(raw.status) ? raw.status : undefined,
        summary: raw.summary === null ? null : Array.isArray(raw.summary) ? raw.summary.map(readContentBlock) : undefined,
        error: optionalString(raw.error),
      };
    case 'compaction_summary_chunk':
      if (!isString(raw.compactionId) || !('content' in raw)) {
        return unsupported(kind, 'The compaction summary chunk needs an id and content.', raw);
      }
      return { kind: 'compaction_chunk', compactionId: raw.compactionId, content: readContentBlock(raw.content) };
    default:
      return unsupported(kind, `Unknown update kind "${kind}".`, raw);
  }
}

function parseToolCall(kind: 'tool_call' | 'tool_call_update', raw: Record<string, unknown>): ParsedUpdate {
  if (!isString(raw.toolCallId) || raw.toolCallId === '') {
    return unsupported(kind, 'The tool call has no toolCallId.', raw);
  }
  const isUpdate = kind === 'tool_call_update';
  if (!isUpdate && !isString(raw.title)) return unsupported(kind, 'The tool call has no title.', raw);
  const patch: ToolCallPatch = { toolCallId: raw.toolCallId };
  // v1: a `null` title, name, kind or status leaves the field unchanged, as its schema says of `name`.
  if (isString(raw.title)) patch.title = raw.title;
  if (isString(raw.name)) patch.name = raw.name;
  if (isString(raw.kind)) patch.toolKind = TOOL_KINDS.has(raw.kind) ? (raw.kind as acp.ToolKind) : 'other';
  if (isString(raw.status) && TOOL_STATUSES.has(raw.status)) patch.status = raw.status as acp.ToolCallStatus;
  // `content` and `locations` replace the whole array; `null` clears it.
  if (raw.content === null) patch.content = [];
  else if (Array.isArray(raw.content)) patch.content = raw.content.filter(isToolCallContent);
  if (raw.locations === null) patch.locations = [];
  else if (Array.isArray(raw.locations)) patch.locations = raw.locations.filter(isLocation);
  if ('rawInput' in raw) patch.rawInput = raw.rawInput;
  if ('rawOutput' in raw) patch.rawOutput = raw.rawOutput;
  if ('_meta' in raw) patch._meta = metaOf(raw._meta);
  // No defaults here: a `tool_call` arriving after updates for the same id must not reset the
  // card's kind or status. A new card starts as kind `other`, status `pending` (the reducer's base).
  return { kind: 'tool_call', patch, isUpdate, parentToolCallId: parentToolCallIdOf(raw._meta) };
}

function isToolCallContent(value: unknown): value is acp.ToolCallContent {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'content':
      return isRecord(value.content) && isString(value.content.type);
    case 'diff':
      return isString(value.path) && isString(value.newText) && (value.oldText == null || isString(value.oldText));
    case 'terminal':
      return isString(value.terminalId);
    default:
      return false;
  }
}
