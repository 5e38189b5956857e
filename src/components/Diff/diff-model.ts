import type { ChangeObject } from 'diff';

/**
 * The line-level shape of a diff, independent of how it is drawn.
 *
 * Built from jsdiff change objects so both the unified and the split view (and any
 * highlighter) work from the same flat array: one object per displayed line.
 */
export type DiffLineKind = 'context' | 'add' | 'del';

export interface DiffLine {
  kind: DiffLineKind;
  /** 1-based line number in the old file, null for added lines. */
  oldNumber: number | null;
  /** 1-based line number in the new file, null for removed lines. */
  newNumber: number | null;
  /** The line without its line terminator. */
  text: string;
}

export interface DiffModel {
  lines: DiffLine[];
  additions: number;
  deletions: number;
  /** Some regions were too costly to compare and show as replaced: correct, but not minimal. */
  approximate?: boolean;
  /**
   * A v2 patch's model holds only the patch's lines: its `@@` header by the index of each block's
   * first line. Nothing between blocks is known, so no fold crosses a block's start.
   */
  hunkHeaders?: ReadonlyMap<number, string>;
}

/** Splits a change value into lines, dropping the terminator of each (LF or CRLF). */
export function splitLines(value: string): string[] {
  if (value === '') return [];
  const parts = value.split('\n');
  // A trailing terminator leaves an empty last part that is not a line.
  if (parts[parts.length - 1] === '') parts.pop();
  return parts.map((part) => (part.endsWith('\r') ? part.slice(0, -1) : part));
}

/** Turns jsdiff's `diffLines` output into numbered display lines with counts. */
export function modelFromChanges(changes: ReadonlyArray<ChangeObject<string>>): DiffModel {
  const lines: DiffLine[] = [];
  let oldNumber = 1;
  let newNumber = 1;
  let additions = 0;
  let deletions = 0;
  for (const change of changes) {
    for (const text of splitLines(change.value)) {
      if (change.added) {
        lines.push({ kind: 'add', oldNumber: null, newNumber: newNumber++, text });
        additions++;
      } else if (change.removed) {
        lines.push({ kind: 'del', oldNumber: oldNumber++, newNumber: null, text });
        deletions++;
      } else {
        lines.push({ kind: 'context', oldNumber: oldNumber++, newNumber: newNumber++, text });
      }
    }
  }
  return { lines, additions, deletions };
}

/** Every line of `text` as one kind: a new file is all additions, a deleted one all removals. */
export function wholeFileModel(text: string, kind: 'add' | 'del'): DiffModel {
  const lines = splitLines(text).map<DiffLine>((line, index) => ({
    kind,
    oldNumber: kind === 'del' ? index + 1 : null,
    newNumber: kind === 'add' ? index + 1 : null,
    text: line,
  }));
  return {
    lines,
    additions: kind === 'add' ? lines.length : 0,
    deletions: kind === 'del' ? lines.length : 0,
  };
}
