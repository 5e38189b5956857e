/**
 * ACP v1's `session/update`, parsed leniently from the raw JSON before the SDK sees it and mapped
 * onto the reducer's operations (`ParsedUpdate`); the kinds v1 shares with v2 (chunks, plan
 * operations, commands…) are read by `shared-update.ts`. What is v1's own is decided here: its
 * `null` meaning "unchanged" on a tool call's title, name, kind and status, its one plan kept as
 * the plan `main`, its modes. Kinds only v2 defines are unsupported here (the dispatcher,
 * `parse-update.ts`, folds them through the v2 module).
 *
 * Follows the schema's own leniency (`x-deserialize-default-on-error`): an unknown tool `kind` or
 * `status` becomes the default, invalid items inside `content`, `locations`, `entries`,
 * `availableCommands` and `configOptions` are skipped, a malformed `cost` or `messageId` is
 * dropped. What cannot be used at all (unknown `sessionUpdate`, a missing required field) becomes
 * an `unsupported` update carrying the reason and the raw JSON, never an exception.
 */
import { isRecord, isString, validItems } from '../guards.js';
import { parentToolCallIdOf } from '../parent-tool-call.js';
import { MAIN_PLAN_ID, metaOf, unsupported, type ParsedUpdate, type ToolCallPatch } from './parsed-update.js';
import { isLocation, isPlanEntry, isToolCallContent, isToolStatus, toolKindOf } from './readers.js';
import { parseSharedUpdate } from './shared-update.js';

/** The kinds only v1 defines (on a v2 connection they are folded as v1 reads them, and diagnosed). */
export const V1_ONLY_KINDS: ReadonlySet<string> = new Set(['tool_call', 'plan', 'current_mode_update']);

export function parseV1Update(raw: unknown): ParsedUpdate {
  if (!isRecord(raw)) return unsupported(null, 'The update is not an object.', raw);
  const kind = raw.sessionUpdate;
  if (!isString(kind)) return unsupported(null, 'The update has no sessionUpdate kind.', raw);
  const shared = parseSharedUpdate(kind, raw);
  if (shared) return shared;

  switch (kind) {
    case 'tool_call':
    case 'tool_call_update':
      return parseToolCall(kind, raw);
    case 'plan':
      if (!Array.isArray(raw.entries)) return unsupported(kind, 'The plan has no entries list.', raw);
      return { kind: 'plan', plan: { planId: MAIN_PLAN_ID, type: 'items', entries: validItems(raw.entries, isPlanEntry), _meta: metaOf(raw._meta) } };
    case 'current_mode_update': {
      // The docs' example says `modeId`; the schema says `currentModeId`. Accept both.
      const modeId = isString(raw.currentModeId) ? raw.currentModeId : raw.modeId;
      if (!isString(modeId)) return unsupported(kind, 'The mode update has no mode id.', raw);
      return { kind: 'mode', currentModeId: modeId };
    }
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
  if (isString(raw.kind)) patch.toolKind = toolKindOf(raw.kind);
  if (isToolStatus(raw.status)) patch.status = raw.status;
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
