import { itemAt } from '../../core/item-at.js';
import { cleanLine, parseAnsiLine, type AnsiSpan, type ParsedLine } from './ansi-line.js';
import { createAnser, INITIAL_ANSI_STATE, type AnsiState } from './ansi-state.js';

/**
 * Characters of one line parsed and shown; the rest of a longer line is counted, not rendered
 * (a megabyte without a newline would otherwise be parsed again on every chunk and laid out as
 * one enormous line).
 */
export const TERMINAL_LINE_CHARS = 10_000;

/** Characters of the new output's start looked up in the old one, to see whether it was cut at the front. */
const PROBE = 256;

/** SGR sequences (colours, decorations): all a line's end state depends on. */
const SGR = /\u001b\[[\d;:]*m/g;
/** A reset (`ESC[m`, `ESC[0m`): the state after it does not depend on the state before. */
const RESET = /^\u001b\[0*m$/;
const isReset = (sgr: string) => RESET.test(sgr);
/** Escapes other than CSI: string sequences may swallow what follows, so the line is cleaned first. */
const OTHER_ESCAPE = /\u001b[^[]/;

/**
 * A line of output. Its end state (which the next line starts in) is worked out when the line
 * arrives, from its colour sequences alone; its styled spans only when it is shown: a flood of
 * thousands of lines a frame shows the last page of them, and only those are parsed in full.
 */
class TerminalLine implements ParsedLine {
  private parsed: AnsiSpan[] | null = null;
  constructor(
    private readonly text: string,
    private readonly startState: AnsiState,
    readonly endState: AnsiState,
    readonly hidden: number | undefined,
    private readonly owner: TerminalLineParser,
  ) {}

  get spans(): AnsiSpan[] {
    if (this.parsed === null) {
      this.owner.parsedChars += this.text.length;
      this.parsed = parseAnsiLine(this.text, createAnser(this.startState), this.startState).spans;
    }
    return this.parsed;
  }
}

/**
 * Incremental parsing of a terminal's whole output into lines.
 *
 * A line's result depends only on its text and the state it starts in. Output changes in two
 * ways, both handled in time proportional to the change rather than to the output:
 * - it grows at the end: only the last line (which may have been unfinished) and the new ones are
 *   parsed, and the newline search starts where the old output ended;
 * - the client cuts it at the front (see TERMINAL_OUTPUT_BYTES in the core) as it grows: the new
 *   output is the old one from some offset on, plus what was appended. Lines kept whole are
 *   reused as long as they start in the same state as before (the first, cut, line is parsed
 *   again, and the states agree again after a line or two), then the appended part is parsed.
 * Any other change parses everything again.
 */
export class TerminalLineParser {
  private output = '';
  private lines: ParsedLine[] = [];
  /** Where each line starts in `output`. */
  private starts: number[] = [];
  /** The number of the first line: lines cut at the front keep the others' numbers (stable keys). */
  firstNumber = 0;
  /** Characters scanned for their colour sequences as lines arrive. */
  scannedChars = 0;
  /** Characters parsed in full, for lines whose spans were read (shown). */
  parsedChars = 0;

  parse(output: string): ParsedLine[] {
    const previous = this.output;
    if (previous !== '' && output.length >= previous.length && output.startsWith(previous)) {
      // Appended: the last line may continue, so it is parsed again along with the new ones.
      const open = this.lines.length > 0 && !previous.endsWith('\n');
      const keep = open ? this.lines.length - 1 : this.lines.length;
      this.continueFrom(output, keep, open ? itemAt(this.starts, keep) : previous.length, previous.length);
    } else {
      const at = this.cutAt(output);
      if (at === -1) {
        this.firstNumber = 0;
        this.continueFrom(output, 0, 0, 0);
      } else this.reuseFrom(output, at);
    }
    this.output = output;
    return this.lines.slice();
  }

  /**
   * Keeps the first `keep` lines and parses on from `pos` (the start of the next line); no newline
   * lies in [pos, searchFrom).
   */
  private continueFrom(output: string, keep: number, pos: number, searchFrom: number): void {
    this.lines.length = keep;
    this.starts.length = keep;
    // With no line kept, the output starts in the initial state.
    let state = this.lines.at(-1)?.endState ?? INITIAL_ANSI_STATE;
    while (pos < output.length) {
      const newline = output.indexOf('\n', Math.max(pos, searchFrom));
      const end = newline === -1 ? output.length : newline;
      const line = this.parseLine(output, pos, end, state);
      this.lines.push(line);
      this.starts.push(pos);
      state = line.endState;
      if (newline === -1) return;
      pos = newline + 1;
    }
  }

  /** Where `output` starts in the old output, when it is the old output cut at the front (plus more); else -1. */
  private cutAt(output: string): number {
    // Its first PROBE characters, which the two outputs share when a long output was cut; for a
    // short one, its first line.
    const newline = output.indexOf('\n');
    for (const probe of [output.slice(0, PROBE), output.slice(0, Math.min(PROBE, newline + 1))]) {
      if (probe === '') continue;
      for (let at = this.output.indexOf(probe), tries = 0; at !== -1 && tries < 8; at = this.output.indexOf(probe, at + 1), tries++) {
        if (output.startsWith(at === 0 ? this.output : this.output.slice(at))) return at;
      }
    }
    return -1;
  }

  /** `output` is the old output from `at` on, plus whatever was appended. */
  private reuseFrom(output: string, at: number): void {
    const oldLines = this.lines;
    const oldStarts = this.starts;
    const oldLength = this.output.length;
    const lines: ParsedLine[] = [];
    const starts: number[] = [];
    // The first old line starting at or after the cut; the text before it is a cut line of its own.
    let i = lowerBound(oldStarts, at);
    // Undefined when no old line starts at or after the cut.
    const firstKept = oldStarts[i];
    let state = INITIAL_ANSI_STATE;
    let pos = 0;
    // The cut line, if any, keeps the number of the old line it is the end of.
    this.firstNumber += firstKept === at ? i : Math.max(0, i - 1);
    if (firstKept !== undefined && firstKept > at) {
      const line = this.parseLine(output, 0, firstKept - at - 1, state);
      lines.push(line);
      starts.push(0);
      state = line.endState;
      pos = firstKept - at;
    } else if (firstKept === undefined) {
      // The cut fell in the old last line: parse everything from the start.
      pos = 0;
    }
    // Whole old lines, reused while their start state agrees. The last one only if it was
    // finished, or is now (a newline follows where it ended); otherwise it may have continued.
    const endedWithNewline = this.output.endsWith('\n');
    const lastDone = endedWithNewline || output.charCodeAt(oldLength - at) === 10;
    const reusable = lastDone ? oldLines.length : oldLines.length - 1;
    for (; i < reusable; i++) {
      // Old lines and their starts are parallel, and i stays below their count.
      const oldStart = itemAt(oldStarts, i);
      const next = oldStarts[i + 1];
      // Where the line ends: before the next line's newline, or the old output's end (or its final newline).
      const end = next !== undefined ? next - 1 : endedWithNewline ? oldLength - 1 : oldLength;
      // The first old line started in the initial state.
      const before = oldLines[i - 1]?.endState ?? INITIAL_ANSI_STATE;
      const line = sameState(before, state) ? itemAt(oldLines, i) : this.parseLine(output, oldStart - at, end - at, state);
      lines.push(line);
      starts.push(oldStart - at);
      state = line.endState;
      pos = end - at + 1;
    }
    this.lines = lines;
    this.starts = starts;
    // Everything after: the old last line if it may have continued, and what was appended. No
    // newline lies inside an old line that was still open.
    this.continueFrom(output, lines.length, pos, lastDone ? pos : Math.max(pos, oldLength - at));
  }

  /** The line `output[start, end)`: at most TERMINAL_LINE_CHARS of it shown, its end state worked out now. */
  private parseLine(output: string, start: number, end: number, state: AnsiState): ParsedLine {
    const shown = Math.min(end, start + TERMINAL_LINE_CHARS);
    const text = output.slice(start, shown);
    this.scannedChars += text.length;
    return new TerminalLine(text, state, endStateOf(text, state), shown < end ? end - shown : undefined, this);
  }
}

/**
 * The state after `text` (a line's shown part) starting in `state`, from its colour sequences
 * alone, as the full parse would leave it: string sequences removed first when there are any,
 * and only the sequences after the last reset applied (colourful output usually resets at the
 * end of each line, which makes this nearly free).
 */
function endStateOf(text: string, state: AnsiState): AnsiState {
  if (!text.includes('\u001b')) return state;
  const colours = (OTHER_ESCAPE.test(text) ? cleanLine(text) : text).match(SGR);
  if (!colours) return state;
  // Just after the last reset, or 0 when there is none.
  const from = colours.findLastIndex(isReset) + 1;
  const start = from > 0 ? INITIAL_ANSI_STATE : state;
  if (from === colours.length) return start;
  return parseAnsiLine(colours.slice(from).join(''), createAnser(start), start).endState;
}

/** The first index whose value is at least `value`, in an ascending array. */
function lowerBound(values: number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (itemAt(values, mid) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function sameState(a: AnsiState, b: AnsiState): boolean {
  return (
    a === b ||
    (a.fg === b.fg &&
      a.bg === b.bg &&
      a.fgTruecolor === b.fgTruecolor &&
      a.bgTruecolor === b.bgTruecolor &&
      a.decorations.length === b.decorations.length &&
      a.decorations.every((d, k) => d === b.decorations[k]))
  );
}
