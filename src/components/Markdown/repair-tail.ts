/**
 * Makes the streaming tail of a markdown block display cleanly.
 *
 * Mid-stream the last line is often cut inside inline syntax: `**bold`, `` `code ``, `[link](ht`.
 * Parsed as is, the markers show as raw characters for a moment and then vanish when the closing
 * half arrives: a flicker on every emphasis. This closes what was opened and hides what cannot be
 * shown yet, on the last line only and for display only: the text itself is never changed, and
 * once the block is finished it renders from its real source.
 *
 * Only markers are added or removed, never URLs: a link is shown as its text until its URL is
 * complete, and an image not at all, so a half-written address is never fetched or linked.
 */

interface OpenDelimiter {
  index: number;
  marker: string;
}

interface OpenLink {
  /** Index of `[`. */
  index: number;
  image: boolean;
  /** Index of the `]`, or -1. */
  close: number;
  /** The `(` after `]` was seen: we are inside the URL. */
  inUrl: boolean;
}

// Block-level prefixes whose characters are not inline markers: quotes, list markers, headings,
// task boxes. `*` and `-` need a space after them to be list markers, so `**bold` is not one.
const BLOCK_PREFIX = /^(?:[ \t]*>)*[ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)?(?:\[[ xX]\][ \t]+)?(?:#{1,6}[ \t]+)?/;
const FENCE_START = /^ {0,3}(?:`{3,}|~{3,})/;
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/;

function isWord(char: string | undefined): boolean {
  return char !== undefined && WORD.test(char);
}

function isSpace(char: string | undefined): boolean {
  return char === undefined || SPACE.test(char);
}

/** The display version of a streaming block's source. */
export function repairTail(source: string): string {
  const lineStart = source.lastIndexOf('\n') + 1;
  const line = source.slice(lineStart);
  if (line.trim() === '') return source;
  // A code fence being typed: hide it until its line is complete and it becomes a block.
  if (FENCE_START.test(line) || /^ {0,3}(?:`{1,2}|~{1,2})$/.test(line)) return source.slice(0, lineStart);
  const repaired = repairLine(line);
  return repaired === line ? source : source.slice(0, lineStart) + repaired;
}

/** Closes or hides unfinished inline syntax at the end of one line. */
export function repairLine(line: string): string {
  const start = BLOCK_PREFIX.exec(line)?.[0].length ?? 0;
  const stack: OpenDelimiter[] = [];
  let code: { index: number; length: number } | null = null;
  let link: OpenLink | null = null;

  let i = start;
  while (i < line.length) {
    const char = line[i];
    if (char === '\\' && !code) {
      i += 2;
      continue;
    }
    if (char === '`') {
      let run = 1;
      while (line[i + run] === '`') run++;
      if (!code) code = { index: i, length: run };
      else if (code.length === run) code = null;
      i += run;
      continue;
    }
    if (code) {
      i++;
      continue;
    }
    if (link?.inUrl) {
      if (char === ')') link = null;
      i++;
      continue;
    }
    if (char === '[') {
      link = { index: i, image: line[i - 1] === '!', close: -1, inUrl: false };
      i++;
      continue;
    }
    if (char === ']' && link && link.close === -1) {
      link.close = i;
      if (line[i + 1] === '(') {
        link.inUrl = true;
        i += 2;
        continue;
      }
      // `[text]` followed by anything but `(` is plain text; at the very end it may still
      // become a link, so it stays pending.
      if (i + 1 < line.length) link = null;
      i++;
      continue;
    }
    if (char === '*' || char === '_' || char === '~') {
      let run = 1;
      while (line[i + run] === char) run++;
      if (char !== '~' || run >= 2) handleDelimiter(stack, line, i, char.repeat(char === '~' ? 2 : Math.min(run, 3)), run);
      i += run;
      continue;
    }
    i++;
  }

  return rebuild(line, stack, code, link);
}

function handleDelimiter(stack: OpenDelimiter[], line: string, index: number, marker: string, run: number): void {
  const before = line[index - 1];
  const after = line[index + run];
  const atEnd = after === undefined;
  // Emphasis opens before a non-space and, to keep `snake_case` and `2*3` literal, not inside a
  // word; it closes after a non-space and (for `_`) not before a word character.
  const canOpen = !atEnd && !isSpace(after) && !isWord(before);
  const canClose = !isSpace(before) && (marker[0] !== '_' || !isWord(after));
  if (canClose) {
    for (let k = stack.length - 1; k >= 0; k--) {
      if (stack[k]?.marker === marker) {
        stack.length = k;
        return;
      }
    }
  }
  // A run at the very end opens nothing yet but will: record it so it gets hidden.
  if (canOpen || atEnd) stack.push({ index, marker });
}

function rebuild(line: string, stack: OpenDelimiter[], code: { index: number; length: number } | null, link: OpenLink | null): string {
  // Ranges to delete, and the end of the kept text.
  const removals: Array<[number, number]> = [];
  let end = line.length;
  let closeCode = '';

  if (code) {
    if (line.slice(code.index + code.length).trim() === '') end = code.index;
    else closeCode = '`'.repeat(code.length);
  }
  if (link) {
    if (link.image) {
      // A half-written image: show nothing of it (and fetch nothing).
      end = Math.min(end, link.index - 1);
    } else {
      removals.push([link.index, link.index + 1]);
      if (link.close !== -1) end = Math.min(end, link.close);
    }
  }

  const kept = (from: number, to: number): string => {
    let out = '';
    let cursor = from;
    for (const [a, b] of removals) {
      if (b <= cursor || a >= to) continue;
      out += line.slice(cursor, Math.max(cursor, a));
      cursor = Math.max(cursor, b);
    }
    return out + line.slice(cursor, Math.max(cursor, to));
  };

  // Openers with nothing after them are hidden; the others are closed, innermost first.
  const closers: string[] = [];
  for (let k = stack.length - 1; k >= 0; k--) {
    const open = stack[k];
    if (open === undefined || open.index >= end) continue;
    const after = kept(open.index + open.marker.length, end);
    if (after.trim() === '' && !closeCode) {
      removals.push([open.index, open.index + open.marker.length]);
      removals.sort((x, y) => x[0] - y[0]);
    } else {
      closers.push(open.marker);
    }
  }

  let body = kept(0, end);
  if (closeCode) body += closeCode;
  else if (closers.length > 0) body = body.trimEnd();
  return body + closers.join('');
}
