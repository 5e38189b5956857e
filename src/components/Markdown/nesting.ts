/**
 * Caps the nesting of block quotes and lists at NESTING_LIMIT levels, before parsing.
 *
 * A few thousand `>` or list levels (a few KB of text) overflow the parser's and the renderer's
 * call stacks and cost them time superlinear in the depth. This scan is linear: it finds, line by
 * line, the container markers (`>`, `-`, `+`, `*`, `1.`, `1)`) that would open a level past the
 * limit and escapes the first of them with a backslash. The parser then reads the rest of that
 * line as text inside the deepest level allowed: deeper levels are shown flattened, as text.
 *
 * List levels opened by indentation on later lines are tracked with a stack of the content
 * columns of the items seen. It errs on the side of counting too deep only after an adversarial
 * 32 levels, and only the marker past the limit is ever touched.
 */
import { itemAt } from '../../core/item-at.js';
import { NESTING_LIMIT } from '../shared/budgets.js';

export interface CappedNesting {
  source: string;
  /** Some markers were escaped: the text nests deeper than the limit. */
  capped: boolean;
}

const SPACE = 32;
const TAB = 9;

/** Width of the list marker at `i` including the spaces after it, or 0 when there is none. */
function listMarkerWidth(line: string, i: number): number {
  const c = line.charCodeAt(i);
  let j = i;
  if (c === 45 || c === 43 || c === 42) {
    j = i + 1; // - + *
  } else {
    while (j < line.length && j - i < 9 && line.charCodeAt(j) >= 48 && line.charCodeAt(j) <= 57) j++;
    const end = line.charCodeAt(j);
    if (j === i || (end !== 46 && end !== 41)) return 0; // . )
    j++;
  }
  const after = line.charCodeAt(j);
  // A marker needs a space or tab after it (or the end of the line: an empty item).
  if (j < line.length && after !== SPACE && after !== TAB) return 0;
  let k = j;
  while (k < line.length && k - j < 4 && (line.charCodeAt(k) === SPACE || line.charCodeAt(k) === TAB)) k++;
  return k - i;
}

/** Where a code fence opens or closes at `i` (its marker, e.g. "```"), or null. */
function fenceAt(line: string, i: number): string | null {
  const match = /^(`{3,}|~{3,})/.exec(line.slice(i, i + 64));
  return match ? itemAt(match, 1) : null;
}

export function capNesting(source: string, limit: number = NESTING_LIMIT): CappedNesting {
  const escapes: number[] = [];
  /** Content columns of the list items open through indentation. */
  const stack: number[] = [];
  let fence: string | null = null;
  let blankBefore = false;
  let lineStart = 0;
  while (lineStart <= source.length) {
    let lineEnd = source.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = source.length;
    const line = source.slice(lineStart, lineEnd);

    // Leading indentation, in columns.
    let i = 0;
    let column = 0;
    while (i < line.length && (line.charCodeAt(i) === SPACE || line.charCodeAt(i) === TAB)) {
      column = line.charCodeAt(i) === TAB ? column + 4 - (column % 4) : column + 1;
      i++;
    }
    const blank = i === line.length;
    let depth = 0;
    let first = true;
    let escaped = false;
    while (i < line.length && !escaped) {
      const c = line.charCodeAt(i);
      if (c === 62) {
        // >
        if (++depth > limit) {
          escapes.push(lineStart + i);
          escaped = true;
          break;
        }
        i++;
        if (line.charCodeAt(i) === SPACE) i++;
      } else if (fence === null && listMarkerWidth(line, i) > 0) {
        const width = listMarkerWidth(line, i);
        if (first) {
          // A marker first on its line nests inside the items whose content starts at or before it.
          // An empty stack reads as -1, below every column.
          while ((stack.at(-1) ?? -1) > column) stack.pop();
          depth += stack.length;
          stack.push(column + width);
        }
        if (++depth > limit) {
          // Escape the marker character itself: `\-`, `12\.`.
          let at = i;
          while (at < line.length && line.charCodeAt(at) >= 48 && line.charCodeAt(at) <= 57) at++;
          escapes.push(lineStart + at);
          escaped = true;
          break;
        }
        i += width;
      } else {
        break;
      }
      first = false;
      // Spaces between markers on one line (`> > -`).
      while (i < line.length && (line.charCodeAt(i) === SPACE || line.charCodeAt(i) === TAB)) i++;
    }
    if (!escaped && !blank) {
      const marker = fenceAt(line, i);
      if (fence === null && marker) fence = marker;
      else if (fence !== null && marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      // Text at the margin after a blank line ends every list.
      if (first && i === 0 && blankBefore) stack.length = 0;
    }
    blankBefore = blank;
    lineStart = lineEnd + 1;
  }
  if (escapes.length === 0) return { source, capped: false };
  let out = '';
  let from = 0;
  for (const at of escapes) {
    out += `${source.slice(from, at)}\\`;
    from = at;
  }
  return { source: out + source.slice(from), capped: true };
}
