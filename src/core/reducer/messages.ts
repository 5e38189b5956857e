/**
 * Message, thought and user chunks. Chunks with a `messageId` join the item with that id (a new id
 * starts a new item, even of the same kind); chunks without one join the last item when it is of
 * the same kind and also has no id; anything else in between starts a new item.
 */
import { appendBlock, textOf } from '../content.js';
import type { ChunkTarget } from '../parse-update.js';
import { appendItem, findIndex, lastItem, replaceItem, threadLength } from '../thread.js';
import type { ReceivedContentBlock, SessionState, Thread, ThreadItem } from '../types.js';
import { closeOpenThought } from './thoughts.js';

type MessageLike = Extract<ThreadItem, { kind: ChunkTarget }>;

export function applyChunk(
  session: SessionState,
  target: ChunkTarget,
  content: ReceivedContentBlock,
  messageId: string | null,
  now: number,
): SessionState {
  let thread = session.thread;
  const position = targetPosition(thread, target, messageId);
  if (position >= 0) {
    const item = thread.items.get(position) as MessageLike;
    thread = replaceItem(thread, position, {
      ...item,
      content: appendBlock(item.content, content),
      text: item.text + textOf(content),
    });
    return { ...session, thread };
  }
  if (target !== 'thought') thread = closeOpenThought(thread, now);
  thread = appendItem(thread, (id) => newMessage(id, target, content, messageId, now));
  return { ...session, thread };
}

function targetPosition(thread: Thread, target: ChunkTarget, messageId: string | null): number {
  if (messageId !== null) return findIndex(thread, `m:${target}:${messageId}`);
  const last = lastItem(thread);
  if (last && last.kind === target && last.messageId === null && !isClosedThought(last)) {
    return threadLength(thread) - 1;
  }
  return -1;
}

function isClosedThought(item: ThreadItem): boolean {
  return item.kind === 'thought' && item.endedAt !== null;
}

function newMessage(
  id: string,
  target: ChunkTarget,
  content: ReceivedContentBlock,
  messageId: string | null,
  now: number,
): MessageLike {
  const base = { id, messageId, content: [content], text: textOf(content) };
  switch (target) {
    case 'user_message':
      return { ...base, kind: 'user_message', local: false, turnId: null };
    case 'agent_message':
      return { ...base, kind: 'agent_message' };
    case 'thought':
      return { ...base, kind: 'thought', startedAt: now, endedAt: null };
  }
}
