import { forwardRef, useCallback, useMemo, useRef } from 'react';
import { languageForPath, languageLabel, resolveLanguage } from '../../highlight/index.js';
import { cx, format, useLocale, useMessages } from '../shared/index.js';
import { CodeLine } from './CodeLines.js';
import { CopyButton } from './CopyButton.js';
import { codeBlockMessages } from './messages.js';
import { useHighlight } from './use-highlight.js';
import { useHighlightMode } from '../shared/use-highlight-mode.js';
import { numberFormat } from '../../i18n/number-format.js';
import type { RootProps } from '../shared/root-props.js';

/** @inline */
export interface CodeBlockOwnProps {
  code: string;
  /** Language name, alias or fence info word (`ts`, `TypeScript`, `bash`). */
  language?: string | null;
  /** A file name or URI: shown in the header, and picks the language when `language` is absent. */
  filename?: string | null;
  /** More code may still arrive at the end: the unfinished last line stays plain. */
  streaming?: boolean;
  /** Set false to keep the block plain (collapsed panels highlight once opened). Default true. */
  highlight?: boolean;
  /** Beyond this many lines the block stays plain, with a note. Default 2,000. */
  maxLines?: number;
  /** Beyond this many characters the block stays plain, with a note. Default 100,000. */
  maxLength?: number;
  className?: string;
}

/** The code block's own props and the rest of its root `<div>`'s. */
export type CodeBlockProps = RootProps<CodeBlockOwnProps>;

const DEFAULT_MAX_LINES = 2000;
const DEFAULT_MAX_LENGTH = 100_000;

/** Lines as displayed: without their terminators, and no empty line for a final newline. */
function displayLines(code: string): string[] {
  const lines = code.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/**
 * A block of code: plain text at once, syntax colours when shiki is ready (in the page's worker,
 * or in idle time where none runs: never blocking a streamed chunk), with a language label and a
 * copy button.
 */
export const CodeBlock = /* @__PURE__ */ forwardRef<HTMLDivElement, CodeBlockProps>(function CodeBlock(
  { code, language, filename, streaming = false, highlight = true, maxLines = DEFAULT_MAX_LINES, maxLength = DEFAULT_MAX_LENGTH, className, ...rest },
  ref,
) {
  const messages = useMessages('codeBlock', codeBlockMessages);
  const locale = useLocale();
  const pre = useRef<HTMLPreElement>(null);

  const languageId = resolveLanguage(language) ?? (language ? null : filename ? languageForPath(filename) : null);
  const lines = useMemo(() => displayLines(code), [code]);
  const tooLarge = code.length > maxLength || lines.length > maxLines;
  const tokens = useHighlight(code, languageId, { streaming, enabled: highlight && !tooLarge });

  const label = languageId ? languageLabel(languageId) : language || messages.plain_text;
  const title = filename ?? label;
  const state = tooLarge || !languageId || !highlight ? 'plain' : tokens.length >= lines.length ? 'highlighted' : 'highlighting';
  const selectTarget = useCallback(() => pre.current, []);
  const mode = useHighlightMode();

  return (
    <div
      data-slot="code-block"
      data-state={state}
      data-streaming={streaming ? '' : undefined}
      data-language={languageId ?? undefined}
      // Where its tokens are made, for a developer looking at the DOM: the page's worker, or the main
      // thread (`idle` until the page's first highlighting starts). Set from the first render, so a
      // block streamed in ends with the same DOM as one rendered whole (an attribute added later
      // comes after the others).
      data-highlighter={state === 'plain' ? undefined : mode}
      {...rest}
      ref={ref}
      className={cx('acp-code-block', className)}
    >
      <div className="acp-code-block__header" data-slot="code-block-header">
        <span className="acp-code-block__label" data-slot="code-block-label" title={filename ? filename : undefined}>
          {title}
        </span>
        <CopyButton text={code} label={label} fallbackTarget={selectTarget} className="acp-code-block__copy" />
      </div>
      {tooLarge ? (
        <p className="acp-code-block__note" data-slot="code-block-note">
          {format(messages.too_large, { lines: numberFormat(locale).format(lines.length) })}
        </p>
      ) : null}
      {/* Focusable so keyboard users can scroll long lines sideways. */}
      <pre ref={pre} className="acp-code-block__pre" data-slot="code-block-pre" data-size={tooLarge ? 'large' : undefined} tabIndex={0}>
        <code className="acp-code-block__code">
          {tooLarge ? code : lines.map((text, i) => <CodeLine key={i} text={text} tokens={tokens[i]} last={i === lines.length - 1} />)}
        </code>
      </pre>
    </div>
  );
});
CodeBlock.displayName = 'CodeBlock';
