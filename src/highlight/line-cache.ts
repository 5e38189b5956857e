/**
 * Incremental tokenizing for code that grows at the end (a fenced block while it streams).
 *
 * TextMate grammars are line-based: the state at the end of line N is all that is needed to
 * tokenize line N+1. The cache keeps the tokens of every complete line plus the grammar state at
 * checkpoints (after each batch), so when a chunk adds lines only the new lines are tokenized.
 * The unfinished last line is never tokenized while streaming: it would be re-done on every
 * chunk and could change meaning (an opening quote without its close). If earlier text changes,
 * the cache rewinds to the last checkpoint before the change instead of starting over.
 *
 * Pure and framework-free: the tokenizer is injected, so tests can count its calls.
 */
import type { HighlightedLine } from './tokens.js';

export type TokenizeFn<S> = (code: string, state: S | undefined) => { lines: HighlightedLine[]; state: S | undefined };

interface Checkpoint<S> {
  /** Offset in the source just after a line terminator. */
  offset: number;
  /** Number of lines before `offset`. */
  line: number;
  /** Grammar state at `offset`. */
  state: S | undefined;
}

export interface AdvanceOptions {
  /** The code is complete: its last line counts even without a terminator. */
  final?: boolean;
  /** Upper bound of lines to tokenize in this call, to keep one slice of work short. */
  maxLines?: number;
  /**
   * Upper bound of characters to tokenize in this call (but always at least one line): long lines
   * (minified code) go one per call, so the caller's clock is read between them.
   */
  maxChars?: number;
}

const NO_LINES: readonly HighlightedLine[] = [];

/** The start of the code: no line before it, no grammar state yet. Every cache starts there. */
const START: Checkpoint<never> = { offset: 0, line: 0, state: undefined };

export class LineTokenCache<S> {
  readonly #tokenize: TokenizeFn<S>;
  /** The source of the tokenized complete lines, each with its `\n`. */
  #text = '';
  #lines: HighlightedLine[] = [];
  /** The checkpoints after `START`, in order. */
  #checkpoints: Checkpoint<S>[] = [];
  /** Tokens of a final line without terminator, kept apart so growing it later stays correct. */
  #tail: { source: string; all: HighlightedLine[] } | null = null;
  #version = 0;

  constructor(tokenize: TokenizeFn<S>) {
    this.#tokenize = tokenize;
  }

  /** Bumped whenever the tokens change, so a caller can skip re-rendering when nothing did. */
  get version(): number {
    return this.#version;
  }

  /** Number of complete lines tokenized so far. */
  get lineCount(): number {
    return this.#lines.length;
  }

  /** Characters of the code that the tokenized complete lines cover, their terminators included. */
  get tokenizedLength(): number {
    return this.#text.length;
  }

  /**
   * The tokens valid for `code`, one entry per leading line (fewer entries than lines while
   * work is pending). Empty when the cache is stale for this code. Each line's array keeps its
   * identity across calls, so renderers can memoize lines.
   */
  tokensFor(code: string, final = false): readonly HighlightedLine[] {
    if (!code.startsWith(this.#text)) return NO_LINES;
    const tail = this.#tail;
    if (final && tail && code.length === this.#text.length + tail.source.length && code.endsWith(tail.source)) {
      return tail.all;
    }
    return this.#lines;
  }

  /**
   * Tokenizes lines of `code` not tokenized yet, at most `maxLines` of them and `maxChars`
   * characters. Returns true when every line that can be tokenized now is done.
   */
  advance(code: string, { final = false, maxLines = Infinity, maxChars = Infinity }: AdvanceOptions = {}): boolean {
    if (!code.startsWith(this.#text)) this.#rewind(code);
    const completeEnd = code.lastIndexOf('\n') + 1;
    let budget = maxLines;
    const callStart = this.#text.length;
    while (this.#text.length < completeEnd) {
      if (budget <= 0) return false;
      const start = this.#text.length;
      let end = start;
      let count = 0;
      while (count < budget && end < completeEnd) {
        const next = code.indexOf('\n', end) + 1;
        // At least one line per call, or a line longer than the budget would never be done.
        if (next - callStart > maxChars && (count > 0 || start > callStart)) break;
        end = next;
        count++;
      }
      if (count === 0) return false;
      // The batch without its last terminator: `count` lines exactly.
      const state = this.#append(code.slice(start, end - 1), count);
      this.#text = code.slice(0, end);
      this.#checkpoints.push({ offset: end, line: this.#lines.length, state });
      budget -= count;
    }
    if (final && completeEnd < code.length) {
      const source = code.slice(completeEnd);
      if (this.#tail?.source !== source) {
        const { lines } = this.#tokenize(source, this.#lastState());
        this.#tail = { source, all: [...this.#lines, lines[0] ?? [{ content: source }]] };
        this.#version++;
      }
    }
    return true;
  }

  /** Tokenizes `count` complete lines after the last checkpoint; returns the state after them. */
  #append(batch: string, count: number): S | undefined {
    const { lines, state } = this.#tokenize(batch, this.#lastState());
    if (lines.length === count) {
      for (const line of lines) this.#lines.push(line);
    } else {
      // A tokenizer that split lines differently (a stray `\r`) must not misalign later lines.
      const sources = batch.split('\n');
      for (let i = 0; i < count; i++) this.#lines.push([{ content: sources[i] ?? '' }]);
    }
    this.#tail = null;
    this.#version++;
    return state;
  }

  /** The grammar state after the last checkpoint (none at the start). */
  #lastState(): S | undefined {
    return this.#checkpoints.at(-1)?.state;
  }

  /** Drops everything after the last checkpoint that is still a prefix of `code`. */
  #rewind(code: string): void {
    const old = this.#text;
    const limit = Math.min(old.length, code.length);
    let same = 0;
    while (same < limit && old.charCodeAt(same) === code.charCodeAt(same)) same++;
    const keep = this.#checkpoints.findLastIndex((checkpoint) => checkpoint.offset <= same);
    // None before the change (keep = -1): back to the start.
    const checkpoint = this.#checkpoints[keep] ?? START;
    this.#checkpoints.length = keep + 1;
    // A new list (the old one may still be on screen); the line arrays keep their identity.
    this.#lines = this.#lines.slice(0, checkpoint.line);
    this.#text = old.slice(0, checkpoint.offset);
    this.#tail = null;
    this.#version++;
  }
}
