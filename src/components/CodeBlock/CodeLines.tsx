import { memo } from 'react';
import type { HighlightedLine } from '../../highlight/index.js';
import { Tokens } from '../shared/Tokens.js';

interface CodeLineProps {
  text: string;
  /** The line's tokens once highlighted; plain text until then. */
  tokens: HighlightedLine | undefined;
  last: boolean;
}

/**
 * One line, plain or coloured. Both render the same characters in the same font, so the switch
 * to colours never moves anything. Memoized: a streaming block re-renders only the lines that
 * changed (the token arrays of finished lines keep their identity).
 */
export const CodeLine = /* @__PURE__ */ memo(function CodeLine({ text, tokens, last }: CodeLineProps) {
  return (
    <>
      <span className="acp-code-block__line" data-slot="code-block-line">
        <Tokens text={text} tokens={tokens} />
      </span>
      {last ? null : '\n'}
    </>
  );
});
