/**
 * Splits markdown into top-level blocks, incrementally, so a streaming answer is re-parsed only
 * at its tail.
 *
 * A block is a run of lines that can be parsed on its own and renders exactly as it would inside
 * the whole document: a paragraph, a heading, a list, a table, a quote, a fenced code block.
 * The splitter only cuts where that is certain, and keeps lines together whenever in doubt
 * (keeping too much together is always correct, merely slower):
 *
 * - after blank lines, when the next line starts at column 0 and does not continue a list;
 * - before an ATX heading or a code fence that starts at the block level (both may interrupt a
 *   paragraph), and right after a heading line;
 * - around a fenced code block: a fence is one block until its closing line, however many blank
 *   lines it contains, and a fence still open at the end is an open code block.
 *
 * Decisions look only backwards, and only at complete lines (ending in `\n`) unless a line's
 * first character already settles it: the unfinished last line always belongs to the tail block.
 * So once a block is followed by another, it can never change, and the next call resumes
 * scanning at the start of the last block: each chunk costs O(tail), not O(text).
 *
 * Known limit, shared with every block-wise streaming renderer: link reference definitions and
 * footnotes only resolve inside the block that contains them.
 */

/** @inline */
export type BlockKind = 'markdown' | 'fence';

export interface MarkdownBlock {
  /** Offset of the block's first character in the text. Stable, so it serves as a React key. */
  readonly start: number;
  /** The block's source, fences included (opening and closing lines). */
  readonly source: string;
  readonly kind: BlockKind;
  /** For fences: the closing fence has not been seen (yet). */
  readonly open: boolean;
}

/** The reusable result of a split: pass it back with the grown text to resume from the tail. */
export interface BlockSplit {
  readonly text: string;
  /** Blocks followed by another block: final, and the same objects across calls. */
  readonly finished: readonly MarkdownBlock[];
  /** Start of the tail block (the text after the last finished block). */
  readonly tailStart: number;
}

interface Fence {
  char: '`' | '~';
  length: number;
  /** Opened inside a markdown block (a list item, say) rather than as a block of its own. */
  nested: boolean;
}

interface BlockState {
  kind: 'empty' | BlockKind;
  isList: boolean;
  fence: Fence | null;
  /** A blank line was seen since the block's last non-blank line. */
  blankPending: boolean;
}

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const BLANK = /^[ \t]*$/;

function freshState(): BlockState {
  return { kind: 'empty', isList: false, fence: null, blankPending: false };
}

/** Columns of leading whitespace (a tab counts as 4, enough to tell "indented" from not). */
function indentOf(line: string): number {
  let columns = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32) columns += 1;
    else if (c === 9) columns += 4;
    else break;
  }
  return columns;
}

function openingFence(line: string): { char: '`' | '~'; length: number; indent: number } | null {
  const match = FENCE_OPEN.exec(line);
  // No match, or no marker in it: no fence opens on this line.
  const marker = match?.[1];
  if (match === null || marker === undefined) return null;
  const char = marker.startsWith('`') ? '`' : '~';
  // A backtick fence's info string cannot contain backticks (that is inline code instead).
  if (char === '`' && match[2]?.includes('`')) return null;
  return { char, length: marker.length, indent: indentOf(line) };
}

function closesFence(line: string, fence: Fence): boolean {
  const marker = FENCE_CLOSE.exec(line)?.[1];
  if (marker === undefined || !marker.startsWith(fence.char) || marker.length < fence.length) return false;
  // A block-level fence closes only at indent 0-3; deeper is content. Nested fences close at
  // any indent: we do not track list item columns, and over-merging is the safe side.
  return fence.nested || indentOf(line) <= 3;
}

/**
 * After a blank line, a line starting at column 0 starts a new block, unless it continues a list,
 * which a line can only do if it starts like a list marker. Both are known from its first
 * character, before the line is complete.
 */
function startsBlockWhateverFollows(text: string, pos: number, state: BlockState): boolean {
  if (state.kind !== 'markdown' || !state.blankPending || state.fence || pos >= text.length) return false;
  const first = text.charAt(pos);
  if (first === ' ' || first === '\t' || first === '\r') return false;
  return !(state.isList && /[-+*0-9]/.test(first));
}

function block(text: string, start: number, end: number, kind: BlockKind, open: boolean): MarkdownBlock {
  return { start, source: text.slice(start, end), kind, open };
}

/**
 * Scans complete lines of `text` from `from` (the start of a block) and returns the blocks that
 * got finished and where the tail block starts.
 */
