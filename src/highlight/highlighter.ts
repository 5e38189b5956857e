/**
 * The shiki highlighter service: one lazily created highlighter core, grammars loaded on demand.
 *
 * Nothing from shiki is imported statically (only types), so importing this module costs a few
 * hundred bytes and shiki lands in its own chunks, fetched the first time a block is highlighted.
 * The core uses the JavaScript regex engine: no WebAssembly to fetch, and it runs anywhere.
 *
 * The cache lives at module level on purpose: it holds compiled grammars, which are immutable
 * and the same for every provider on the page, so sharing them is pure gain. It is created on
 * first use, never at import time, so the module stays safe to import during server rendering.
 */
import type { GrammarState, HighlighterCore } from 'shiki/core';
import { grammarLoaders } from './grammars.js';
import { resolveLanguage, type LanguageId } from './languages.js';
import { createAcpTheme, THEME_NAME } from './theme.js';
import { toHighlightToken, type HighlightedLine } from './tokens.js';

/**
 * Tokenizes `code` (complete lines joined by `\n`) starting from a grammar state, and returns
 * the lines' tokens and the state at the end of the last line, to continue from later.
 */
export type Tokenize = (
  code: string,
  state: GrammarState | undefined,
) => { lines: HighlightedLine[]; state: GrammarState | undefined };

// Lines longer than this stay one plain token: minified code would otherwise stall the tokenizer.
const MAX_LINE_LENGTH = 5000;
// Per-line time limit; a pathological line gives up and the rest of the block still highlights.
// The first call of a grammar runs without it: the JavaScript engine compiles the grammar's
// regexes on first use, which alone can exceed the limit and would leave that first line
// half coloured for good (its tokens are cached).
const LINE_TIME_LIMIT_MS = 500;

let corePromise: Promise<HighlighterCore> | null = null;
const tokenizers = new Map<LanguageId, Promise<Tokenize>>();
const readyTokenizers = new Map<LanguageId, Tokenize>();

function loadCore(): Promise<HighlighterCore> {
  if (!corePromise) {
    corePromise = Promise.all([import('shiki/core'), import('shiki/engine/javascript')]).then(
      ([shiki, engine]) =>
        shiki.createHighlighterCore({
          themes: [createAcpTheme(shiki.createCssVariablesTheme)],
          langs: [],
          // `forgiving` skips the rare grammar regex the JS engine cannot translate, instead of
          // failing the whole language.
          engine: engine.createJavaScriptRegexEngine({ forgiving: true }),
        }),
    );
    // A failed load (offline chunk fetch) must not poison every later attempt.
    corePromise.catch(() => {
      corePromise = null;
    });
  }
  return corePromise;
}

function makeTokenize(core: HighlighterCore, grammarName: string): Tokenize {
  let warm = false;
  return (code, state) => {
    const result = core.codeToTokens(code, {
      lang: grammarName,
      theme: THEME_NAME,
      grammarState: state,
      tokenizeMaxLineLength: MAX_LINE_LENGTH,
      tokenizeTimeLimit: warm ? LINE_TIME_LIMIT_MS : 0,
    });
    warm = true;
    return {
      lines: result.tokens.map((line) => line.map((token) => toHighlightToken(token, result.fg))),
      state: result.grammarState,
    };
  };
}

/** Loads the grammar (and shiki itself, the first time) and resolves with its tokenizer. */
export function loadTokenizer(id: LanguageId): Promise<Tokenize> {
  let pending = tokenizers.get(id);
  if (!pending) {
    pending = Promise.all([loadCore(), grammarLoaders[id]()]).then(async ([core, grammar]) => {
      const registrations = grammar.default;
      await core.loadLanguage(...registrations);
      // The module lists embedded grammars first and its own grammar last.
      const main = registrations[registrations.length - 1];
      const tokenize = makeTokenize(core, main.name);
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
 * Highlights a whole snippet: one token array per line (lines split on `\n`, terminators
 * dropped). `language` is a language name, alias or fence info string (`ts`, `TypeScript`,
 * `bash`); use `languageForPath` first to go from a file name. Resolves to null when the
 * language is unknown or its grammar could not be loaded, so callers keep plain text.
 */
export async function highlightLines(
  code: string,
  language: string | null | undefined,
): Promise<HighlightedLine[] | null> {
  const id = resolveLanguage(language);
  if (!id) return null;
  try {
    const tokenize = await loadTokenizer(id);
    return tokenize(code, undefined).lines;
  } catch {
    return null;
  }
}
