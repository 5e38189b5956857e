/**
 * The syntax highlighting service shared by CodeBlock, Diff and anything else drawing code.
 * shiki itself is only ever loaded through dynamic `import()` from `highlighter.ts`.
 */
export { createLineCache, highlightLines, loadTokenizer, readyTokenizer } from './highlighter.js';
export { languageForPath, languageLabel, resolveLanguage } from './languages.js';
export type { LanguageId } from './languages.js';
// The line cache class itself travels with the engine (see createLineCache); only its types are here.
export type { AdvanceOptions, LineTokenCache, TokenizeFn } from './line-cache.js';
// The one idle scheduler of the library (highlighting, deferred diffs, turns mounted ahead).
export { requestIdleTime, scheduleIdle } from './schedule.js';
export type { CancelIdle, IdleDeadline } from './schedule.js';
export type { HighlightStyle, HighlightToken, HighlightedLine, Tokenize } from './tokens.js';
