/**
 * A file change as rows to draw: each hunk's header, a few unchanged lines around it, its removed
 * and added lines, and the unchanged regions between hunks folded into one row each. Pure, built
 * once per file record; the rows are what the list virtualizes.
 */
import type { ChangeHunk, FileChange } from '../../core/changes/types.js';
import { lineText, splitLines } from '../../core/changes/text.js';

export type ReviewRow =
  | { type: 'hunk'; key: string; hunk: ChangeHunk; index: number; from: number; to: number }
  | {
      type: 'line';
      key: string;
      kind: 'context' | 'add' | 'del';
      oldNumber: number | null;
      newNumber: number | null;
      text: string;
      hunkId: string | null;
      /** The line it replaces or is replaced by, for word-level marks. */ pair: string | null;
    }
  | { type: 'gap'; key: string; count: number };

/** Unchanged lines shown around each hunk. */
const CONTEXT = 3;

export function reviewRows(file: FileChange): ReviewRow[] {
  const rows: ReviewRow[] = [];
  if (file.binary) {
    file.hunks.forEach((hunk, index) => rows.push({ type: 'hunk', key: hunk.id, hunk, index, from: 1, to: 1 }));
    return rows;
  }
  if (file.source === 'patch') return patchRows(file);
  const old = splitLines(file.before ?? '');
  let shown = 0;
  // Line offset of the agent's content against the original, before the current hunk.
  let offset = 0;
  const context = (from: number, to: number) => {
    for (let i = from; i < to; i++) rows.push(contextRow(old[i]!, i, offset));
  };
  file.hunks.forEach((hunk, index) => {
    const start = Math.max(shown, hunk.oldStart - CONTEXT);
    if (start > shown) rows.push({ type: 'gap', key: `g${shown}`, count: start - shown });
    context(start, hunk.oldStart);
    pushHunk(rows, hunk, index);
    offset += hunk.newLines.length - hunk.oldLines.length;
    shown = hunk.oldStart + hunk.oldLines.length;
    const next = file.hunks[index + 1];
    const end = Math.min(old.length, shown + CONTEXT, next ? next.oldStart : old.length);
    context(shown, end);
    shown = end;
  });
  if (old.length > shown && file.hunks.length > 0) rows.push({ type: 'gap', key: `g${shown}`, count: old.length - shown });
  return rows;
}

/** A hunk's header row and its removed and added lines (pushed one by one: a hunk may have 100,000 lines). */
function pushHunk(rows: ReviewRow[], hunk: ChangeHunk, index: number): void {
  const from = hunk.oldLines.length > 0 ? hunk.oldStart + 1 : hunk.newStart + 1;
  const to = hunk.oldLines.length > 0 ? hunk.oldStart + hunk.oldLines.length : hunk.newStart + hunk.newLines.length;
  rows.push({ type: 'hunk', key: hunk.id, hunk, index, from, to });
  hunk.oldLines.forEach((line, k) => {
    const pair = k < hunk.newLines.length ? lineText(hunk.newLines[k]!) : null;
    rows.push({
      type: 'line',
      key: `${hunk.id}:d${k}`,
      kind: 'del',
      oldNumber: hunk.oldStart + k + 1,
      newNumber: null,
      text: lineText(line),
      hunkId: hunk.id,
      pair,
    });
  });
  hunk.newLines.forEach((line, k) => {
    const pair = k < hunk.oldLines.length ? lineText(hunk.oldLines[k]!) : null;
    rows.push({
      type: 'line',
      key: `${hunk.id}:a${k}`,
      kind: 'add',
      oldNumber: null,
      newNumber: hunk.newStart + k + 1,
      text: lineText(line),
      hunkId: hunk.id,
      pair,
    });
  });
}

/**
 * The rows of a file known only from a v2 patch: no original text, so the unchanged lines shown
 * are the ones each hunk carries from the patch, and a gap is counted from the hunks' positions.
 */
function patchRows(file: FileChange): ReviewRow[] {
  const rows: ReviewRow[] = [];
  // Old-side index one past the last line shown. Keys carry the hunk's id: a second patch of the
  // file in the turn numbers its lines against the file the first one left.
  let shown = 0;
  file.hunks.forEach((hunk, index) => {
    const first = Math.max(shown, hunk.oldStart - hunk.contextBefore.length);
    if (first > shown) rows.push({ type: 'gap', key: `${hunk.id}:g`, count: first - shown });
    const before = hunk.contextBefore.slice(Math.min(hunk.contextBefore.length, hunk.contextBefore.length - (hunk.oldStart - first)));
    before.forEach((line, k) => rows.push({ ...contextRow(line, first + k, hunk.newStart - hunk.oldStart), key: `${hunk.id}:b${k}` }));
    pushHunk(rows, hunk, index);
    const end = hunk.oldStart + hunk.oldLines.length;
    const offset = hunk.newStart + hunk.newLines.length - end;
    hunk.contextAfter.forEach((line, k) => rows.push({ ...contextRow(line, end + k, offset), key: `${hunk.id}:c${k}` }));
    shown = end + hunk.contextAfter.length;
  });
  return rows;
}

function contextRow(line: string, index: number, offset: number): ReviewRow {
  return {
    type: 'line',
    key: `c${index}`,
    kind: 'context',
    oldNumber: index + 1,
    newNumber: index + 1 + offset,
    text: lineText(line),
    hunkId: null,
    pair: null,
  };
}
