/**
 * The syntax highlighting service: tokenizers per language, created on demand.
 *
 * This module is the light front that components import: it only remembers tokenizers. The
 * engine (shiki, the theme, the grammar table) is in `engine.ts`, fetched with the first block
 * to highlight, and each grammar is its own chunk after that.
 */
import type { GrammarState } from 'shiki/core';
import type { LineTokenCache } from './line-cache.js';
import { resolveLanguage, type LanguageId } from './languages.js';
import type { HighlightedLine, Tokenize } from './tokens.js';

const tokenizers = new Map<LanguageId, Promise<Tokenize>>();
const readyTokenizers = new Map<LanguageId, Tokenize>();
let engine: typeof import('./engine.js') | null = null;

/** Loads the grammar (and shiki itself, the first time) and resolves with its tokenizer. */
export function loadTokenizer(id: LanguageId): Promise<Tokenize> {
  let pending = tokenizers.get(id);
  if (!pending) {
    pending = import('./engine.js')
      .then((loaded) => {
        engine = loaded;
        return loaded.createTokenizer(id);
      })
      .then((tokenize) => {
        readyTokenizers.set(id, tokenize);
        return tokenize;
      });
    tokenizers.set(id, pending);
    pending.catch(() => tokenizers.delete(id));
  }
  return pending;
}

/** The tokenizer for a grammar that has finished loading, without waiting; else null. */
export function readyTokenizer(id: LanguageId): Tokenize | null {
  return readyTokenizers.get(id) ?? null;
}

/**
 * An incremental line cache (see line-cache.ts) over a tokenizer from `readyTokenizer`. Created
 * through the engine, which is loaded whenever a tokenizer is ready, so the cache's code is not
 * part of what a page loads before anything is highlighted.
 */
export function createLineCache(tokenize: Tokenize): LineTokenCache<GrammarState> {
  if (!engine) throw new Error('createLineCache needs a tokenizer from readyTokenizer or loadTokenizer');
  return new engine.LineTokenCache<GrammarState>(tokenize);
}

/**
 * Highlights a whole snippet: one token array per line (lines split on `\n`, terminators
 * dropped). `language` is a language name, alias or fence info string (`ts`, `TypeScript`,
 * `bash`); use `languageForPath` first to go from a file name. Resolves to null when the
 * language is unknown or its grammar could not be loaded, so callers keep plain text.
 */
export async function highlightLines(code: string, language: string | null | undefined): Promise<HighlightedLine[] | null> {
  const id = resolveLanguage(language);
  if (!id) return null;
  try {
    const tokenize = await loadTokenizer(id);
    return tokenize(code, undefined).lines;
  } catch {
    return null;
  }
}
