import { memo } from 'react';
import { format, useLocale, useMessages } from '../shared/index.js';
import type { ParsedLine } from './ansi-line.js';
import { terminalMessages } from './messages.js';
import { numberFormat } from '../../i18n/number-format.js';

/**
 * One output line. The parser returns the same object for an unchanged line, so memo skips
 * every line but the one still being written when a chunk arrives.
 */
export const TerminalLine = /* @__PURE__ */ memo(function TerminalLine({ line }: { line: ParsedLine }) {
  return (
    <div className="acp-terminal__line" data-slot="terminal-line">
      {line.spans.map((span, i) =>
        span.className ? (
          <span key={i} className={span.className}>
            {span.text}
          </span>
        ) : (
          span.text
        ),
      )}
      {line.hidden ? <LineCut count={line.hidden} /> : null}
    </div>
  );
});

/** The end of a line too long to show (see TERMINAL_LINE_CHARS). */
function LineCut({ count }: { count: number }) {
  const messages = useMessages('terminal', terminalMessages);
  const number = numberFormat(useLocale());
  return <span className="acp-terminal__cut">{format(messages.line_cut, { count: number.format(count) })}</span>;
}