function scan(text: string, from: number): { finished: MarkdownBlock[]; tailStart: number } {
  const finished: MarkdownBlock[] = [];
  let blockStart = from;
  let state = freshState();
  let pos = from;

  while (pos < text.length) {
    const newline = text.indexOf('\n', pos);
    if (newline === -1) {
      // The unfinished last line belongs to the tail block. It may still end the block before
      // it when that is already certain, which matters because a streaming paragraph is one
      // long unfinished line: without this, the previous paragraph would stay in the tail.
      if (startsBlockWhateverFollows(text, pos, state)) {
        finished.push(block(text, blockStart, pos, 'markdown', false));
        blockStart = pos;
      }
      break;
    }
    const end = newline + 1;
    const line = text.charCodeAt(newline - 1) === 13 ? text.slice(pos, newline - 1) : text.slice(pos, newline);

    if (state.fence) {
      if (closesFence(line, state.fence)) {
        state.fence = null;
        if (state.kind === 'fence') {
          finished.push(block(text, blockStart, end, 'fence', false));
          blockStart = end;
          state = freshState();
        }
      }
      pos = end;
      continue;
    }

    if (BLANK.test(line)) {
      // Blank lines before a block's first line belong to no block, so every block (and the
      // tail) starts with content; blank lines after content stay with that block.
      if (state.kind === 'empty') blockStart = end;
      else state.blankPending = true;
      pos = end;
      continue;
    }

    const indent = indentOf(line);
    const fence = openingFence(line);
    const heading = ATX_HEADING.test(line);
    const listItem = LIST_ITEM.test(line);

    if (state.kind !== 'empty') {
      // Inside a list only column 0 is surely outside the list; elsewhere 0-3 is block level.
      const blockLevel = state.isList ? indent === 0 : indent <= 3;
      const startsNew = state.blankPending ? indent === 0 && !(state.isList && listItem) : blockLevel && (fence !== null || heading);
      if (startsNew) {
        finished.push(block(text, blockStart, pos, 'markdown', false));
        blockStart = pos;
        state = freshState();
      }
    }

    if (state.kind === 'empty') {
      if (fence && fence.indent <= 3) {
        state.kind = 'fence';
        state.fence = { char: fence.char, length: fence.length, nested: false };
      } else if (heading) {
        finished.push(block(text, blockStart, end, 'markdown', false));
        blockStart = end;
        state = freshState();
      } else {
        state.kind = 'markdown';
        state.isList = listItem;
      }
    } else if (fence) {
      // A fence inside a list item (or what looks like one): blank lines in it must not split.
      state.fence = { char: fence.char, length: fence.length, nested: true };
    }
    state.blankPending = false;
    pos = end;
  }

  return { finished, tailStart: blockStart };
}

/**
 * Splits `text` into finished blocks and a tail, reusing `previous` when `text` extends it: only
 * the previous tail is scanned again. Any other change (an edit, a new text) scans from scratch.
 */
export function splitBlocks(text: string, previous?: BlockSplit | null): BlockSplit {
  // Comparing the prefix is a memcmp; the expensive part (scanning lines) stays O(tail).
  const resume = previous && text.length >= previous.text.length && text.startsWith(previous.text) ? previous : null;
  const from = resume ? resume.tailStart : 0;
  const { finished, tailStart } = scan(text, from);
  const kept = resume ? resume.finished : [];
  return {
    text,
    finished: finished.length === 0 ? kept : kept.concat(finished),
    tailStart,
  };
}

/** The tail block of a split as it stands (a fence still open is an open code block). */
function tailBlock(text: string, tailStart: number): MarkdownBlock | null {
  if (tailStart >= text.length) return null;
  const source = text.slice(tailStart);
  const fence = openingFence(source.slice(0, source.indexOf('\n') >>> 0));
  // A fence with its opening line complete is an open code block; anything else is markdown.
  const isFence = fence !== null && fence.indent <= 3 && source.includes('\n');
  return { start: tailStart, source, kind: isFence ? 'fence' : 'markdown', open: isFence };
}

/**
 * The blocks to render. While streaming, the tail is one block. When the text is final its last
 * line counts as complete, so the tail is split like everything else (a closing fence without a
 * trailing newline closes its block).
 */
export function blocksOf(split: BlockSplit, final: boolean): readonly MarkdownBlock[] {
  const { text, finished, tailStart } = split;
  if (tailStart >= text.length) return finished;
  if (!final || text.endsWith('\n')) {
    const tail = tailBlock(text, tailStart);
    return tail ? [...finished, tail] : finished;
  }
  // Terminate the last line, split the tail alone, and map offsets back to the whole text.
  const local = text.slice(tailStart) + '\n';
  const scanned = scan(local, 0);
  const blocks: MarkdownBlock[] = [...finished];
  for (const b of scanned.finished) {
    blocks.push({ ...b, start: b.start + tailStart, source: trimAdded(b.source, b.start + b.source.length, local) });
  }
  const rest = tailBlock(local, scanned.tailStart);
  if (rest) blocks.push({ ...rest, start: rest.start + tailStart, source: trimAdded(rest.source, local.length, local) });
  return blocks;
}

/** Drops the newline `blocksOf` added, so sources stay slices of the real text. */
function trimAdded(source: string, end: number, local: string): string {
  return end === local.length ? source.slice(0, -1) : source;
}
