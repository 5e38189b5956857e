/**
 * The messages between the page and the highlighting worker (`worker-client.ts` ↔ `worker.ts`).
 *
 * The page holds each block's code and the tokens it has been sent; the worker holds the
 * tokenizing state: the compiled grammars, and per block a line cache with its grammar states
 * (shiki's states are not cloneable, and sending them back and forth would cost more than the
 * tokens). So a block that grows is sent as its new text only, and answered with its new lines
 * only: both sides keep the incremental line cache's semantics (see `line-cache.ts`).
 */
import type { LanguageRegistration } from 'shiki/core';
import type { LanguageId } from './languages.js';
import type { HighlightedLine } from './tokens.js';

/** A block's new code: appended to what the worker has (`append`), or replacing it. */
export interface BlockUpdate {
  block: number;
  language: LanguageId;
  /** Numbers the block's updates; answers name the update they reflect. */
  seq: number;
  text: string;
  append: boolean;
  /** The code is complete: its last line counts without a terminator. */
  final: boolean;
}

export type ToWorker =
  /** A grammar module's registrations (`shiki/langs/<id>.mjs`), sent once per language before its first update. */
  | { type: 'grammar'; language: LanguageId; registrations: LanguageRegistration[] }
  /** Everything the page asked since its last message: the latest code of each block, and blocks gone. */
  | { type: 'batch'; updates: BlockUpdate[]; disposed: number[] };

/** What changed in a block's tokens since the worker's last answer for it. */
export interface BlockTokens {
  block: number;
  seq: number;
  /** Lines from this index on are replaced by `lines` (lines before it are unchanged). */
  start: number;
  lines: HighlightedLine[];
  /** Characters of the block's code (as of `seq`) that the complete lines cover. */
  covered: number;
  /** The tokens of a final code's unterminated last line, once tokenized. */
  tail: HighlightedLine | null;
  /** Every line of the code as of `seq` is tokenized. */
  done: boolean;
}

export interface BlockFailure {
  block: number;
  seq: number;
  failed: string;
}

export type FromWorker =
  /** The worker's module ran: it takes requests. */
  { type: 'ready' } | { type: 'tokens'; results: (BlockTokens | BlockFailure)[] };
