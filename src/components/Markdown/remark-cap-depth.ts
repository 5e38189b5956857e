/**
 * The last guard on nesting, on the parsed tree: a node nested deeper than `maxDepth` is replaced
 * by its text, followed by a short note, so the tree handed to the (recursive) HTML and React
 * converters is never deeper than that. The source-level guards (`nesting.ts` for quotes and
 * lists, `MARKUP_LIMIT` for inline marks) keep real input far from this; it catches the rest.
 * The walk keeps its own stack: it is safe at any depth.
 */
import type { Nodes, Parent, Root } from 'mdast';
import { itemAt } from '../../core/item-at.js';

export interface CapDepthOptions {
  maxDepth: number;
  /** Text of the note after a flattened part. */
  note: string;
}

/** The text of a subtree, without recursion. */
function textContent(node: Nodes): string {
  let out = '';
  const stack: Nodes[] = [node];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    if ('value' in current && typeof current.value === 'string') out += current.value;
    // Pushed last to first, so the first child is taken next.
    else if ('children' in current) for (let i = current.children.length - 1; i >= 0; i--) stack.push(itemAt<Nodes>(current.children, i));
  }
  return out;
}

const BLOCK = new Set(['blockquote', 'list', 'listItem', 'paragraph', 'heading', 'table', 'tableRow', 'code', 'thematicBreak']);

function flattened(node: Nodes, note: string): Nodes {
  const tag = BLOCK.has(node.type) ? 'p' : 'span';
  // Unknown node types become the element named by `data.hName` in the HTML tree.
  return {
    type: 'flattened',
    data: { hName: tag, hProperties: { className: ['acp-markdown__flattened'], dataSlot: 'flattened' } },
    children: [
      { type: 'text', value: textContent(node) },
      { type: 'flattenedNote', data: { hName: 'span', hProperties: { className: ['acp-markdown__note'] } }, children: [{ type: 'text', value: ` (${note})` }] },
    ],
  } as unknown as Nodes;
}

export function remarkCapDepth(options: CapDepthOptions) {
  return (tree: Root) => {
    const stack: Array<[Parent, number]> = [[tree, 0]];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      const [parent, depth] = top;
      const children = parent.children as Nodes[];
      for (let i = 0; i < children.length; i++) {
        const child = itemAt(children, i);
        if (!('children' in child)) continue;
        if (depth + 1 >= options.maxDepth) children[i] = flattened(child, options.note);
        else stack.push([child as Parent, depth + 1]);
      }
    }
  };
}
