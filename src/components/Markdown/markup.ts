/**
 * How hard a piece of markdown is to parse. The parser pairs emphasis delimiters and link
 * brackets by searching back through the openers still unmatched, which is quadratic when many
 * stay unmatched (`*a_ *a_ …`, `[ (](…`): thousands of them take seconds. Counting them first is
 * linear, and lets the renderer parse such text in parts (see `MARKUP_LIMIT`).
 */
import { MARKUP_LIMIT } from '../shared/budgets.js';

/** Characters that open or close emphasis, strikethrough or links. */
export function isMarkup(code: number): boolean {
  // * _ ~ [ ]
  return code === 42 || code === 95 || code === 126 || code === 91 || code === 93;
}

/** Markup characters in `text[from, to)`. */
export function countMarkup(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let i = from; i < to; i++) if (isMarkup(text.charCodeAt(i))) count++;
  return count;
}

/** Whether `text` can be parsed at once without the quadratic cases biting. */
export function withinMarkupLimit(text: string): boolean {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (isMarkup(text.charCodeAt(i)) && ++count > MARKUP_LIMIT) return false;
  }
  return true;
}

/**
 * The furthest a part of `text` starting at `from` may reach: the offset before its first
 * markup character past MARKUP_LIMIT, or `from + maxChars`, whichever comes first. -1 while the
 * text known so far (up to `end`) ends before either, so the answer never changes as it grows.
 */
export function partLimit(text: string, from: number, maxChars: number, end: number = text.length): number {
  const last = Math.min(end, from + maxChars);
  let count = 0;
  for (let i = from; i < last; i++) {
    if (isMarkup(text.charCodeAt(i)) && ++count > MARKUP_LIMIT) return i;
  }
  return from + maxChars < end ? from + maxChars : -1;
}
