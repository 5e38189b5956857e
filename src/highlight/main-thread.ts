/**
 * Highlighting on the main thread, where no worker can run (see `mode.ts`): precompiled grammars
 * (`grammars-precompiled.ts`) with shiki's raw JavaScript engine, so no regex is translated on
 * the page, and the tokenizing itself in idle slices.
 *
 * A job's latest code is recorded on every change, but tokenizing runs in idle time, at most one
 * run per idle period however many chunks arrived meanwhile, and each run stops when the idle
 * deadline is used up. With the incremental line cache, a chunk that adds one line costs one
 * line of tokenizing, not a re-highlight of the block.
 *
 * On a page that is never idle (a long thread scrolled slowly on a busy machine) the idle
 * callback is forced by its timeout with no time left; such a run tokenizes a line at a time for
 * a few milliseconds only, so it never turns the frame it lands next to into a long one.
 *
 * Fetched on demand (from `job.ts`), with shiki: nothing here is in a page's initial code.
 */
import type { GrammarState, HighlighterCore } from 'shiki/core';
import { createJavaScriptRawEngine } from 'shiki/engine/javascript';
import type { Backend, BackendCallbacks, BackendJob, HighlightJobOptions, HighlightStatus } from './backend.js';
import { createCore, createTokenizer } from './engine.js';
import { precompiledGrammarLoaders } from './grammars-precompiled.js';
import type { LanguageId } from './languages.js';
import { LineTokenCache } from './line-cache.js';
import { scheduleIdle, type IdleDeadline } from './schedule.js';
import type { HighlightedLine, Tokenize } from './tokens.js';

/** Lines per tokenizer call in idle time, unless the job says otherwise. */
const SLICE_LINES = 8;
/** Characters per tokenizer call: minified lines go one per call, the deadline read between them. */
const SLICE_CHARS = 2000;
/** Leave this much of an idle period unused, for the browser's own work. */
const DEADLINE_MARGIN_MS = 2;
/** What a run forced by the idle timeout (no idle time left) may spend, a line at a time. */
const FORCED_RUN_MS = 3;
/**
 * Per-line limit: a pathological line (minified code) gives up and stays partly plain rather
 * than holding the main thread. The grammar's first call has none: nothing is translated, but V8
 * still compiles the regexes that call meets (80–95 ms for a TypeScript block's first line on
 * the loaded 2-core machine, against 215–310 ms with the translating engine).
 */
const LINE_TIME_LIMIT_MS = 50;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

let core: Promise<HighlighterCore> | null = null;
const tokenizers = new Map<LanguageId, Promise<Tokenize>>();
const readyTokenizers = new Map<LanguageId, Tokenize>();

/** Loads the precompiled grammar (and shiki, the first time) and resolves with its tokenizer. */
export function loadTokenizer(id: LanguageId): Promise<Tokenize> {
  let pending = tokenizers.get(id);
  if (!pending) {
    if (!core) {
      const created = createCore(createJavaScriptRawEngine());
      core = created;
      // A failed start must not poison every later attempt.
      created.catch(() => {
        if (core === created) core = null;
      });
    }
    pending = Promise.all([core, precompiledGrammarLoaders[id]()])
      .then(([loaded, grammar]) => createTokenizer(loaded, grammar.default, { lineTimeLimitMs: LINE_TIME_LIMIT_MS, unlimitedFirstCall: true }))
      .then((tokenize) => {
        readyTokenizers.set(id, tokenize);
        return tokenize;
      });
    tokenizers.set(id, pending);
    // An offline chunk fetch is retried by the next block in that language.
    pending.catch(() => tokenizers.delete(id));
  }
  return pending;
}

const NO_LINES: readonly HighlightedLine[] = [];

export class MainThreadJob implements BackendJob {
  readonly #language: LanguageId;
  readonly #onUpdate: () => void;
  readonly #sliceLines: number;
  #cache: LineTokenCache<GrammarState> | null = null;
  #target = { code: '', final: false };
  #cancel: (() => void) | null = null;
  #loading = false;
  #disposed = false;
  status: HighlightStatus = 'pending';

  constructor(language: LanguageId, onUpdate: () => void, { sliceLines = SLICE_LINES }: HighlightJobOptions = {}) {
    this.#language = language;
    this.#onUpdate = onUpdate;
    this.#sliceLines = sliceLines;
  }

  request(code: string, final: boolean): void {
    this.#target = { code, final };
    if (this.status === 'failed' || this.#disposed) return;
    this.#schedule();
  }

  tokensFor(code: string, final: boolean): readonly HighlightedLine[] {
    return this.#cache ? this.#cache.tokensFor(code, final) : NO_LINES;
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

  #run(deadline: IdleDeadline): void {
    if (this.#disposed) return;
    const tokenize = readyTokenizers.get(this.#language);
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
    this.#cache ??= new LineTokenCache<GrammarState>(tokenize);
    const { code, final } = this.#target;
    const before = this.#cache.version;
    const idle = deadline.timeRemaining() > DEADLINE_MARGIN_MS;
    const forcedUntil = now() + FORCED_RUN_MS;
    const hasTime = idle ? () => deadline.timeRemaining() > DEADLINE_MARGIN_MS : () => now() < forcedUntil;
    let done: boolean;
    try {
      do {
        done = this.#cache.advance(code, { final, maxLines: idle ? this.#sliceLines : 1, maxChars: SLICE_CHARS });
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

/** The main-thread path: a job never loses it. */
export const mainThreadBackend: Backend = {
  createJob: (language: LanguageId, { onUpdate }: BackendCallbacks, options: HighlightJobOptions) => new MainThreadJob(language, onUpdate, options),
};
