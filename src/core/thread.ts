/**
 * Operations on a session's thread. All O(1) amortized for the streaming hot path: appending an
 * item, replacing the last item, and finding an item by `messageId` / `toolCallId` /
 * `compactionId` through the shared index.
 *
 * The index is a Map shared by every version of a thread and only ever added to. A version
 * trusts an entry only if the item at that position really carries the key, so versions that
 * forked from a common ancestor can never see each other's items; on a mismatch it falls back to
 * a scan (which only happens when someone keeps and extends an old version).
 */
import { PersistentList } from './persistent-list.js';
import type { Thread, ThreadItem } from './types.js';

export type ThreadKey = `m:${string}` | `t:${string}` | `c:${string}`;

export function emptyThread(): Thread {
  return { items: PersistentList.empty<ThreadItem>(), index: new Map(), nextId: 1 };
}

export function keyOf(item: ThreadItem): ThreadKey | null {
  switch (item.kind) {
    case 'tool_call':
      return `t:${item.toolCallId}`;
    case 'compaction':
      return `c:${item.compactionId}`;
    case 'user_message':
    case 'agent_message':
    case 'thought':
      return item.messageId === null ? null : `m:${item.kind}:${item.messageId}`;
    default:
      return null;
  }
}

export function findIndex(thread: Thread, key: ThreadKey): number {
  const hinted = thread.index.get(key);
  if (hinted === undefined) return -1;
  const candidate = thread.items.get(hinted);
  if (candidate && keyOf(candidate) === key) return hinted;
  let i = 0;
  for (const item of thread.items) {
    if (keyOf(item) === key) return i;
    i++;
  }
  return -1;
}

/** Appends an item built from a fresh local id. */
export function appendItem<T extends ThreadItem>(thread: Thread, build: (id: string) => T): Thread {
  const item = build(`i${thread.nextId}`);
  const position = thread.items.size;
  const key = keyOf(item);
  if (key) thread.index.set(key, position);
  return { items: thread.items.push(item), index: thread.index, nextId: thread.nextId + 1 };
}

export function replaceItem(thread: Thread, position: number, item: ThreadItem): Thread {
  const key = keyOf(item);
  if (key) thread.index.set(key, position);
  return { items: thread.items.set(position, item), index: thread.index, nextId: thread.nextId };
}

export function lastItem(thread: Thread): ThreadItem | undefined {
  return thread.items.last();
}

export function threadLength(thread: Thread): number {
  return thread.items.size;
}
