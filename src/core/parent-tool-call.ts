/**
 * Which tool call an update belongs under, when the agent runs sub-agents. ACP v1 has no field
 * for it, so agents say it in `_meta`; this list holds the places real agents use. Claude's ACP
 * adapter (`claude-agent-acp`) marks every message chunk and tool call of a `Task` run with
 * `_meta.claudeCode.parentToolUseId`, the `toolCallId` of the `Task` tool call.
 */
import { isRecord } from './guards.js';

/** `[vendor key, field]` pairs read from an update's `_meta`, first match wins. */
const PARENT_KEYS: ReadonlyArray<readonly [string, string]> = [['claudeCode', 'parentToolUseId']];

/** The parent tool call's id named in an update's `_meta`, or null (a missing, empty or non-string id is none). */
export function parentToolCallIdOf(meta: unknown): string | null {
  if (!isRecord(meta)) return null;
  for (const [vendor, field] of PARENT_KEYS) {
    const scope = meta[vendor];
    if (!isRecord(scope)) continue;
    const id = scope[field];
    if (typeof id === 'string' && id !== '') return id;
  }
  return null;
}
