import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * How long a confirmed choice keeps showing when the props have not caught up yet. The store
 * commits to React at most once per frame, after the request resolved; this covers that gap and
 * then lets the props win even if the agent answered with the old value.
 */
const SETTLE_GRACE_MS = 100;

interface Entry<T> {
  value: T;
  /** `inflight`: the returned promise is pending. `awaiting`: waiting for the props to change. */
  phase: 'inflight' | 'awaiting';
  /** The prop object the choice was made against; a new one means the agent's state arrived. */
  source: unknown;
  request: number;
}

export interface OptimisticValue<T> {
  value: T;
  pending: boolean;
  /** Why the last change failed (the rejection reason), or null. */
  failure: { reason: unknown } | null;
  set: (value: T) => void;
}

/**
 * Shows a chosen value at once, then reconciles with the agent's answer.
 *
 * `commit` may return a promise (the request): while it is pending the choice stays on screen;
 * when it rejects, the prop value comes back and `failure` is set. A `commit` returning nothing
 * cannot report failure: the choice then shows until the prop object is replaced (`source`
 * changes), which is what `config_option_update` and `current_mode_update` do.
 */
export function useOptimisticValue<T>(actual: T, source: unknown, commit: (value: T) => unknown): OptimisticValue<T> {
  const [entry, setEntry] = useState<Entry<T> | null>(null);
  const [failure, setFailure] = useState<{ reason: unknown } | null>(null);
  const latest = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  // New props from the agent win over a choice that is no longer in flight.
  const live = entry && (entry.phase === 'inflight' || entry.source === source) ? entry : null;

  const set = useCallback(
    (value: T) => {
      const request = ++latest.current;
      const isLatest = () => latest.current === request;
      setFailure(null);
      let result: unknown;
      try {
        result = commit(value);
      } catch (reason) {
        setEntry(null);
        setFailure({ reason });
        return;
      }
      if (!isThenable(result)) {
        setEntry({ value, phase: 'awaiting', source, request });
        return;
      }
      setEntry({ value, phase: 'inflight', source, request });
      result.then(
        () => {
          if (!isLatest()) return;
          setEntry((prev) => (prev?.request === request ? { ...prev, phase: 'awaiting' } : prev));
          const timer = setTimeout(() => {
            timers.current.delete(timer);
            setEntry((prev) => (prev?.request === request ? null : prev));
          }, SETTLE_GRACE_MS);
          timers.current.add(timer);
        },
        (reason: unknown) => {
          if (!isLatest()) return;
          setEntry(null);
          setFailure({ reason });
        },
      );
    },
    [commit, source],
  );

  return { value: live ? live.value : actual, pending: live !== null, failure, set };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
