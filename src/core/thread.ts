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
import type { ThreadState, ThreadItem } from './types.js';

/** @inline */
export type ThreadKey = `m:${string}` | `t:${string}` | `c:${string}`;

export function emptyThread(): ThreadState {
  return { items: PersistentList.empty<ThreadItem>(), index: new Map(), nextId: 1, nesting: new Map() };
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

export function findIndex(thread: ThreadState, key: ThreadKey): number {
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

/**
 * `findIndex` for the reducer's hot paths: the same answer, but the item is checked by its fields
 * instead of by building its key, the key string is reused while the same id streams (V8 caches a
 * string's hash, so the Map lookup does not rehash it per chunk), and a stale hint is repaired
 * here. So the found position is always what the index says, and `replaceItem(..., true)` can
 * skip the index write.
 */
export function findMessageIndex(thread: ThreadState, kind: 'user_message' | 'agent_message' | 'thought', messageId: string): number {
  return locate(thread, keyForMessage(kind, messageId), isMessage, kind, messageId);
}

export function findToolCallIndex(thread: ThreadState, toolCallId: string): number {
  return locate(thread, keyForToolCall(toolCallId), isToolCall, '', toolCallId);
}

type Matches = (item: ThreadItem, kind: string, id: string) => boolean;

const isMessage: Matches = (item, kind, id) => item.kind === kind && (item as { messageId: string | null }).messageId === id;
const isToolCall: Matches = (item, _kind, id) => item.kind === 'tool_call' && item.toolCallId === id;

function locate(thread: ThreadState, key: ThreadKey, matches: Matches, kind: string, id: string): number {
  const hinted = thread.index.get(key);
  if (hinted === undefined) return -1;
  const candidate = thread.items.get(hinted);
  if (candidate && matches(candidate, kind, id)) return hinted;
  let i = 0;
  for (const item of thread.items) {
    if (matches(item, kind, id)) {
      thread.index.set(key, i);
      return i;
    }
    i++;
  }
  return -1;
}

// The last key built for each lookup kind: chunks of one message (and the updates of one tool
// call) arrive in runs.
let lastMessageKind = '';
let lastMessageId = '';
let lastMessageKey: ThreadKey = 'm:';
let lastToolCallId = '';
let lastToolCallKey: ThreadKey = 't:';

function keyForMessage(kind: string, id: string): ThreadKey {
  if (id !== lastMessageId || kind !== lastMessageKind) {
    lastMessageKind = kind;
    lastMessageId = id;
    lastMessageKey = `m:${kind}:${id}`;
  }
  return lastMessageKey;
}

function keyForToolCall(id: string): ThreadKey {
  if (id !== lastToolCallId) {
    lastToolCallId = id;
    lastToolCallKey = `t:${id}`;
  }
  return lastToolCallKey;
}

/** Appends an item built from a fresh local id. */
export function appendItem<T extends ThreadItem>(thread: ThreadState, build: (id: string) => T): ThreadState {
  settleText(thread.items.last());
  const item = build(`${thread.idPrefix ?? 'i'}${thread.nextId}`);
  const position = thread.items.size;
  const key = keyOf(item);
  if (key) thread.index.set(key, position);
  return { items: thread.items.push(item), index: thread.index, nextId: thread.nextId + 1, nesting: thread.nesting, idPrefix: thread.idPrefix };
}

/**
 * Called on the item that stops being the last one, which has usually finished streaming. Its text
 * grew by `+`, which V8 keeps as a rope: one 32–40-byte node per chunk, every one of them surviving
 * young-generation GCs while the thread lives (in the store benchmark, most of the GC time).
 * Reading a character flattens the rope into one string in place, once per item (O(length)), so
 * those nodes die young. A renderer reading the text does the same; other engines are unaffected.
 */
function settleText(item: ThreadItem | undefined): void {
  if (item !== undefined && 'text' in item) item.text.charCodeAt(0);
}

/**
 * Replaces the item at `position`. `indexed`: the caller knows the index already maps the item's
 * key to `position` (it was found by `findMessageIndex` / `findToolCallIndex`, or has no key).
 */
export function replaceItem(thread: ThreadState, position: number, item: ThreadItem, indexed = false): ThreadState {
  if (!indexed) {
    const key = keyOf(item);
    if (key) thread.index.set(key, position);
  }
  return { items: thread.items.set(position, item), index: thread.index, nextId: thread.nextId, nesting: thread.nesting, idPrefix: thread.idPrefix };
}

export function lastItem(thread: ThreadState): ThreadItem | undefined {
  return thread.items.last();
}

export function threadLength(thread: ThreadState): number {
  return thread.items.size;
}
