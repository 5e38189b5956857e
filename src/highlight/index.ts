/**
 * The syntax highlighting service shared by CodeBlock, Diff and anything else drawing code.
 * shiki itself is only ever loaded through dynamic `import()`: in the page's worker, or on the
 * main thread where no worker can run (see `job.ts`).
 */
export { createHighlightJob } from './job.js';
export type { HighlightJob, HighlightJobOptions, HighlightStatus } from './job.js';
export { highlightLines } from './highlighter.js';
export { highlightFallbackReason, highlightMode, subscribeHighlightMode } from './mode.js';
export type { HighlightFallbackReason, HighlightMode } from './mode.js';
export { languageForPath, languageLabel, resolveLanguage } from './languages.js';
export type { LanguageId } from './languages.js';
// The one idle scheduler of the library (highlighting, deferred diffs, turns mounted ahead).
export { requestIdleTime, scheduleIdle } from './schedule.js';
export type { CancelIdle, IdleDeadline } from './schedule.js';
export type { HighlightStyle, HighlightToken, HighlightedLine } from './tokens.js';
