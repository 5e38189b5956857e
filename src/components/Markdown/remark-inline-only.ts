/**
 * For the pieces of one paragraph parsed one by one (`CutParagraph`): a piece is mid-paragraph
 * text, so whatever parses as a block on its own (a run of `*` or `-` as a thematic break, a `#`
 * or `>` the cut happened to put first) is shown as the characters it came from, in the piece's
 * paragraph. Only paragraphs reach the caller's `<p>`: a block element there would be invalid
 * HTML (and a hydration mismatch after server rendering).
 */
import type { Paragraph, Root, RootContent } from 'mdast';

function asText(node: RootContent, source: string): Paragraph {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  const value = start !== undefined && end !== undefined ? source.slice(start, end) : '';
  return { type: 'paragraph', children: [{ type: 'text', value }] };
}

export function remarkInlineOnly() {
  return (tree: Root, file: { value: unknown }) => {
    const source = String(file.value);
    tree.children = tree.children.map((node) => (node.type === 'paragraph' ? node : asText(node, source)));
  };
}
