/**
 * Main-thread work in slices: the library's one place for "do a bit, then let the page breathe".
 *
 * Work that can grow with what an agent sends (applying a replay, building diff rows, parsing
 * terminal output, mounting a turn) runs for at most about SLICE_MS, then yields so input and
 * paint get their turn, then goes on. A slice is measured, not counted: items differ wildly in
 * cost (a one-word chunk, a 40,000-line diff), so a fixed batch size would either waste frames
 * or blow the budget.
 */

/** How long one slice of main-thread work may run before it yields. */
export const SLICE_MS = 8;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

interface SchedulerScope {
  scheduler?: { yield?: () => Promise<void> };
}

/**
 * Runs `run` in a new task, after the messages and input that arrived meanwhile. A message to
 * itself rather than `setTimeout(0)`, which browsers delay by 4 ms once timers nest: half of
 * every slice. One channel serves the page; runs queued together go in order.
 */
export function queueTask(run: () => void): void {
  taskQueue()(run);
}

let queue: ((run: () => void) => void) | null = null;

function taskQueue(): (run: () => void) => void {
  if (queue) return queue;
  if (typeof MessageChannel !== 'function') return (queue = (run) => void setTimeout(run, 0));
  const channel = new MessageChannel();
  const waiting: Array<() => void> = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  // Node (tests): the port must not keep the process alive.
  (channel.port1 as { unref?: () => void }).unref?.();
  return (queue = (run) => {
    waiting.push(run);
    channel.port2.postMessage(null);
  });
}

/**
 * Resolves in a new task. `scheduler.yield()` where the browser has it: the continuation goes to
 * the front of the queue, ahead of other scripts' tasks but after input and rendering.
 */
export function yieldToMain(): Promise<void> {
  const scope = globalThis as typeof globalThis & SchedulerScope;
  if (typeof scope.scheduler?.yield === 'function') return scope.scheduler.yield();
  return new Promise((resolve) => queueTask(resolve));
}

/** A slice's clock: `spent()` is true once the slice has used its time. */
export interface Slice {
  spent(): boolean;
}

export function startSlice(ms: number = SLICE_MS): Slice {
  const end = now() + ms;
  return { spent: () => now() >= end };
}

export interface SliceOptions {
  sliceMs?: number;
  /** Stop between items (the work was superseded); the promise then resolves with `false`. */
  signal?: AbortSignal;
}

/**
 * Calls `each` for every item, yielding whenever a slice's time is spent. Resolves `true` once
 * every item was done, `false` if `signal` aborted first. An item is never split: one item is
 * the unit the caller makes small enough.
 */
export async function forEachInSlices<T>(items: Iterable<T>, each: (item: T) => void, { sliceMs = SLICE_MS, signal }: SliceOptions = {}): Promise<boolean> {
  let slice = startSlice(sliceMs);
  for (const item of items) {
    if (signal?.aborted) return false;
    if (slice.spent()) {
      await yieldToMain();
      if (signal?.aborted) return false;
      slice = startSlice(sliceMs);
    }
    each(item);
  }
  return !signal?.aborted;
}
