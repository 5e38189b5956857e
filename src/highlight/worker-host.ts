/**
 * The worker's side of highlighting: what it does with the page's messages (see `protocol.ts`),
 * apart from the worker's global scope, so the same code runs in Node tests over a real
 * `MessageChannel`.
 *
 * Each block keeps a line cache (`line-cache.ts`) with its grammar states, so a block that grows
 * costs only its new lines. Work runs in slices of a few milliseconds, each followed by the
 * block's answer and a return to the event loop: the page's next messages (a newer version of
 * the block, a block gone) are read between slices, so work on stale code stops at the next
 * slice instead of running to its end. An answer carries at most a few hundred lines, so the
 * page never has to take in one huge message (a 5 MB tool output arrives as many small ones).
 */
import type { GrammarState, LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { queueTask } from '../core/slices.js';
import { createCore, createTokenizer } from './engine.js';
import type { LanguageId } from './languages.js';
import { LineTokenCache } from './line-cache.js';
import type { BlockFailure, BlockTokens, BlockUpdate, FromWorker, ToWorker } from './protocol.js';
import type { HighlightedLine, Tokenize } from './tokens.js';

/** Tokenizing time per slice before answering and reading new messages. */
const SLICE_MS = 12;
/** Lines and characters per tokenizer call: the slice's clock is checked between calls. */
const BATCH_LINES = 16;
const BATCH_CHARS = 16_000;
/** At most this many new lines in one block's answer: the page decodes each answer in one task. */
export const ANSWER_LINES = 400;
// Off the main thread a slow line blocks no frame, only that block's later lines.
const LINE_TIME_LIMIT_MS = 500;

export interface WorkerPort {
  postMessage(message: FromWorker): void;
}

export type TokenizerFactory = (registrations: LanguageRegistration[]) => Promise<Tokenize>;

interface Block {
  language: LanguageId;
  seq: number;
  text: string;
  final: boolean;
  cache: LineTokenCache<GrammarState> | null;
  /** The cache's line list as of the last answer, and how many of its lines were sent. */
  sent: readonly HighlightedLine[];
  sentCount: number;
  /** Work is left for the code as of `seq`, or the page has not heard about `seq` yet. */
  pending: boolean;
  failed: boolean;
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class HighlightWorkerHost {
  readonly #port: WorkerPort;
  readonly #createTokenizer: TokenizerFactory;
  readonly #tokenizers = new Map<LanguageId, Tokenize>();
  readonly #grammarErrors = new Map<LanguageId, string>();
  readonly #blocks = new Map<number, Block>();
  #scheduled = false;

  constructor(port: WorkerPort, createTokenizer: TokenizerFactory) {
    this.#port = port;
    this.#createTokenizer = createTokenizer;
  }

  handle(message: ToWorker): void {
    if (message.type === 'grammar') {
      this.#createTokenizer(message.registrations).then(
        (tokenize) => {
          this.#tokenizers.set(message.language, tokenize);
          this.#schedule();
        },
        (error: unknown) => {
          this.#grammarErrors.set(message.language, describe(error));
          this.#schedule();
        },
      );
      return;
    }
    for (const id of message.disposed) this.#blocks.delete(id);
    for (const update of message.updates) this.#update(update);
    this.#schedule();
  }

  #update({ block: id, language, seq, text, append, final }: BlockUpdate): void {
    let block = this.#blocks.get(id);
    if (!block || block.language !== language) {
      block = { language, seq, text: '', final, cache: null, sent: [], sentCount: 0, pending: true, failed: false };
      this.#blocks.set(id, block);
    }
    block.text = append ? block.text + text : text;
    block.seq = seq;
    block.final = final;
    block.pending = true;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // A task, not a microtask: messages that arrived meanwhile are handled before the next slice.
    queueTask(() => {
      this.#scheduled = false;
      this.#slice();
    });
  }

  #slice(): void {
    const until = now() + SLICE_MS;
    const results: (BlockTokens | BlockFailure)[] = [];
    for (const [id, block] of this.#blocks) {
      if (!block.pending || block.failed) continue;
      if (now() >= until && results.length > 0) break;
      const result = this.#work(id, block, until);
      if (result) results.push(result);
    }
    if (results.length > 0) this.#port.postMessage({ type: 'tokens', results });
    // Blocks answered first go last next time, so one huge block cannot starve the others.
    for (const result of results) {
      const block = this.#blocks.get(result.block);
      if (block?.pending) {
        this.#blocks.delete(result.block);
        this.#blocks.set(result.block, block);
      }
    }
    if ([...this.#blocks.values()].some((block) => block.pending && !block.failed && this.#canWork(block))) this.#schedule();
  }

  #canWork(block: Block): boolean {
    return this.#tokenizers.has(block.language) || this.#grammarErrors.has(block.language);
  }

  /** Tokenizes as much of one block as the slice allows; returns its answer, or null when its grammar is not here yet. */
  #work(id: number, block: Block, until: number): BlockTokens | BlockFailure | null {
    const grammarError = this.#grammarErrors.get(block.language);
    if (grammarError !== undefined) return this.#fail(id, block, grammarError);
    const tokenize = this.#tokenizers.get(block.language);
    if (!tokenize) return null;
    const cache = (block.cache ??= new LineTokenCache<GrammarState>(tokenize));
    const { text, final } = block;
    const limit = cache.lineCount + ANSWER_LINES;
    let done: boolean;
    try {
      do {
        done = cache.advance(text, { final, maxLines: Math.min(BATCH_LINES, Math.max(1, limit - cache.lineCount)), maxChars: BATCH_CHARS });
      } while (!done && now() < until && cache.lineCount < limit);
    } catch (error) {
      return this.#fail(id, block, describe(error));
    }
    block.pending = !done;
    return this.#answer(id, block, cache, done);
  }

  #answer(id: number, block: Block, cache: LineTokenCache<GrammarState>, done: boolean): BlockTokens {
    const lines = cache.tokensFor(block.text, false);
    let start = 0;
    if (lines === block.sent) {
      // The same list, only appended to since the last answer.
      start = block.sentCount;
    } else {
      // The cache rewound to an earlier line (the code changed before its end): lines before
      // the rewind keep their identity.
      const common = Math.min(lines.length, block.sentCount);
      while (start < common && lines[start] === block.sent[start]) start++;
    }
    const withTail = block.final ? cache.tokensFor(block.text, true) : lines;
    const tail = withTail.length > lines.length ? (withTail.at(-1) ?? null) : null;
    block.sent = lines;
    block.sentCount = lines.length;
    return { block: id, seq: block.seq, start, lines: lines.slice(start), covered: cache.tokenizedLength, tail, done };
  }

  #fail(id: number, block: Block, failed: string): BlockFailure {
    block.failed = true;
    block.pending = false;
    return { block: id, seq: block.seq, failed };
  }
}

/** What the worker's global scope offers (`worker.ts` passes it; tests pass a `MessagePort`). */
export interface WorkerScope extends WorkerPort {
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}

/**
 * Serves highlighting on `scope`: shiki's grammars, as the page sends them, compiled with the
 * JavaScript regex engine here, off the main thread. Says `ready` once listening.
 */
export function serveHighlighting(scope: WorkerScope): void {
  // `forgiving`: a rare pattern the engine cannot translate is skipped instead of failing the language.
  const core = createCore(createJavaScriptRegexEngine({ forgiving: true }));
  const host = new HighlightWorkerHost(scope, async (registrations) =>
    createTokenizer(await core, registrations, { lineTimeLimitMs: LINE_TIME_LIMIT_MS, unlimitedFirstCall: true }),
  );
  scope.addEventListener('message', (event) => host.handle(event.data));
  scope.postMessage({ type: 'ready' });
}
