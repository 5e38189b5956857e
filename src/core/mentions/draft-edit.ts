/**
 * Editing a draft with mentions through its display text (what a plain `<textarea>` shows).
 * A mention is atomic: a deletion that touches it removes all of it, typing inside it lands after
 * it, and Backspace right after it removes it whole. Pure functions, so the rules are testable
 * without a DOM.
 */
import { draftDisplayText, mentionMarkup, mentionSpans, parseDraft, serializeDraft, type DraftSegment } from './draft.js';
import type { MentionRef } from './types.js';

/** A change of the display text: `[start, end)` replaced by `insert`. */
export interface DisplayEdit {
  start: number;
  end: number;
  insert: string;
}

/**
 * The edit that turned `before` into `after`. The caret after the change pins down where it
 * happened when the text alone is ambiguous (typing `a` after an `a`): an edit never starts after
 * the caret, and the text after the caret is unchanged.
 */
export function diffDisplay(before: string, after: string, caret?: number): DisplayEdit {
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before[prefix] === after[prefix]) prefix++;
  if (caret !== undefined) prefix = Math.min(prefix, caret);
  let suffix = 0;
  while (suffix < max - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  if (caret !== undefined) suffix = Math.max(0, Math.min(suffix, after.length - caret));
  return { start: prefix, end: before.length - suffix, insert: after.slice(prefix, after.length - suffix) };
}

/**
 * Applies an edit of the display text to the draft string. `insert` is draft markup (plain text
 * is markup without mentions). Returns the new draft and the caret in display coordinates.
 */
export function applyDisplayEdit(value: string, edit: DisplayEdit): { value: string; caret: number } {
  const segments = parseDraft(value);
  let { start, end } = edit;
  for (const span of mentionSpans(segments)) {
    if (start === end) {
      // Typing inside a chip: the text goes after it.
      if (start > span.start && start < span.end) start = end = span.end;
    } else if (span.start < end && span.end > start) {
      start = Math.min(start, span.start);
      end = Math.max(end, span.end);
    }
  }
  const next = [...slice(segments, 0, start), ...parseDraft(edit.insert), ...slice(segments, end, Infinity)];
  return { value: serializeDraft(next), caret: start + draftDisplayText(edit.insert).length };
}

/** The segments covering the display range `[from, to)`; the range never cuts a mention. */
function slice(segments: readonly DraftSegment[], from: number, to: number): DraftSegment[] {
  const out: DraftSegment[] = [];
  let at = 0;
  for (const s of segments) {
    const length = 'text' in s ? s.text.length : s.mention.label.length + 1;
    const s0 = Math.max(from, at);
    const s1 = Math.min(to, at + length);
    if (s1 > s0) out.push('text' in s ? { text: s.text.slice(s0 - at, s1 - at) } : s);
    at += length;
  }
  return out;
}

/**
 * The mention a collapsed caret would step into or delete: Backspace/ArrowLeft look at the one
 * ending at the caret, Delete/ArrowRight at the one starting there.
 */
export function mentionAtCaret(value: string, caret: number, direction: 'backward' | 'forward'): { start: number; end: number } | null {
  const span = mentionSpans(parseDraft(value)).find((s) => (direction === 'backward' ? s.end === caret : s.start === caret));
  return span ? { start: span.start, end: span.end } : null;
}

/**
 * Replaces the `@query` being typed (display range `[start, end)`) with a mention and a space,
 * so the user types on after it.
 */
export function insertMention(value: string, start: number, end: number, ref: MentionRef): { value: string; caret: number } {
  return applyDisplayEdit(value, { start, end, insert: `${mentionMarkup(ref)} ` });
}

/** Adds a mention at the end of a draft (a host's "Ask the agent about this"). */
export function appendMention(value: string, ref: MentionRef): string {
  const display = draftDisplayText(value);
  const gap = display === '' || /\s$/.test(display) ? '' : ' ';
  return `${value}${gap}${mentionMarkup(ref)} `;
}

/**
 * The `@query` the caret is in, for the menu: an `@` at the start of a word (so `a@b.c` is not a
 * mention), then no whitespace up to the caret, and not a chip already there. Null otherwise.
 */
export function mentionQueryAt(value: string, caret: number): { start: number; query: string } | null {
  const segments = parseDraft(value);
  const display = segments.map((s) => ('text' in s ? s.text : `@${s.mention.label}`)).join('');
  const before = display.slice(0, caret);
  if (!/(?:^|[\s([{"'])@[^\s@]*$/.test(before)) return null;
  // The query holds no `@`: the mention starts at the last one.
  const start = before.lastIndexOf('@');
  if (mentionSpans(segments).some((s) => start >= s.start && start < s.end)) return null;
  return { start, query: before.slice(start + 1) };
}

/**
 * A change of the text field (its new text, and the caret after it) applied to the draft: the
 * edit is found by diffing the display texts, then applied with the chip rules above.
 */
export function applyFieldChange(value: string, next: string, caret?: number): { value: string; caret: number } {
  return applyDisplayEdit(value, diffDisplay(draftDisplayText(value), next, caret));
}

/**
 * What a key does at a chip's edge, with a collapsed caret: Backspace after a chip and Delete
 * before one remove it whole; ArrowLeft/ArrowRight step over it. Null when the key is not about
 * a chip (the browser does its usual thing).
 */
export function chipKeyEdit(value: string, key: string, start: number, end: number): { value: string; caret: number } | null {
  const backward = key === 'Backspace' || key === 'ArrowLeft';
  if (start !== end || (!backward && key !== 'Delete' && key !== 'ArrowRight')) return null;
  const span = mentionAtCaret(value, start, backward ? 'backward' : 'forward');
  if (!span) return null;
  if (key === 'ArrowLeft' || key === 'ArrowRight') return { value, caret: backward ? span.start : span.end };
  return applyDisplayEdit(value, { start: span.start, end: span.end, insert: '' });
}
