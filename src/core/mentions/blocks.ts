/**
 * How mentions become prompt blocks, per the agent's `promptCapabilities` (guide §4.1): with
 * `embeddedContext` each mention is an embedded `resource` carrying its content; without it, a
 * `resource_link` (the agent reads it itself, if it can). Content over the size limit, or that
 * could not be read, goes as a link too, with a note for the user saying so.
 */
import type { ContentBlock, PromptCapabilities } from '../types.js';
import { draftDisplayText, draftMentions, mentionDisplay, mentionMarkup } from './draft.js';
import type { MentionContent, MentionRef, MentionSource } from './types.js';

/** Default largest mention content embedded: 100 kB of text is already a lot of context. */
export const DEFAULT_MENTION_LIMIT = 100 * 1000;

/** `_meta` key that marks a block as a mention, so a thread can show it as a chip. */
export const MENTION_META_KEY = 'acp-react/mention';

/** Why a mention was sent as a link instead of its content. */
export type MentionNote =
  { mention: MentionRef; reason: 'too_large'; size: number; limit: number } | { mention: MentionRef; reason: 'unreadable'; message: string };

export interface MentionBlocks {
  blocks: ContentBlock[];
  notes: MentionNote[];
}

/** The size that counts against the limit: UTF-8 bytes of text, decoded bytes of base64. */
export function contentSize(content: MentionContent): number {
  if ('text' in content) return new TextEncoder().encode(content.text).length;
  const clean = content.blob.replace(/\s+/g, '');
  return Math.max(0, Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0));
}

function meta(ref: MentionRef) {
  return { [MENTION_META_KEY]: { label: ref.label, ...(ref.kind ? { kind: ref.kind } : {}) } };
}

export function mentionLink(ref: MentionRef): ContentBlock {
  return { type: 'resource_link', uri: ref.uri, name: ref.label, _meta: meta(ref) };
}

/**
 * One mention's block given its content (or the reason it has none). Pure: `resolveMentionBlocks`
 * does the reading.
 */
export function mentionBlock(
  ref: MentionRef,
  content: MentionContent | { error: string },
  capabilities: PromptCapabilities | null | undefined,
  limit: number = DEFAULT_MENTION_LIMIT,
): { block: ContentBlock; note?: MentionNote } {
  if (!capabilities?.embeddedContext) return { block: mentionLink(ref) };
  if ('error' in content) return { block: mentionLink(ref), note: { mention: ref, reason: 'unreadable', message: content.error } };
  const size = contentSize(content);
  if (size > limit) return { block: mentionLink(ref), note: { mention: ref, reason: 'too_large', size, limit } };
  const resource =
    'text' in content
      ? { uri: ref.uri, text: content.text, mimeType: content.mimeType ?? 'text/plain' }
      : { uri: ref.uri, blob: content.blob, mimeType: content.mimeType };
  return { block: { type: 'resource', resource, _meta: meta(ref) } };
}

export interface ResolveMentionsOptions {
  capabilities: PromptCapabilities | null | undefined;
  limit?: number;
  signal?: AbortSignal;
}

/**
 * The blocks of a draft's mentions, read from the source in parallel when they are to be
 * embedded (the agent takes embedded context and the source can read). Never rejects for a
 * mention: a failed read becomes a link and a note.
 */
export async function resolveMentionBlocks(
  refs: readonly MentionRef[],
  source: MentionSource | undefined,
  options: ResolveMentionsOptions,
): Promise<MentionBlocks> {
  const signal = options.signal ?? new AbortController().signal;
  // A source without `read` lists what only the agent can read: links, and nothing to note.
  const read = options.capabilities?.embeddedContext ? source?.read?.bind(source) : undefined;
  const results = await Promise.all(
    refs.map(async (ref) => {
      if (!read) return mentionBlock(ref, { error: '' }, null);
      let content: MentionContent | { error: string };
      try {
        content = await read(ref, { signal });
        if (!isContent(content)) content = { error: 'The host returned no content.' };
      } catch (error) {
        content = { error: error instanceof Error ? error.message : String(error) };
      }
      return mentionBlock(ref, content, options.capabilities, options.limit);
    }),
  );
  return { blocks: results.map((r) => r.block), notes: results.flatMap((r) => (r.note ? [r.note] : [])) };
}

function isContent(value: unknown): value is MentionContent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.text === 'string' || (typeof v.blob === 'string' && typeof v.mimeType === 'string');
}

/**
 * A whole prompt from a draft with mentions: the text as the user sees it (`@label`), then one
 * block per mentioned resource, then `extra` (attachments).
 */
export async function draftPromptBlocks(
  value: string,
  extra: readonly ContentBlock[],
  source: MentionSource | undefined,
  options: ResolveMentionsOptions,
): Promise<MentionBlocks> {
  const body = draftDisplayText(value).trimEnd();
  const mentions = await resolveMentionBlocks(draftMentions(value), source, options);
  const blocks: ContentBlock[] = body.trim() ? [{ type: 'text', text: body }] : [];
  return { blocks: [...blocks, ...mentions.blocks, ...extra], notes: mentions.notes };
}

/** The mention a received block stands for (a block this library sent), or null. */
export function blockMention(block: ContentBlock): MentionRef | null {
  if (block.type !== 'resource_link' && block.type !== 'resource') return null;
  const meta = (block._meta as Record<string, unknown> | null | undefined)?.[MENTION_META_KEY] as { label?: unknown; kind?: unknown } | undefined;
  if (!meta || typeof meta.label !== 'string') return null;
  const uri = block.type === 'resource_link' ? block.uri : block.resource?.uri;
  if (typeof uri !== 'string') return null;
  return { uri, label: meta.label, ...(typeof meta.kind === 'string' ? { kind: meta.kind } : {}) };
}

/**
 * The draft a prompt was sent from, for giving it back when sending failed: the text blocks, with
 * each mention's `@label` turned back into its markup (the first occurrence not yet taken, in order).
 */
export function draftFromBlocks(blocks: readonly ContentBlock[]): string {
  let text = blocks.map((b) => (b.type === 'text' ? b.text : '')).join('');
  let from = 0;
  for (const block of blocks) {
    const mention = blockMention(block);
    if (!mention) continue;
    const at = text.indexOf(mentionDisplay(mention), from);
    if (at < 0) continue;
    const markup = mentionMarkup(mention);
    text = text.slice(0, at) + markup + text.slice(at + mentionDisplay(mention).length);
    from = at + markup.length;
  }
  return text;
}
