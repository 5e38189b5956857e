/**
 * On-demand precompiled grammars, for highlighting on the main thread (see `main-thread.ts`), one
 * dynamic `import()` per language as in `grammars.ts`.
 *
 * `@shikijs/langs-precompiled` holds the same TextMate grammars as `shiki/langs` with every
 * Oniguruma pattern already translated to a JavaScript `RegExp`, so shiki's raw engine runs them
 * as they are: the translation, hundreds of milliseconds for a large grammar and impossible to
 * split, never happens on the page. Fetched only where no worker can start.
 */
import type { LanguageRegistration } from 'shiki/core';
import type { LanguageId } from './languages.js';

type GrammarModule = { default: LanguageRegistration[] };

export const precompiledGrammarLoaders: Record<LanguageId, () => Promise<GrammarModule>> = {
  typescript: () => import('@shikijs/langs-precompiled/typescript'),
  tsx: () => import('@shikijs/langs-precompiled/tsx'),
  javascript: () => import('@shikijs/langs-precompiled/javascript'),
  jsx: () => import('@shikijs/langs-precompiled/jsx'),
  json: () => import('@shikijs/langs-precompiled/json'),
  jsonc: () => import('@shikijs/langs-precompiled/jsonc'),
  shellscript: () => import('@shikijs/langs-precompiled/shellscript'),
  shellsession: () => import('@shikijs/langs-precompiled/shellsession'),
  powershell: () => import('@shikijs/langs-precompiled/powershell'),
  python: () => import('@shikijs/langs-precompiled/python'),
  rust: () => import('@shikijs/langs-precompiled/rust'),
  go: () => import('@shikijs/langs-precompiled/go'),
  css: () => import('@shikijs/langs-precompiled/css'),
  scss: () => import('@shikijs/langs-precompiled/scss'),
  html: () => import('@shikijs/langs-precompiled/html'),
  xml: () => import('@shikijs/langs-precompiled/xml'),
  vue: () => import('@shikijs/langs-precompiled/vue'),
  svelte: () => import('@shikijs/langs-precompiled/svelte'),
  markdown: () => import('@shikijs/langs-precompiled/markdown'),
  yaml: () => import('@shikijs/langs-precompiled/yaml'),
  toml: () => import('@shikijs/langs-precompiled/toml'),
  ini: () => import('@shikijs/langs-precompiled/ini'),
  dotenv: () => import('@shikijs/langs-precompiled/dotenv'),
  diff: () => import('@shikijs/langs-precompiled/diff'),
  sql: () => import('@shikijs/langs-precompiled/sql'),
  graphql: () => import('@shikijs/langs-precompiled/graphql'),
  java: () => import('@shikijs/langs-precompiled/java'),
  kotlin: () => import('@shikijs/langs-precompiled/kotlin'),
  scala: () => import('@shikijs/langs-precompiled/scala'),
  c: () => import('@shikijs/langs-precompiled/c'),
  cpp: () => import('@shikijs/langs-precompiled/cpp'),
  csharp: () => import('@shikijs/langs-precompiled/csharp'),
  swift: () => import('@shikijs/langs-precompiled/swift'),
  php: () => import('@shikijs/langs-precompiled/php'),
  ruby: () => import('@shikijs/langs-precompiled/ruby'),
  lua: () => import('@shikijs/langs-precompiled/lua'),
  dockerfile: () => import('@shikijs/langs-precompiled/dockerfile'),
  makefile: () => import('@shikijs/langs-precompiled/makefile'),
  zig: () => import('@shikijs/langs-precompiled/zig'),
  elixir: () => import('@shikijs/langs-precompiled/elixir'),
  haskell: () => import('@shikijs/langs-precompiled/haskell'),
  dart: () => import('@shikijs/langs-precompiled/dart'),
  proto: () => import('@shikijs/langs-precompiled/proto'),
  nix: () => import('@shikijs/langs-precompiled/nix'),
  hcl: () => import('@shikijs/langs-precompiled/hcl'),
};
