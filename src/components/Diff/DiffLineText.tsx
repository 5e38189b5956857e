import type { DiffLine } from './diff-model.js';

/**
 * The text of one diff line, as a React text node only (never HTML). Added and removed lines
 * use <ins>/<del> so assistive technology can tell them apart without the colours.
 *
 * This is the single place where line content is drawn, so syntax highlighting plugs in here:
 * give it the line's tokens and render one span per token instead of the plain string.
 */
export function DiffLineText({ line }: { line: DiffLine }) {
  const Tag = line.kind === 'add' ? 'ins' : line.kind === 'del' ? 'del' : 'span';
  return (
    <Tag className="acp-diff__text" data-slot="line-text">
      {line.text}
    </Tag>
  );
}
