import type { HighlightedLine } from '../../highlight/index.js';

/**
 * One line's text, coloured by its tokens when they fit it, plain otherwise: React text nodes
 * only, never HTML. CodeBlock and Diff both draw lines with it. The coloured and plain forms hold
 * the same characters in the same font, so highlighting that arrives late moves nothing; tokens
 * of a differently split line (a stale tokenization) are ignored, since colours must never
 * change the text.
 */
export function Tokens({ text, tokens }: { text: string; tokens: HighlightedLine | undefined }) {
  if (!tokens || !tokensMatch(tokens, text)) return text;
  return tokens.map((token, i) =>
    token.style ? (
      <span key={i} style={token.style}>
        {token.content}
      </span>
    ) : (
      token.content
    ),
  );
}

function tokensMatch(tokens: HighlightedLine, text: string): boolean {
  let length = 0;
  for (const token of tokens) length += token.content.length;
  return length === text.length;
}
