/**
 * The display model of a line diff: the matching (`core/changes/line-match.ts`, shared with the
 * change review) turned into numbered lines with counts. Lines are compared with a CR line
 * terminator kept (CRLF against LF is a change) and shown without it.
 */
import { DIFF_WORK_LIMIT, STEP_LINES, matchLineSteps } from '../../core/changes/line-match.js';
import { itemAt } from '../../core/item-at.js';
import type { DiffLine, DiffModel } from './diff-model.js';

export { DIFF_LINE_LIMIT, DIFF_WORK_LIMIT } from '../../core/changes/line-match.js';

/** The lines of a side (a trailing newline ends the last one). */
function linesOf(text: string): string[] {
  const lines = text === '' ? [] : text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * `stats.work`, when given, receives the steps taken: bounded by `workLimit` plus a few steps per
 * line (splitting, interning, trimming and anchoring are linear and always done).
 */
export function diffLineModel(oldText: string, newText: string, workLimit: number = DIFF_WORK_LIMIT, stats?: { work: number }): DiffModel {
  const steps = diffLineSteps(oldText, newText, workLimit, stats);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `diffLineModel` as a job that pauses every few thousand lines of work (yields), so a caller can
 * spread a big diff over idle periods instead of one long task.
 */
export function* diffLineSteps(oldText: string, newText: string, workLimit: number = DIFF_WORK_LIMIT, stats?: { work: number }): Generator<void, DiffModel> {
  const oldLines = linesOf(oldText);
  const newLines = linesOf(newText);
  const { match, approximate } = yield* matchLineSteps(oldLines, newLines, workLimit, stats);
  return yield* modelFromMatches(oldLines, newLines, match, approximate);
}

/**
 * Display lines from the matches: between two matched lines, the old ones removed, then the new
 * ones added. `match` has one entry per old line, each -1 or the index of a new line.
 */
function* modelFromMatches(oldLines: string[], newLines: string[], match: Int32Array, approximate: boolean): Generator<void, DiffModel> {
  const lines: DiffLine[] = [];
  // Shown without a CR line terminator (compared with it: CRLF against LF is a change).
  const shown = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);
  let additions = 0;
  let deletions = 0;
  let j = 0;
  const addUntil = (end: number) => {
    for (; j < end; j++, additions++) lines.push({ kind: 'add', oldNumber: null, newNumber: j + 1, text: shown(itemAt(newLines, j)) });
  };
  for (let i = 0; i < match.length; i++) {
    if (i % STEP_LINES === STEP_LINES - 1) yield;
    const target = itemAt(match, i);
    if (target === -1) {
      lines.push({ kind: 'del', oldNumber: i + 1, newNumber: null, text: shown(itemAt(oldLines, i)) });
      deletions++;
      continue;
    }
    addUntil(target);
    lines.push({ kind: 'context', oldNumber: i + 1, newNumber: j + 1, text: shown(itemAt(newLines, j)) });
    j++;
  }
  addUntil(newLines.length);
  return { lines, additions, deletions, approximate };
}
