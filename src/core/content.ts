/**
 * Content blocks as received. Known ACP block types with the fields they need pass through
 * unchanged; anything else is kept verbatim as an `UnknownContentBlock` so it can be shown as
 * unsupported instead of being dropped (the SDK's stable parser would drop the whole update).
 */
import type * as acp from '@agentclientprotocol/sdk';
import { isRecord, isString } from './guards.js';
import type { ReceivedContentBlock, UnknownContentBlock } from './types.js';

export function readContentBlock(raw: unknown): ReceivedContentBlock {
  if (!isRecord(raw)) return unknownBlock('invalid', raw);
  const type = isString(raw.type) ? raw.type : 'invalid';
  switch (type) {
    case 'text':
      return isString(raw.text) ? (raw as acp.ContentBlock) : unknownBlock(type, raw);
    case 'image':
    case 'audio':
      return isString(raw.data) && isString(raw.mimeType) ? (raw as acp.ContentBlock) : unknownBlock(type, raw);
    case 'resource_link':
      return isString(raw.uri) && isString(raw.name) ? (raw as acp.ContentBlock) : unknownBlock(type, raw);
    case 'resource': {
      const resource = raw.resource;
      const ok = isRecord(resource) && isString(resource.uri) && (isString(resource.text) || isString(resource.blob));
      return ok ? (raw as acp.ContentBlock) : unknownBlock(type, raw);
    }
    default:
      return unknownBlock(type, raw);
  }
}

function unknownBlock(type: string, raw: unknown): UnknownContentBlock {
  return { type, unsupported: true, raw };
}

export function isUnknownBlock(block: ReceivedContentBlock): block is UnknownContentBlock {
  return 'unsupported' in block && block.unsupported === true;
}

/** The text a block contributes to a message's joined `text`. */
export function textOf(block: ReceivedContentBlock): string {
  return !isUnknownBlock(block) && block.type === 'text' ? block.text : '';
}

/**
 * Appends a chunk to a message's blocks. Consecutive text chunks merge into one text block, so a
 * streamed message stays one block however many chunks it took: O(1) amortized per chunk
 * (engines concatenate strings as ropes), with a copy of the (short) block array.
 */
export function appendBlock(blocks: ReceivedContentBlock[], block: ReceivedContentBlock): ReceivedContentBlock[] {
  const last = blocks[blocks.length - 1];
  if (
    last &&
    !isUnknownBlock(last) &&
    !isUnknownBlock(block) &&
    last.type === 'text' &&
    block.type === 'text' &&
    last.annotations == null &&
    block.annotations == null
  ) {
    const next = blocks.slice();
    next[next.length - 1] = { type: 'text', text: last.text + block.text };
    return next;
  }
  return [...blocks, block];
}

/** Normalizes a prompt given as a string or blocks into the blocks sent on the wire. */
export function toPromptBlocks(prompt: string | acp.ContentBlock[]): acp.ContentBlock[] {
  return typeof prompt === 'string' ? [{ type: 'text', text: prompt }] : prompt;
}
