/**
 * Background highlighting for one code block.
 *
 * The block's latest code is recorded on every change, but tokenizing runs in idle time, at most
 * one run per idle period however many chunks arrived meanwhile, and each run stops when the
 * idle deadline is used up. With the incremental line cache, a chunk that adds one line costs
 * one line of tokenizing, not a re-highlight of the block.
 *
 * On a page that is never idle (a long thread scrolled slowly on a busy machine) the idle
 * callback is forced by its timeout with no time left; such a run tokenizes a line at a time
 * for a few milliseconds only, so it never turns the frame it lands next to into a long one (a
 * 6-line TypeScript block costs 4–15 ms to tokenize with shiki's JavaScript regex engine).
 */
import type { GrammarState } from 'shiki/core';
import {
  createLineCache,
  loadTokenizer,
  readyTokenizer,
  scheduleIdle,
  type HighlightedLine,
  type LanguageId,
  type LineTokenCache,
} from '../../highlight/index.js';

/** Lines per tokenizer call in idle time: small enough to check the deadline often. */
const SLICE_LINES = 8;
/** Leave this much of an idle period unused, for the browser's own work. */
const DEADLINE_MARGIN_MS = 2;
/** What a run forced by the idle timeout (no idle time left) may spend, a line at a time. */
const FORCED_RUN_MS = 3;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export type HighlightStatus = 'pending' | 'ready' | 'failed';

const NO_LINES: readonly HighlightedLine[] = [];

export class HighlightJob {
  readonly #language: LanguageId;
  readonly #onUpdate: () => void;
  #cache: LineTokenCache<GrammarState> | null = null;
  #target = { code: '', final: false };
  #cancel: (() => void) | null = null;
  #loading = false;
  #disposed = false;
  status: HighlightStatus = 'pending';

  constructor(language: LanguageId, onUpdate: () => void) {
    this.#language = language;
    this.#onUpdate = onUpdate;
  }

  /** Asks for `code` to be highlighted; `final` means its last line is complete too. */
  request(code: string, final: boolean): void {
    this.#target = { code, final };
    if (this.status === 'failed' || this.#disposed) return;
    this.#schedule();
  }

  /** Tokens valid for `code` right now (a prefix of its lines, possibly none). */
  tokensFor(code: string, final: boolean): readonly HighlightedLine[] {
    return this.#cache ? this.#cache.tokensFor(code, final) : NO_LINES;
  }

  get language(): LanguageId {
    return this.#language;
  }

  dispose(): void {
    this.#disposed = true;
    this.#cancel?.();
    this.#cancel = null;
  }

  #schedule(): void {
    if (this.#cancel || this.#loading) return;
    this.#cancel = scheduleIdle((deadline) => {
      this.#cancel = null;
      this.#run(deadline);
    });
  }

  #run(deadline: { timeRemaining(): number }): void {
    if (this.#disposed) return;
    const tokenize = readyTokenizer(this.#language);
    if (!tokenize) {
      this.#loading = true;
      loadTokenizer(this.#language).then(
        () => {
          this.#loading = false;
          if (!this.#disposed) this.#schedule();
        },
        () => {
          this.#loading = false;
          this.#fail();
        },
      );
      return;
    }
    this.#cache ??= createLineCache(tokenize);
    const { code, final } = this.#target;
    const before = this.#cache.version;
    const idle = deadline.timeRemaining() > DEADLINE_MARGIN_MS;
    const forcedUntil = now() + FORCED_RUN_MS;
    const hasTime = idle ? () => deadline.timeRemaining() > DEADLINE_MARGIN_MS : () => now() < forcedUntil;
    let done: boolean;
    try {
      do {
        done = this.#cache.advance(code, { final, maxLines: idle ? SLICE_LINES : 1 });
      } while (!done && hasTime());
    } catch {
      this.#fail();
      return;
    }
    if (done && this.status !== 'ready') {
      this.status = 'ready';
      this.#onUpdate();
    } else if (this.#cache.version !== before && (done || !final)) {
      // Only when lines were added: a chunk that merely extends the unfinished last line
      // changes no tokens and needs no render. A finished block renders once, when all of it
      // is highlighted, rather than once per run: its runs may be a line each.
      this.#onUpdate();
    }
    // More lines than one idle period allows, or new code arrived while we worked.
    if (!done || this.#target.code !== code || this.#target.final !== final) this.#schedule();
  }

  #fail(): void {
    this.status = 'failed';
    if (!this.#disposed) this.#onUpdate();
  }
}
