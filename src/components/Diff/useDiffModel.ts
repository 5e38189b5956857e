import { useEffect, useMemo, useState } from 'react';
import { computeDiffModel } from './compute-diff.js';
import type { DiffFileState } from './diff-input.js';
import type { DiffModel } from './diff-model.js';

/**
 * Inputs larger than this (old + new, in characters) are diffed after the browser has painted,
 * in an idle callback, with a "computing" state meanwhile. Below it the diff is cheap enough
 * to compute during render (memoized on the inputs).
 */
export const DEFERRED_DIFF_CHARS = 200_000;

export type DiffModelResult = { status: 'ready'; model: DiffModel } | { status: 'computing' };

export function useDiffModel(
  oldText: string | null | undefined,
  newText: string,
  state: DiffFileState,
  deferAbove: number = DEFERRED_DIFF_CHARS,
): DiffModelResult {
  const size = (oldText?.length ?? 0) + newText.length;
  const deferred = size > deferAbove;

  const syncModel = useMemo(
    () => (deferred ? null : computeDiffModel(oldText, newText, state)),
    [deferred, oldText, newText, state],
  );

  const [late, setLate] = useState<{ inputs: readonly unknown[]; model: DiffModel } | null>(null);
  useEffect(() => {
    if (!deferred) return;
    const inputs = [oldText, newText, state] as const;
    return scheduleIdle(() => setLate({ inputs, model: computeDiffModel(oldText, newText, state) }));
  }, [deferred, oldText, newText, state]);

  if (syncModel) return { status: 'ready', model: syncModel };
  // A result computed for earlier inputs is stale: keep showing "computing" until the new one lands.
  if (late && late.inputs[0] === oldText && late.inputs[1] === newText && late.inputs[2] === state) {
    return { status: 'ready', model: late.model };
  }
  return { status: 'computing' };
}

/** Runs `task` when the browser is idle (or soon after, where there is no idle callback); returns a canceller. */
function scheduleIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}
