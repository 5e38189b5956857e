/**
 * What a permission prompt can say about the tool call it guards, read defensively from the
 * `ToolCallUpdate` (every field is optional, `rawInput` is whatever the agent sent).
 */
import type { ToolCallUpdate } from '../../core/types.js';

export interface ToolCallInfo {
  title: string | null;
  kind: string | null;
  /** A shell command from `rawInput.command` (a string, or an argv array joined with spaces). */
  command: string | null;
  paths: string[];
}

export function toolCallInfo(toolCall: ToolCallUpdate | null | undefined): ToolCallInfo {
  const raw = toolCall?.rawInput;
  const input = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    title: typeof toolCall?.title === 'string' && toolCall.title.trim() ? toolCall.title : null,
    kind: typeof toolCall?.kind === 'string' ? toolCall.kind : null,
    command: commandText(input.command),
    paths: Array.isArray(toolCall?.locations) ? toolCall.locations.map((l) => l?.path).filter((p): p is string => typeof p === 'string' && p !== '') : [],
  };
}

function commandText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() ? value : null;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value.join(' ');
  return null;
}
