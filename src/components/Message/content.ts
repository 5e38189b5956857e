/**
 * Pure helpers over a message's content blocks: what is shown, and how text blocks group.
 */
import type { ContentBlock, ReceivedContentBlock, UnknownContentBlock } from '../../core/types.js';

export function isUnknownBlock(block: ReceivedContentBlock): block is UnknownContentBlock {
  return 'unsupported' in block && block.unsupported === true;
}

/**
 * ACP annotations may address a block to the assistant only (context it keeps for itself);
 * those are hidden. No audience, or one that includes "user", is shown.
 */
export function isShownToUser(block: ReceivedContentBlock): boolean {
  if (isUnknownBlock(block)) return true;
  const audience = block.annotations?.audience;
  return !Array.isArray(audience) || audience.includes('user');
}

export type ContentSegment =
  { kind: 'text'; key: number; text: string } | { kind: 'block'; key: number; block: Exclude<ContentBlock, { type: 'text' }> | UnknownContentBlock };

/**
 * The visible content as segments: runs of text blocks become one markdown text (streamed chunks
 * may split a sentence anywhere), other blocks stand alone. Keys are the index of a segment's
 * first block, stable while content is appended.
 */
export function segmentContent(content: readonly ReceivedContentBlock[], joinedText: string): ContentSegment[] {
  // The common case, a message of text only: use the store's joined text (no re-joining per chunk).
  if (content.every((block) => !isUnknownBlock(block) && block.type === 'text' && isShownToUser(block))) {
    return joinedText === '' && content.length === 0 ? [] : [{ kind: 'text', key: 0, text: joinedText }];
  }
  const segments: ContentSegment[] = [];
  content.forEach((block, index) => {
    if (!isShownToUser(block)) return;
    if (!isUnknownBlock(block) && block.type === 'text') {
      const last = segments[segments.length - 1];
      if (last?.kind === 'text') last.text += block.text;
      else segments.push({ kind: 'text', key: index, text: block.text });
      return;
    }
    segments.push({ kind: 'block', key: index, block });
  });
  return segments;
}

/** Approximate decoded size of base64 data, in bytes. */
export function base64Size(data: string): number {
  const clean = data.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** True when `data` is plain base64 (safe to embed in a `data:` URL as is). */
export function isBase64(data: string): boolean {
  return data.length > 0 && BASE64.test(data);
}

export { baseMimeType } from '../shared/mime-type.js';

/** The last path segment of a URI, for display. */
export function fileNameOf(uri: string | null | undefined): string | null {
  if (!uri) return null;
  const path = uri.split(/[?#]/, 1)[0] ?? '';
  const name = path.split(/[\\/]/).filter(Boolean).pop();
  if (!name) return null;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
