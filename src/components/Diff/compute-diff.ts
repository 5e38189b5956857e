import { diffLines } from 'diff';
import { modelFromChanges, replacementModel, wholeFileModel, type DiffModel } from './diff-model.js';
import type { DiffFileState } from './diff-input.js';

/**
 * Upper bound on one Myers run. Past it jsdiff gives up and the diff is shown as a whole-file
 * replacement: a pathological input must never freeze the page.
 */
const DIFF_TIMEOUT_MS = 1500;

export function computeDiffModel(oldText: string | null | undefined, newText: string, state: DiffFileState): DiffModel {
  if (state === 'added') return wholeFileModel(newText, 'add');
  // A deleted file shows what was removed; `newText` is "" by the RFD and is ignored.
  if (state === 'deleted') return wholeFileModel(oldText ?? '', 'del');
  const old = oldText ?? '';
  // Identical texts are common (agents re-sending a diff); skip the algorithm entirely.
  if (old === newText) return wholeFileModelAsContext(newText);
  // `ignoreNewlineAtEof`: a missing final newline would otherwise show the last line as changed.
  const changes = diffLines(old, newText, { timeout: DIFF_TIMEOUT_MS, ignoreNewlineAtEof: true });
  return changes ? modelFromChanges(changes) : replacementModel(old, newText);
}

function wholeFileModelAsContext(text: string): DiffModel {
  return modelFromChanges([{ value: text, added: false, removed: false, count: 0 }]);
}
