/**
 * A thought ends when anything else follows it or the turn ends; the end time gives the
 * "Thought for Ns" duration.
 */
import { lastItem, replaceItem, threadLength } from '../thread.js';
import type { ThreadState } from '../types.js';

export function closeOpenThought(thread: ThreadState, now: number): ThreadState {
  const last = lastItem(thread);
  if (!last || last.kind !== 'thought' || last.endedAt !== null) return thread;
  return replaceItem(thread, threadLength(thread) - 1, { ...last, endedAt: Math.max(now, last.startedAt) });
}
