import type { HighlightedLine } from '../../highlight/index.js';
import { Tokens } from '../shared/Tokens.js';
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
  return (
    <Tag className="acp-diff__text" data-slot="diff-line-text">
      <Tokens text={line.text} tokens={tokens} />
    </Tag>
  );
}
