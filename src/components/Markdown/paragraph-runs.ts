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
 */
import { isClosedSegment } from './closed-segment.js';

/** The length a run reaches before it may end. */
export const RUN_LENGTH = 4096;

export interface ParagraphRuns {
  /** Offsets where runs end, ascending; the text after the last one is the open run. */
  readonly ends: readonly number[];
  /** The next run ends at the first cut point at or after this offset (if closed there). */
  readonly seek: number;
}

export const NO_RUNS: ParagraphRuns = { ends: [], seek: RUN_LENGTH };

const WORD = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;

/** Whether `index` follows "word character, space" and starts with a letter: where a line may be cut. */
export function isCutPoint(source: string, index: number): boolean {
  return index >= 2 && source[index - 1] === ' ' && LETTER.test(source[index]) && WORD.test(source[index - 2]);
}

/**
 * The runs of `source[0, end)`, continuing from `runs` (computed on a prefix of the same text).
 * `end` is where the line ends or, while streaming, how far the text has arrived: a cut point
 * only depends on the characters up to it, so later text never moves a run's end.
 */
export function extendRuns(runs: ParagraphRuns, source: string, end: number): ParagraphRuns {
  const ends = [...runs.ends];
  let seek = runs.seek;
  for (;;) {
    let point = Math.max(seek, 2);
    while (point < end && !isCutPoint(source, point)) point++;
    // None yet: no cut point before `end` either, so the search resumes there.
    if (point >= end) return { ends, seek: Math.max(seek, end) };
    const start = ends.length === 0 ? 0 : ends[ends.length - 1];
    if (isClosedSegment(source.slice(start, point))) {
      ends.push(point);
      seek = point + RUN_LENGTH;
    } else {
      seek = start + 2 * (point - start);
    }
  }
}
