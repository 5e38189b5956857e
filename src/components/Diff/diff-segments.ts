import { itemAt } from '../../core/item-at.js';
import type { DiffLine } from './diff-model.js';

/**
 * Folding of unchanged regions: each run of context lines keeps `context` lines next to a
 * change and hides the rest behind a "Show N lines" row, like a unified patch's hunks but
 * expandable in place.
 */
export const DEFAULT_CONTEXT = 3;

export interface DiffGap {
  /** Index of the first hidden line in `DiffModel.lines`; stable for a given model, so it is the gap's id. */
  start: number;
  /** One past the last hidden line. */
  end: number;
}

export type DiffRow = { type: 'line'; index: number; line: DiffLine } | { type: 'gap'; gap: DiffGap } | { type: 'hunk'; index: number; header: string };

/** Hiding a single line behind a button saves nothing, so shorter runs stay visible. */
const MIN_HIDDEN = 2;

/** `headers`: a v2 patch's block headers by first line (`DiffModel.hunkHeaders`); a block's start is an edge like the file's. */
export function foldUnchanged(
  lines: ReadonlyArray<DiffLine>,
  expanded: ReadonlySet<number>,
  context: number = DEFAULT_CONTEXT,
  headers?: ReadonlyMap<number, string>,
): DiffRow[] {
  const rows: DiffRow[] = [];
  const edge = (index: number) => index === 0 || index === lines.length || headers?.has(index) === true;
  // Lines [from, to), all within `lines`.
  const pushLines = (from: number, to: number) => {
    for (let i = from; i < to; i++) rows.push({ type: 'line', index: i, line: itemAt(lines, i) });
  };
  let index = 0;
  while (index < lines.length) {
    const line = itemAt(lines, index);
    const header = headers?.get(index);
    if (header !== undefined) rows.push({ type: 'hunk', index, header });
    if (line.kind !== 'context') {
      rows.push({ type: 'line', index, line });
      index++;
      continue;
    }
    let runEnd = index;
    // The run of unchanged lines ends at a change or past the last line.
    while (lines[runEnd]?.kind === 'context' && !(runEnd > index && headers?.has(runEnd))) runEnd++;
    // Context is kept after a preceding change and before a following one, not at file (or block) edges.
    const keepBefore = edge(index) ? 0 : context;
    const keepAfter = edge(runEnd) ? 0 : context;
    const hiddenStart = index + keepBefore;
    const hiddenEnd = runEnd - keepAfter;
    if (hiddenEnd - hiddenStart < MIN_HIDDEN || expanded.has(hiddenStart)) {
      pushLines(index, runEnd);
    } else {
      pushLines(index, hiddenStart);
      rows.push({ type: 'gap', gap: { start: hiddenStart, end: hiddenEnd } });
      pushLines(hiddenEnd, runEnd);
    }
    index = runEnd;
  }
  return rows;
}
