/**
 * Incremental parsing of a streaming paragraph.
 *
 * An agent often streams one long paragraph (a single line: no newline until it ends). Parsing
 * the whole tail block on every frame costs O(length) a frame, O(length²) a stream. Instead the
 * line is cut into pieces as it grows: each piece is parsed once, when it is followed by more
 * text, and later frames parse only the text after the last cut.
 *
 * A cut goes after a space between a word character and a letter ("word |next"), where:
 * - the piece before it is closed (`isClosedSegment`): exactly one paragraph with no delimiter,
 *   bracket, backtick or `<` left that later text could pair with, so it parses the same alone;
 * - the text after it starts with a letter, so parsed alone it is a paragraph too (not a list
 *   item, heading, quote or code), and nothing in it can reach back (inline constructs pair a
 *   closer with an opener before it, and the piece before left none);
 * - the piece keeps the space: parsed alone its trailing space is dropped, so the renderer puts
 *   exactly that one space back, and the joined pieces render as the whole line would.
 *
 * A paragraph line longer than RUN_LENGTH is also cut where its runs end (`paragraph-runs.ts`):
 * those ends depend on the text alone, so a finished paragraph that never streamed gets them too.
 *
 * Only a paragraph of one line qualifies: a second line could still turn the first into a
 * heading (setext) or a table head. A line that may start another block (a quote, a list item,
 * a heading, a table row, indented code), a link reference definition in the making (`[`) or an
 * HTML block (`<`) is not cut either. Anything that does not qualify is parsed whole, as before.
 *
 * Trial parses take their turn in the task's parse budget (`take`): when it runs out the state is
 * `pending` and the caller advances it again in the next frame.
 */
import { isClosedSegment } from './closed-segment.js';
import { extendRuns, isCutPoint, NO_RUNS, type ParagraphRuns, type TakeBudget } from './paragraph-runs.js';

/**
 * Lines that may open a block other than a paragraph, by their start: indented code, a quote,
 * a heading, a table row, a setext line, a list item, a thematic break, a link reference
 * definition, HTML.
 */
const OTHER_BLOCK_START = /^(?: {4}|\t| {0,3}(?:[>#|=[<]|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|([-_*])(?:[ \t]*\1){2,}[ \t]*$))/;

export interface TailParagraph {
  /** The block source this state describes. */
  readonly source: string;
  /** The parse budget ran out: advance again in the next frame. */
  readonly pending?: boolean;
  /** Offsets where pieces end and the next one starts, ascending; empty when not cut yet. */
  readonly cuts: readonly number[];
  /** Where the next cut is tried again after a refusal, as a length of the uncut rest. */
  readonly retryAt: number;
  /** Where the paragraph's runs end (each also a cut), see `paragraph-runs.ts`. */
  readonly runs: ParagraphRuns;
}

/** Pieces shorter than this are not worth a parse and a component of their own. */
const MIN_PIECE = 64;
/** After a refused cut, wait for the rest to grow by this much (or half again) before retrying. */
const RETRY_STEP = 256;

/** The offset where the uncut rest starts. */
export function restStart(state: TailParagraph): number {
  return state.cuts.at(-1) ?? 0;
}

/**
 * The state for `source`, resuming from `previous` when `source` extends its source. Returns null
 * when the block is not a one-line paragraph that may be cut (it is then parsed whole).
 * `streaming`: more text may follow; a finished block only reuses the cuts already made and adds
 * its runs' ends.
 */
export function advanceTailParagraph(previous: TailParagraph | null, source: string, streaming: boolean, take?: TakeBudget): TailParagraph | null {
  if (source === '' || OTHER_BLOCK_START.test(source)) return null;
  const lineEnd = source.indexOf('\n');
  // A finished paragraph may end with its newline and blank lines; anything after them is a
  // second line.
  if (lineEnd !== -1 && source.slice(lineEnd).trim() !== '') return null;

  const resumed = previous !== null && source.startsWith(previous.source) ? previous : null;
  const end = lineEnd === -1 ? source.length : lineEnd;
  const state = withRuns(resumed ?? { source, cuts: [], retryAt: 0, runs: NO_RUNS }, source, end, take);
  if (state.runs.pending) return { ...state, pending: true };
  if (!streaming) return state.cuts.length > 0 ? state : null;

  const from = restStart(state);
  if (end - from < Math.max(state.retryAt, MIN_PIECE)) return state;
  const cut = lastCutPoint(source, from + MIN_PIECE, end);
  const piece = cut === -1 ? '' : source.slice(from, cut);
  if (cut !== -1 && take && !take(piece)) return { ...state, pending: true };
  if (cut !== -1 && isClosedSegment(piece)) {
    return { ...state, cuts: [...state.cuts, cut], retryAt: 0 };
  }
  // No cut point (one long word), or something is open (a code span, a link, emphasis): the next
  // frames are unlikely to change that, so wait for the text to grow rather than scanning and
  // parsing the same piece every frame. The rest grows geometrically between tries, so the tries
  // cost O(length) over the stream.
  const rest = end - from;
  return { ...state, retryAt: rest + Math.max(RETRY_STEP, rest >> 1) };
}

/**
 * `state` for `source`, with the runs ended in `source[0, end)` added as cuts. Every cut made so
 * far lies before the runs' search point, so the cuts stay ascending.
 */
function withRuns(state: TailParagraph, source: string, end: number, take?: TakeBudget): TailParagraph {
  const runs = extendRuns(state.runs, source, end, take);
  const added = runs.ends.slice(state.runs.ends.length);
  if (added.length === 0) return { ...state, source, runs, pending: false };
  return { source, cuts: [...state.cuts, ...added], retryAt: 0, runs };
}

/** The last offset in [min, end) that follows "word character, space" and starts with a letter. */
export function lastCutPoint(source: string, min: number, end: number): number {
  for (let i = end - 1; i >= Math.max(min, 2); i--) {
    if (isCutPoint(source, i)) return i;
  }
  return -1;
}
