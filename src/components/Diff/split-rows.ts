import type { DiffLine } from './diff-model.js';
import type { DiffGap, DiffRow } from './diff-segments.js';

/**
 * Side-by-side pairing: within one change block, the i-th removed line sits next to the i-th
 * added line (the usual reading of a replacement); leftovers face an empty cell.
 */
export type SplitRow =
  | { type: 'pair'; key: string; left: DiffLine | null; right: DiffLine | null }
  | { type: 'gap'; key: string; gap: DiffGap }
  | { type: 'hunk'; key: string; header: string };

export function pairRows(rows: ReadonlyArray<DiffRow>): SplitRow[] {
  const out: SplitRow[] = [];
  let removed: Array<{ index: number; line: DiffLine }> = [];
  let added: Array<{ index: number; line: DiffLine }> = [];

  const flush = () => {
    const count = Math.max(removed.length, added.length);
    for (let i = 0; i < count; i++) {
      const left = removed[i];
      const right = added[i];
      out.push({
        type: 'pair',
        key: `${left ? `d${left.index}` : ''}${right ? `a${right.index}` : ''}`,
        left: left?.line ?? null,
        right: right?.line ?? null,
      });
    }
    removed = [];
    added = [];
  };

  for (const row of rows) {
    if (row.type === 'gap') {
      flush();
      out.push({ type: 'gap', key: `g${row.gap.start}`, gap: row.gap });
    } else if (row.type === 'hunk') {
      flush();
      out.push({ type: 'hunk', key: `h${row.index}`, header: row.header });
    } else if (row.line.kind === 'del') {
      // A removal after additions starts a new block: the earlier pairs are complete.
      if (added.length > 0) flush();
      removed.push(row);
    } else if (row.line.kind === 'add') {
      added.push(row);
    } else {
      flush();
      out.push({ type: 'pair', key: `c${row.index}`, left: row.line, right: row.line });
    }
  }
  flush();
  return out;
}
