import { memo } from 'react';
import type { ParsedLine } from './ansi-line.js';

/**
 * One output line. The parser returns the same object for an unchanged line, so memo skips
 * every line but the one still being written when a chunk arrives.
 */
export const TerminalLine = /* @__PURE__ */ memo(function TerminalLine({ line }: { line: ParsedLine }) {
  return (
    <div className="acp-terminal__line" data-slot="line">
      {line.spans.map((span, i) =>
        span.className ? (
          <span key={i} className={span.className}>
            {span.text}
          </span>
        ) : (
          span.text
        ),
      )}
    </div>
  );
});
