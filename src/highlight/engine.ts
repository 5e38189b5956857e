/**
 * The shiki core both highlighting paths share: our CSS-variables theme, and a tokenizer per
 * grammar. Which regex engine and which grammars go in is the caller's choice:
 *
 * - the worker (`worker.ts`) takes shiki's own grammars, sent by the page, with the JavaScript
 *   regex engine, which translates each rule's Oniguruma patterns on first use (hundreds of
 *   milliseconds for a large grammar, harmless off the main thread);
 * - the main-thread fallback (`main-thread.ts`) takes precompiled grammars with the raw engine:
 *   the translation was done when the grammars were published, so no step of it can block a frame.
 *
 * Only ever reached through a dynamic `import()` on the page (or inside the worker), so shiki is
 * in no entry's initial code. Nothing here runs at import time: safe for server rendering.
 */
import { createCssVariablesTheme, createHighlighterCore, type HighlighterCore, type LanguageRegistration, type RegexEngine } from 'shiki/core';
import { createAcpTheme, THEME_NAME } from './theme.js';
import { toHighlightToken, type Tokenize } from './tokens.js';

// Lines longer than this stay one plain token: minified code would otherwise stall the tokenizer.
const MAX_LINE_LENGTH = 5000;

export function createCore(engine: RegexEngine): Promise<HighlighterCore> {
  return createHighlighterCore({ themes: [createAcpTheme(createCssVariablesTheme)], langs: [], engine });
}

export interface TokenizerOptions {
  /**
   * Per-line time limit; a pathological line gives up and the rest of the block still
   * highlights.
   */
  lineTimeLimitMs: number;
  /**
   * Lift the limit for the grammar's first call: an engine that compiles a grammar's regexes on
   * first use can exceed the limit with that alone, which would leave the first line half
   * coloured for good (its tokens are cached).
   */
  unlimitedFirstCall: boolean;
}

function makeTokenize(core: HighlighterCore, grammarName: string, { lineTimeLimitMs, unlimitedFirstCall }: TokenizerOptions): Tokenize {
  let warm = !unlimitedFirstCall;
  return (code, state) => {
    const result = core.codeToTokens(code, {
      lang: grammarName,
      theme: THEME_NAME,
      grammarState: state,
      tokenizeMaxLineLength: MAX_LINE_LENGTH,
      tokenizeTimeLimit: warm ? lineTimeLimitMs : 0,
    });
    warm = true;
    return {
      lines: result.tokens.map((line) => line.map((token) => toHighlightToken(token, result.fg))),
      state: result.grammarState,
    };
  };
}

/**
 * Registers a grammar module's languages (its embedded grammars first, its own last, as
 * `shiki/langs/<id>.mjs` and the precompiled modules list them) and makes the tokenizer of the
 * last one.
 */
export async function createTokenizer(core: HighlighterCore, registrations: readonly LanguageRegistration[], options: TokenizerOptions): Promise<Tokenize> {
  const main = registrations.at(-1);
  if (!main) throw new Error('The grammar module registers no language');
  await core.loadLanguage(...registrations);
  return makeTokenize(core, main.name, options);
}
