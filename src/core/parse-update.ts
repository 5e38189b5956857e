/**
 * Lenient parsing of `session/update` payloads, applied to the raw JSON before the SDK sees it:
 * the ACP v1 normalizer. It turns the wire's update kinds into the reducer's operations
 * (`ParsedUpdate`), which are shaped for ACP v2 too: chunk appends beside whole-message upserts by
 * `messageId`, tri-state patches (absent keeps, `null` resets, a value replaces), plans by id. A
 * v2 normalizer (not shipped while v2 is a draft) feeds the same operations from v2's kinds
 * (`agent_message`, `plan_update`, `plan_removed`...); what differs between the versions is
 * decided here: v1's `null` meaning "unchanged" on a tool call's title, name, kind and status, its
 * one plan kept as the plan `main`, a chunk as the only carrier of a message's `_meta`. v2's
 * kinds (and v1's unstable ones, which the client does not advertise) stay unsupported here.
 *
 * Follows the schema's own leniency (`x-deserialize-default-on-error`): an unknown tool `kind` or
 * `status` becomes the default, invalid items inside `content`, `locations`, `entries`,
 * `availableCommands` and `configOptions` are skipped, a malformed `cost` or `messageId` is
 * dropped. What cannot be used at all (unknown `sessionUpdate`, a missing required field) becomes
 * an `unsupported` update carrying the reason and the raw JSON, never an exception.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { readContentBlock } from './content.js';
import { isFiniteNumber, isRecord, isString, optionalString, validItems } from './guards.js';
import { parentToolCallIdOf } from './parent-tool-call.js';
import type { Meta, PlanState, ReceivedContentBlock } from './types.js';

const TOOL_KINDS: ReadonlySet<string> = new Set(['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other']);
const TOOL_STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed', 'failed']);
const PLAN_STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed']);
const PLAN_PRIORITIES: ReadonlySet<string> = new Set(['high', 'medium', 'low']);

/**
 * Fields of a tool call upsert, each a tri-state patch: `undefined` (not sent) leaves the field,
 * `null` resets it to what a new card starts with (title: the id, kind `other`, status `pending`,
 * no name, no content or locations, no `_meta`), a value replaces it. `rawInput` and `rawOutput`
 * take any JSON value, `null` included, when sent.
 */
export interface ToolCallPatch {
  toolCallId: string;
  title?: string | null;
  name?: string | null;
  toolKind?: acp.ToolKind | null;
  status?: acp.ToolCallStatus | null;
  content?: acp.ToolCallContent[] | null;
  locations?: acp.ToolCallLocation[] | null;
  rawInput?: unknown;
  rawOutput?: unknown;
  _meta?: Meta | null;
}

export type ChunkTarget = 'user_message' | 'agent_message' | 'thought';

export type ParsedUpdate =
  /** Appends one block to the message (see `reducer/messages.ts`); `_meta`, when an object, replaces the message's. */
  | { kind: 'chunk'; target: ChunkTarget; content: ReceivedContentBlock; messageId: string | null; _meta?: Meta; parentToolCallId?: string | null }
  /** Whole-message upsert by `messageId`: `content` and `_meta` are tri-state patches (`[]` clears content too). */
  | {
      kind: 'message';
      target: ChunkTarget;
      messageId: string;
      content?: ReceivedContentBlock[] | null;
      _meta?: Meta | null;
      parentToolCallId?: string | null;
    }
  | { kind: 'tool_call'; patch: ToolCallPatch; isUpdate: boolean; parentToolCallId?: string | null }
  /** Replaces the plan with its id (adds it when new). */
  | { kind: 'plan'; plan: PlanState }
  | { kind: 'plan_removed'; planId: string }
  | { kind: 'commands'; commands: acp.AvailableCommand[] }
  | { kind: 'mode'; currentModeId: string }
  | { kind: 'config'; configOptions: acp.SessionConfigOption[] }
  | { kind: 'info'; title: string | null | undefined; updatedAt: string | null | undefined }
  | { kind: 'usage'; used: number; size: number; cost: acp.Cost | null }
  | { kind: 'notice'; severity: string; title: string; description: string | null }
  | {
      kind: 'compaction';
      compactionId: string;
      status: string | undefined;
      summary: ReceivedContentBlock[] | null | undefined;
      error: string | null | undefined;
    }
  | { kind: 'compaction_chunk'; compactionId: string; content: ReceivedContentBlock }
  | { kind: 'unsupported'; sessionUpdate: string | null; reason: string; raw: unknown };

// A Map, not an object literal: `sessionUpdate` comes from the peer, and a lookup of "toString" or
// "__proto__" on an object would find Object.prototype members and crash the reducer.
const CHUNK_TARGETS: ReadonlyMap<string, ChunkTarget> = new Map([
  ['user_message_chunk', 'user_message'],
  ['agent_message_chunk', 'agent_message'],
  ['agent_thought_chunk', 'thought'],
]);

/** The id a v1 agent's one plan is kept under (ACP's v1-to-v2 conversion uses it). */
export const MAIN_PLAN_ID = 'main';

export function parseSessionUpdate(raw: unknown): ParsedUpdate {
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

/** A `_meta` as kept: the object, or null for anything else (ACP: omitted and `null` both mean none). */
function metaOf(value: unknown): Meta | null {
  return isRecord(value) ? value : null;
}

function unsupported(sessionUpdate: string | null, reason: string, raw: unknown): ParsedUpdate {
  return { kind: 'unsupported', sessionUpdate, reason, raw };
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

function isLocation(value: unknown): value is acp.ToolCallLocation {
  return isRecord(value) && isString(value.path) && (value.line == null || isFiniteNumber(value.line));
}

function isPlanEntry(value: unknown): value is acp.PlanEntry {
  return (
    isRecord(value) &&
    isString(value.content) &&
    isString(value.status) &&
    PLAN_STATUSES.has(value.status) &&
    isString(value.priority) &&
    PLAN_PRIORITIES.has(value.priority)
  );
}

function isCommand(value: unknown): value is acp.AvailableCommand {
  return (
    isRecord(value) && isString(value.name) && isString(value.description) && (value.input == null || (isRecord(value.input) && isString(value.input.hint)))
  );
}

function isConfigOption(value: unknown): value is acp.SessionConfigOption {
  if (!isRecord(value) || !isString(value.id) || !isString(value.name)) return false;
  if (value.type === 'boolean') return typeof value.currentValue === 'boolean';
  if (value.type === 'select') return isString(value.currentValue) && Array.isArray(value.options);
  // Unknown option types are kept: the UI ignores them, as the spec asks.
  return isString(value.type);
}

function isCost(value: unknown): value is acp.Cost {
  return isRecord(value) && isFiniteNumber(value.amount) && isString(value.currency);
}
