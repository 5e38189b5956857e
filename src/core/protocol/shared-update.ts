/**
 * The `session/update` kinds ACP v1 and v2 share, with the same wire shape and meaning: message
 * chunks, plan operations, commands, config options, session info, usage, notices and compaction.
 * Each version's module asks here first, then reads its own kinds. Lenient as the schema asks
 * (`x-deserialize-default-on-error`, invalid items skipped); what cannot be used at all becomes an
 * `unsupported` update carrying the reason and the raw JSON.
 */
import { readContentBlock } from '../content.js';
import { isFiniteNumber, isRecord, isString, optionalString, validItems } from '../guards.js';
import { parentToolCallIdOf } from '../parent-tool-call.js';
import { NOTICE_CODE, unsupported, type ChunkTarget, type ParsedUpdate } from './parsed-update.js';
import { parsePlanRemoved, parsePlanUpdate } from './plan-update.js';
import { isCommand, isConfigOption, isCost } from './readers.js';

// A Map, not an object literal: `sessionUpdate` comes from the peer, and a lookup of "toString" or
// "__proto__" on an object would find Object.prototype members and crash the reducer.
const CHUNK_TARGETS: ReadonlyMap<string, ChunkTarget> = new Map([
  ['user_message_chunk', 'user_message'],
  ['agent_message_chunk', 'agent_message'],
  ['agent_thought_chunk', 'thought'],
]);

/** The update read, or null when `kind` is not one both versions share. */
export function parseSharedUpdate(kind: string, raw: Record<string, unknown>): ParsedUpdate | null {
  const chunkTarget = CHUNK_TARGETS.get(kind);
  if (chunkTarget) {
    if (!('content' in raw)) return unsupported(kind, 'The chunk has no content.', raw);
    const chunk: ParsedUpdate = {
      kind: 'chunk',
      target: chunkTarget,
      content: readContentBlock(raw.content),
      // Optional in v1, required in v2: a chunk without one still joins the last message.
      messageId: isString(raw.messageId) ? raw.messageId : null,
      parentToolCallId: parentToolCallIdOf(raw._meta),
    };
    if (isRecord(raw._meta)) chunk._meta = raw._meta;
    return chunk;
  }

  switch (kind) {
    case 'plan_update':
      return parsePlanUpdate(raw);
    case 'plan_removed':
      return parsePlanRemoved(raw);
    case 'available_commands_update':
      if (!Array.isArray(raw.availableCommands)) {
        return unsupported(kind, 'The command list is missing.', raw);
      }
      return { kind: 'commands', commands: validItems(raw.availableCommands, isCommand) };
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
        code: isRecord(raw._meta) && isString(raw._meta[NOTICE_CODE]) ? raw._meta[NOTICE_CODE] : null,
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
      return null;
  }
}
