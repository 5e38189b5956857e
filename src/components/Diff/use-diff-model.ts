import { useEffect, useMemo, useState } from 'react';
import { computeDiffModel, diffModelSteps } from './compute-diff.js';
import type { DiffFileState } from './diff-input.js';
import type { DiffModel } from './diff-model.js';
import { scheduleIdle } from '../../highlight/schedule.js';

/**
 * Inputs larger than this (old + new, in characters) are diffed after the browser has painted,
 * in idle periods (a slice of work per period, so no long task), with a "computing" state
 * meanwhile. Below it the diff is cheap enough to compute during render (memoized on the inputs).
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

  const syncModel = useMemo(() => (deferred ? null : computeDiffModel(oldText, newText, state)), [deferred, oldText, newText, state]);

  const [late, setLate] = useState<{ inputs: readonly unknown[]; model: DiffModel } | null>(null);
  useEffect(() => {
    if (!deferred) return;
    const inputs = [oldText, newText, state] as const;
    const steps = diffModelSteps(oldText, newText, state);
    let cancel = () => {};
    const work = () => {
      const until = now() + SLICE_MS;
      for (;;) {
        const step = steps.next();
        if (step.done) return setLate({ inputs, model: step.value });
        if (now() >= until) break;
      }
      cancel = scheduleIdle(work, { timeout: DIFF_WAIT_MS });
    };
    cancel = scheduleIdle(work, { timeout: DIFF_WAIT_MS });
    return () => cancel();
  }, [deferred, oldText, newText, state]);

  if (syncModel) return { status: 'ready', model: syncModel };
  // A result computed for earlier inputs is stale: keep showing "computing" until the new one lands.
  if (late && late.inputs[0] === oldText && late.inputs[1] === newText && late.inputs[2] === state) {
    return { status: 'ready', model: late.model };
  }
  return { status: 'computing' };
}

/** A deferred diff waits at most this long for an idle period. */
const DIFF_WAIT_MS = 500;

/** Work done per idle period on a deferred diff. */
const SLICE_MS = 12;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
