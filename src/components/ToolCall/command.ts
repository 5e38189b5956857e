import type { ToolCallItem } from '../../core/types.js';

/**
 * The shell command of an `execute` tool call, from `rawInput.command` (a string, or an argv
 * array as some agents send it). Null when there is none or it would only repeat the title.
 */
export function executeCommand(toolCall: Pick<ToolCallItem, 'toolKind' | 'rawInput' | 'title'>): string | null {
  if (toolCall.toolKind !== 'execute') return null;
  const input = toolCall.rawInput;
  if (typeof input !== 'object' || input === null) return null;
  const command = (input as { command?: unknown }).command;
  let text: string | null = null;
  if (typeof command === 'string') text = command;
  else if (Array.isArray(command) && command.every((part) => typeof part === 'string')) text = command.join(' ');
  if (!text || !text.trim()) return null;
  return text.trim() === toolCall.title.trim() ? null : text;
}
