/**
 * Sub-agent runs when their turn winds down (never on the streaming path): what the thread's own
 * items get at that point, the runs nested in its tool calls get too, at any depth.
 */
import { replaceItem } from '../thread.js';
import type { ThreadState, ToolCallItem } from '../types.js';
import { closeOpenThought } from './thoughts.js';

/**
 * `thread`'s tool calls from `fromIndex` on, with their runs settled: a thought left open at a
 * run's end gets its end time (`now`); after `session/cancel` (`now` null) the runs' unfinished
 * tool calls show as cancelled, like the thread's (whose own are the caller's to mark).
 */
export function settleRuns(thread: ThreadState, fromIndex: number, now: number | null, nested = false): ThreadState {
  let next = nested && now !== null ? closeOpenThought(thread, now) : thread;
  for (let i = Math.max(0, fromIndex); i < next.items.size; i++) {
    const item = next.items.get(i);
    if (item?.kind !== 'tool_call') continue;
    const cancel = nested && now === null && (item.status === 'pending' || item.status === 'in_progress');
    const run = item.run && settleRuns(item.run.thread, 0, now, true);
    if (!cancel && run === item.run?.thread) continue;
    const settled: ToolCallItem = { ...item, status: cancel ? 'cancelled' : item.status, run: item.run && { ...item.run, thread: run! } };
    next = replaceItem(next, i, settled, true);
  }
  return next;
}
