/**
 * Whether a piece of a paragraph line can be parsed on its own, with nothing after it able to
 * change how it parses (see `tail-paragraph.ts`, which cuts streaming paragraphs into such pieces).
 *
 * The piece is parsed with the same parser and GFM extensions as the rendered markdown, and
 * accepted only when it is exactly one paragraph and its text keeps no literal character that a
 * later one could still pair with: no backtick (a code span waiting for its closing run), no `[`
 * (a link waiting for `](`), no `<` (an autolink or an HTML tag waiting for `>`), and no `*`, `_`
 * or `~` run that could open emphasis or strikethrough. Inline parsing only ever pairs a closer
 * with an opener before it, so a piece with no opener left parses the same with or without the
 * text after it. Whenever this is not certain the answer is no (the caller then keeps parsing
 * the whole paragraph, as for any other block).
 */
import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { isLiteralText } from './literal-text.js';
import { withinMarkupLimit } from './markup.js';

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

/** Letters and digits: what makes `_` intraword, where it can neither open nor close. */
const ALPHANUMERIC = /[\p{L}\p{N}]/u;
/** Unicode whitespace, as the parser classifies it around delimiter runs. */
const WHITESPACE = /\s/u;

export function isClosedSegment(source: string): boolean {
  // Plain words and punctuation parse to one text node: one paragraph, nothing to pair with.
  if (isLiteralText(source)) return true;
  // A character reference becomes its character in the text (`&#32;` a space) while the parser
  // classified the run by the `&`: the text no longer tells whether a run could open.
  if (source.includes('&')) return false;
  // Too many marks to parse cheaply (see `markup.ts`): the caller cuts such text in parts.
  if (!withinMarkupLimit(source)) return false;
  const tree = parser.runSync(parser.parse(source)) as Root;
  const only = tree.children[0];
  if (tree.children.length !== 1 || only?.type !== 'paragraph') return false;
  return !hasOpener(only);
}

/** Whether any text under `node` keeps an opener; the walk keeps its own stack (any depth). */
function hasOpener(node: Nodes): boolean {
  const stack: Nodes[] = [node];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    if (current.type === 'text') {
      if (textHasOpener(current.value)) return true;
    } else if ('children' in current) {
      for (const child of current.children) stack.push(child as Nodes);
    }
    // Code, images, HTML and breaks are complete constructs: nothing in them can pair later.
  }
  return false;
}

function textHasOpener(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '`' || char === '[' || char === '<') return true;
    if (char !== '*' && char !== '_' && char !== '~') continue;
    let end = i + 1;
    while (text[end] === char) end++;
    if (canOpen(char, text[i - 1], text[end])) return true;
    i = end - 1;
  }
  return false;
}

/**
 * A delimiter run followed by whitespace is not left-flanking, so it opens nothing; an `_` run
 * between two alphanumerics is intraword, which `_` never opens at. Anything else might (the end
 * of a text node is not known to be whitespace: the next node may start with anything).
 */
function canOpen(char: string, before: string | undefined, after: string | undefined): boolean {
  if (after !== undefined && WHITESPACE.test(after)) return false;
  if (char === '_' && before !== undefined && after !== undefined && ALPHANUMERIC.test(before) && ALPHANUMERIC.test(after)) {
    return false;
  }
  return true;
}
