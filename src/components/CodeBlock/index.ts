export { CodeBlock } from './CodeBlock.js';
export type { CodeBlockProps } from './CodeBlock.js';
export { CopyButton } from './CopyButton.js';
export type { CopyButtonProps } from './CopyButton.js';
export { useCopy } from './use-copy.js';
export type { CopyState } from './use-copy.js';
export { codeBlockMessages } from './messages.js';
export type { CodeBlockMessages } from './messages.js';
export {
  highlightFallbackReason,
  highlightLines,
  highlightMode,
  languageForPath,
  languageLabel,
  resolveLanguage,
  subscribeHighlightMode,
} from '../../highlight/index.js';
export type { HighlightFallbackReason, HighlightMode, HighlightStyle, HighlightToken, HighlightedLine, LanguageId } from '../../highlight/index.js';
