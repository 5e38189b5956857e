/**
 * The page's copy of one block's tokens, kept from the worker's answers (`protocol.ts`), with the
 * same reading rule as the line cache the worker keeps (`line-cache.ts`): tokens are shown for
 * code that starts with the text they were made from, so an answer for code that changed since
 * colours nothing wrong. Lines keep their identity from answer to answer (only new lines are
 * sent), so renderers memoize them.
 */
import type { BlockTokens } from './protocol.js';
import type { HighlightedLine } from './tokens.js';

const NO_LINES: readonly HighlightedLine[] = [];

export class TokenMirror {
  /** The code sent with each update the worker has not answered for yet, oldest first. */
  #sent: { seq: number; code: string }[] = [];
  /** The source of the complete lines below, each with its `\n`. */
  #text = '';
  #lines: HighlightedLine[] = [];
  #tail: { source: string; all: HighlightedLine[] } | null = null;

  /** Records the code of an update, to read the worker's answers for it against. */
  sent(seq: number, code: string): void {
    this.#sent.push({ seq, code });
  }

  /** Takes in an answer; returns whether the tokens changed. */
  apply(answer: BlockTokens): boolean {
    while (this.#sent.length > 0 && (this.#sent[0]?.seq ?? Infinity) < answer.seq) this.#sent.shift();
    const entry = this.#sent[0];
    // Answers come in order, each for an update sent before: no entry means a bug, not a race.
    if (!entry || entry.seq !== answer.seq) throw new Error(`No code recorded for update ${answer.seq}`);
    const before = { lines: this.#lines.length, tail: this.#tail };
    if (answer.start < this.#lines.length) this.#lines = this.#lines.slice(0, answer.start);
    for (const line of answer.lines) this.#lines.push(line);
    this.#text = entry.code.slice(0, answer.covered);
    const tailSource = entry.code.slice(answer.covered);
    this.#tail = answer.tail ? { source: tailSource, all: [...this.#lines, answer.tail] } : null;
    return answer.start < before.lines || answer.lines.length > 0 || this.#tail !== null || before.tail !== null;
  }

  tokensFor(code: string, final: boolean): readonly HighlightedLine[] {
    if (!code.startsWith(this.#text)) return NO_LINES;
    const tail = this.#tail;
    if (final && tail && code.length === this.#text.length + tail.source.length && code.endsWith(tail.source)) return tail.all;
    return this.#lines;
  }
}
