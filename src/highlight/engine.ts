/**
 * The highlighting engine, fetched with the first block to highlight (see highlighter.ts): the
 * shiki core with the JavaScript regex engine, our CSS-variables theme, and the table of grammar
 * loaders. None of it is needed to show code as plain text, so none of it is in the page's
 * initial code.
 *
 * The core lives at module level on purpose: it holds compiled grammars, which are immutable and
 * the same for every provider on the page, so sharing them is pure gain. It is created on first
 * use, never at import time, so the module stays safe to import during server rendering.
 */
import type { HighlighterCore } from 'shiki/core';
import { grammarLoaders } from './grammars.js';
import type { LanguageId } from './languages.js';
import { createAcpTheme, THEME_NAME } from './theme.js';
import { toHighlightToken, type Tokenize } from './tokens.js';

// Incremental tokenizing is only useful once a tokenizer exists: it travels with the engine.
export { LineTokenCache } from './line-cache.js';

// Lines longer than this stay one plain token: minified code would otherwise stall the tokenizer.
const MAX_LINE_LENGTH = 5000;
// Per-line time limit; a pathological line gives up and the rest of the block still highlights.
// The first call of a grammar runs without it: the JavaScript engine compiles the grammar's
// regexes on first use, which alone can exceed the limit and would leave that first line
// half coloured for good (its tokens are cached).
const LINE_TIME_LIMIT_MS = 500;

let corePromise: Promise<HighlighterCore> | null = null;

function loadCore(): Promise<HighlighterCore> {
  if (!corePromise) {
    corePromise = Promise.all([import('shiki/core'), import('shiki/engine/javascript')]).then(([shiki, engine]) =>
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

/** Loads the grammar (and shiki itself, the first time) and makes its tokenizer. */
export async function createTokenizer(id: LanguageId): Promise<Tokenize> {
  const [core, grammar] = await Promise.all([loadCore(), grammarLoaders[id]()]);
  const registrations = grammar.default;
  await core.loadLanguage(...registrations);
  // The module lists embedded grammars first and its own grammar last.
  const main = registrations.at(-1);
  if (!main) throw new Error(`The grammar module for ${id} registers no language`);
  return makeTokenize(core, main.name);
}
