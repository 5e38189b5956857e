/**
 * Runs: a huge one-line paragraph laid out as consecutive blocks of about RUN_LENGTH characters.
 *
 * A browser lays a paragraph's lines out again whole whenever its text changes, so a paragraph
 * streamed as one 100 KB line costs a layout of all of it on every frame (and stick-to-bottom
 * asks for that layout before paint). Split into `display: block` runs inside the one `<p>`,
 * only the last run changes while the text streams, the earlier ones keep their layout, and
 * off-screen ones skip it (`content-visibility: auto`). The price is a line that ends early at
 * each run's end, every few KB of such a paragraph: real prose rarely has 4 KB without a
 * newline, and the text stays one paragraph to assistive technology.
 *
 * Where a run ends depends on the text alone, never on how it arrived in chunks, so a streamed
 * paragraph and a one-shot render of the same text have the same runs (no reflow when the
 * message ends). A run ends at the first cut point (see `lastCutPoint`) at or after RUN_LENGTH
 * characters into it where the run is a closed segment (`isClosedSegment`: parsed alone it
 * renders as it does in the paragraph). When that run is not closed (a code span or a link still
 * open), the next try is at twice the length, so the tries cost O(length) in all.
 *
 * A run is also a unit of parsing, so it is bounded: at most MAX_RUN characters and MARKUP_LIMIT
 * markup characters (`markup.ts`). Text that stays open that long (a word of a megabyte, thousands
 * of unclosed `*`) gets a forced end at the last cut point, space or character within the bound:
 * marks spanning it then show as typed, and `forced` says so. The bound, too, depends only on the
 * text, so forced ends are the same however the text arrives.
 */
import { isClosedSegment } from './closed-segment.js';
import { partLimit } from './markup.js';

/** The length a run reaches before it may end. */
export const RUN_LENGTH = 4096;
/** The longest run: past it a run ends where it can (see above). Prose parses fast, so above MARKDOWN_UNIT_CHARS. */
export const MAX_RUN = 3 * RUN_LENGTH;

export interface ParagraphRuns {
  /** Offsets where runs end, ascending; the text after the last one is the open run. */
  readonly ends: readonly number[];
  /** The next run ends at the first cut point at or after this offset (if closed there). */
  readonly seek: number;
  /** Some run was ended by its bound rather than at a closed cut point. */
  readonly forced: boolean;
  /** The parse budget ran out before the runs reached the end of the text (see `extendRuns`). */
  readonly pending: boolean;
}

export const NO_RUNS: ParagraphRuns = { ends: [], seek: RUN_LENGTH, forced: false, pending: false };

/** Grants parse work (see `parse-budget.ts`); the default grants everything. */
export type TakeBudget = (source: string) => boolean;
const grantAll: TakeBudget = () => true;

const WORD = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;

/** Whether `index` follows "word character, space" and starts with a letter: where a line may be cut. */
export function isCutPoint(source: string, index: number): boolean {
  return index >= 2 && source.charCodeAt(index - 1) === 32 && LETTER.test(source.charAt(index)) && WORD.test(source.charAt(index - 2));
}

/**
 * The runs of `source[0, end)`, continuing from `runs` (computed on a prefix of the same text).
 * `end` is where the line ends or, while streaming, how far the text has arrived: a cut point
 * only depends on the characters up to it, so later text never moves a run's end. `take` is asked
 * before each trial parse; when it refuses, the result is `pending` and a later call goes on.
 */
export function extendRuns(runs: ParagraphRuns, source: string, end: number, take: TakeBudget = grantAll): ParagraphRuns {
  const ends = [...runs.ends];
  let seek = runs.seek;
  let forced = runs.forced;
  for (;;) {
    const start = ends.at(-1) ?? 0;
    // The last offset this run may end at; -1 while the text ends before the bound.
    const bound = partLimit(source, start, MAX_RUN, end);
    const stop = bound === -1 ? end : bound + 1;
    let point = Math.max(seek, 2);
    while (point < stop && !isCutPoint(source, point)) point++;
    if (point < stop) {
      const run = source.slice(start, point);
      if (!take(run)) return { ends, seek, forced, pending: true };
      if (isClosedSegment(run)) {
        ends.push(point);
        seek = point + RUN_LENGTH;
      } else {
        seek = start + 2 * (point - start);
      }
      continue;
    }
    if (bound !== -1) {
      const forcedAt = forcedEnd(source, start, bound);
      ends.push(forcedAt);
      forced = true;
      seek = forcedAt + RUN_LENGTH;
      continue;
    }
    // None yet: no cut point before `end` either, so the search resumes there.
    return { ends, seek: Math.max(seek, end), forced, pending: false };
  }
}

/** Where a run over its bound ends: the last cut point, else the last space, else the bound itself. */
function forcedEnd(source: string, start: number, bound: number): number {
  for (let i = bound; i > start + 1; i--) if (isCutPoint(source, i)) return i;
  for (let i = bound; i > start + 1; i--) if (source.charCodeAt(i - 1) === 32) return i;
  // Never between the two halves of a surrogate pair.
  const code = source.charCodeAt(bound - 1);
  return code >= 0xd800 && code <= 0xdbff && bound - 1 > start ? bound - 1 : bound;
}
