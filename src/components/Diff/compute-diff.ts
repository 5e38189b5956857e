import { modelFromChanges, wholeFileModel, type DiffModel } from './diff-model.js';
import type { DiffFileState } from './diff-input.js';
import { diffLineSteps } from './line-diff.js';

/**
 * The display model of a file change. The line diff (`line-diff.ts`) is bounded by its work
 * limit on any input; past it, regions show as replaced and the model says it is approximate.
 */
export function computeDiffModel(oldText: string | null | undefined, newText: string, state: DiffFileState): DiffModel {
  const steps = diffModelSteps(oldText, newText, state);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** `computeDiffModel` as a job that pauses (yields) every few thousand lines of work. */
export function* diffModelSteps(oldText: string | null | undefined, newText: string, state: DiffFileState): Generator<void, DiffModel> {
  if (state === 'added') return wholeFileModel(newText, 'add');
  // A deleted file shows what was removed; `newText` is "" by the RFD and is ignored.
  if (state === 'deleted') return wholeFileModel(oldText ?? '', 'del');
  const old = oldText ?? '';
  // Identical texts are common (agents re-sending a diff); skip the algorithm entirely.
  if (old === newText) return wholeFileModelAsContext(newText);
  // A missing final newline is not a change: both sides' last lines compare as lines.
  return yield* diffLineSteps(old, newText);
}

function wholeFileModelAsContext(text: string): DiffModel {
  return modelFromChanges([{ value: text, added: false, removed: false, count: 0 }]);
}
