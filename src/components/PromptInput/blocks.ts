/**
 * The content blocks of a prompt: the text first (slash commands must lead, guide §7.1), then
 * the attachments in the order they were added.
 */
import type { ContentBlock } from '../../core/types.js';
import type { PromptAttachment } from './types.js';

export function promptBlocks(text: string, attachments: readonly PromptAttachment[]): ContentBlock[] {
  // Trailing whitespace is noise (often the space left after completing a `/command`).
  const body = text.trimEnd();
  const blocks: ContentBlock[] = body.trim() ? [{ type: 'text', text: body }] : [];
  for (const attachment of attachments) blocks.push(attachment.block);
  return blocks;
}

export function isEmptyPrompt(text: string, attachments: readonly PromptAttachment[]): boolean {
  return text.trim() === '' && attachments.length === 0;
}
