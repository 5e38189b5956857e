import type { HighlightedLine } from '../../highlight/index.js';
import type { DiffLine } from './diff-model.js';

interface DiffLineTextProps {
  line: DiffLine;
  /** Syntax tokens for this line once highlighted; plain text until then. */
  tokens?: HighlightedLine;
}

/**
 * The text of one diff line, as React text nodes only (never HTML). Added and removed lines
 * use <ins>/<del> so assistive technology can tell them apart without the colours. Coloured
 * and plain forms hold the same characters, so highlighting arriving late moves nothing.
 */
export function DiffLineText({ line, tokens }: DiffLineTextProps) {
  const Tag = line.kind === 'add' ? 'ins' : line.kind === 'del' ? 'del' : 'span';
  const usable = tokens && tokensMatch(tokens, line.text);
  return (
    <Tag className="acp-diff__text" data-slot="line-text">
      {usable
        ? tokens.map((token, i) =>
            token.style ? (
              <span key={i} style={token.style}>
                {token.content}
              </span>
            ) : (
              token.content
            ),
          )
        : line.text}
    </Tag>
  );
}

/** Guards against tokens of a differently split line: colours must never change the text. */
function tokensMatch(tokens: HighlightedLine, text: string): boolean {
  let length = 0;
  for (const token of tokens) length += token.content.length;
  return length === text.length;
}
