/**
 * The prompt draft with mentions, as one string: plain text where each mention is written
 * `@[label](uri "kind")` (the Markdown link shape, `\`-escaping `\`, `]`, `)` and `"`). A string
 * keeps the `value`/`onValueChange` contract, the draft store and the prompt queue unchanged,
 * and a mention survives any of them. What the text field shows is the display text, where a
 * mention reads `@label`; `parseDraft` gives both and the map between them.
 */
import { itemAt } from '../item-at.js';
import type { MentionRef } from './types.js';

export type DraftSegment = { text: string } | { mention: MentionRef };

const escape = (value: string) => value.replace(/[\\\])"]/g, (ch) => `\\${ch}`);
const unescape = (value: string) => value.replace(/\\(.)/g, '$1');

// `@[` label `](` uri, then an optional ` "kind"`, then `)`. Escaped characters never end a part.
const MENTION = /@\[((?:\\.|[^\\\]])*)\]\(((?:\\.|[^\\)"\s])+)(?: "((?:\\.|[^\\"])*)")?\)/g;

/** The markup of one mention, as it appears in a draft string. */
export function mentionMarkup(ref: MentionRef): string {
  const kind = ref.kind ? ` "${escape(ref.kind)}"` : '';
  return `@[${escape(ref.label)}](${escape(ref.uri)}${kind})`;
}

/** The draft as text and mentions, in order; adjacent text is merged. */
export function parseDraft(value: string): DraftSegment[] {
  const segments: DraftSegment[] = [];
  let last = 0;
  for (const match of value.matchAll(MENTION)) {
    if (match.index > last) segments.push({ text: value.slice(last, match.index) });
    const kind = match[3] === undefined ? undefined : unescape(match[3]);
    // The label and the uri are not optional in MENTION: a match has both.
    segments.push({ mention: { label: unescape(itemAt(match, 1)), uri: unescape(itemAt(match, 2)), ...(kind ? { kind } : {}) } });
    last = match.index + match[0].length;
  }
  if (last < value.length) segments.push({ text: value.slice(last) });
  return segments;
}

export function serializeDraft(segments: readonly DraftSegment[]): string {
  return segments.map((s) => ('text' in s ? s.text : mentionMarkup(s.mention))).join('');
}

/** How a mention reads in the text field and in the text sent to the agent. */
export function mentionDisplay(ref: MentionRef): string {
  return `@${ref.label}`;
}

/** The text the user sees (and the agent reads): each mention as `@label`. */
export function draftDisplayText(value: string): string {
  return parseDraft(value)
    .map((s) => ('text' in s ? s.text : mentionDisplay(s.mention)))
    .join('');
}

/** The mentions of a draft, each URI once, in order of appearance. */
export function draftMentions(value: string): MentionRef[] {
  const seen = new Set<string>();
  const refs: MentionRef[] = [];
  for (const s of parseDraft(value)) {
    if ('mention' in s && !seen.has(s.mention.uri)) {
      seen.add(s.mention.uri);
      refs.push(s.mention);
    }
  }
  return refs;
}

/** A mention's place in the display text: `[start, end)`. */
export interface MentionSpan {
  start: number;
  end: number;
  /** Index of the segment in `parseDraft`'s result. */
  segment: number;
  mention: MentionRef;
}

export function mentionSpans(segments: readonly DraftSegment[]): MentionSpan[] {
  const spans: MentionSpan[] = [];
  let at = 0;
  segments.forEach((s, segment) => {
    const length = 'text' in s ? s.text.length : mentionDisplay(s.mention).length;
    if ('mention' in s) spans.push({ start: at, end: at + length, segment, mention: s.mention });
    at += length;
  });
  return spans;
}
