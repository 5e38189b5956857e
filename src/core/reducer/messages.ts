/**
 * Message, thought and user chunks. Chunks with a `messageId` join the item with that id (a new id
 * starts a new item, even of the same kind); chunks without one join the last item when it is of
 * the same kind and also has no id; anything else in between starts a new item.
 *
 * The client's optimistic copy of a prompt (`local`) never absorbs agent chunks. When the agent
 * echoes the prompt back as `user_message_chunk`s during the turn, the echo replaces the
 * optimistic copy instead of being shown twice (ACP: "render the prompt optimistically, then
 * reconcile with the agent's user_message_chunk").
 */
import { appendBlock, isUnknownBlock, textOf } from '../content.js';
import type { ChunkTarget } from '../parse-update.js';
import { appendItem, findMessageIndex, lastItem, replaceItem, threadLength } from '../thread.js';
import type { ReceivedContentBlock, SessionState, ThreadState, ThreadItem } from '../types.js';
import { withContent, withThread, type MessageLike } from './copy.js';
import { closeOpenThought } from './thoughts.js';

export function applyChunk(session: SessionState, target: ChunkTarget, content: ReceivedContentBlock, messageId: string | null, now: number): SessionState {
  if (target === 'user_message') {
    const reconciled = reconcilePromptEcho(session, content, messageId);
    if (reconciled) return reconciled;
  }
  return withThread(session, appendChunk(session.thread, target, content, messageId, now));
}

/** A chunk joined to its item in `thread` (the session's or a sub-agent run's), or starting a new one. */
export function appendChunk(thread: ThreadState, target: ChunkTarget, content: ReceivedContentBlock, messageId: string | null, now: number): ThreadState {
  const position = targetPosition(thread, target, messageId);
  if (position >= 0) {
    const item = thread.items.get(position) as MessageLike;
    const blocks = appendBlock(item.content, content);
    return replaceItem(thread, position, withContent(item, blocks, nextText(item, blocks, content)), true);
  }
  // Anything appended after a thought ends it, a new thought included (or it would stay open forever).
  return appendItem(closeOpenThought(thread, now), (id) => newMessage(id, target, content, messageId, now));
}

/**
 * The item's text once `chunk` is appended. `text` is always its text blocks joined, so when the
 * blocks are a single text block (a streamed message) the text is that block's string: both share
 * one rope instead of growing two with the same characters.
 */
function nextText(item: MessageLike, blocks: ReceivedContentBlock[], chunk: ReceivedContentBlock): string {
  const only = blocks.length === 1 ? blocks[0]! : null;
  return only !== null && !isUnknownBlock(only) && only.type === 'text' ? only.text : item.text + textOf(chunk);
}

function targetPosition(thread: ThreadState, target: ChunkTarget, messageId: string | null): number {
  if (messageId !== null) return findMessageIndex(thread, target, messageId);
  const last = lastItem(thread);
  if (last && last.kind === target && last.messageId === null && !isClosedThought(last) && !isLocalPrompt(last)) {
    return threadLength(thread) - 1;
  }
  return -1;
}

function isLocalPrompt(item: ThreadItem): boolean {
  return item.kind === 'user_message' && item.local;
}

/**
 * The first `user_message_chunk` of a running turn that matches the start of the turn's optimistic
 * prompt takes that item over (same position and turn, the agent's content and id from now on).
 */
function reconcilePromptEcho(session: SessionState, content: ReceivedContentBlock, messageId: string | null): SessionState | null {
  const { turn } = session;
  if (turn.state === 'idle' || turn.turnId === null) return null;
  const record = session.turns[session.turns.length - 1];
  if (!record || record.turnId !== turn.turnId) return null;
  const item = session.thread.items.get(record.startIndex);
  if (!item || item.kind !== 'user_message' || !item.local || item.turnId !== turn.turnId) return null;
  if (!echoes(item.content, item.text, content)) return null;
  const thread = replaceItem(session.thread, record.startIndex, {
    ...item,
    local: false,
    messageId,
    content: [content],
    text: textOf(content),
  });
  return withThread(session, thread);
}

function echoes(prompt: ReceivedContentBlock[], promptText: string, chunk: ReceivedContentBlock): boolean {
  if (isUnknownBlock(chunk)) return false;
  if (chunk.type === 'text') return chunk.text !== '' && promptText.startsWith(chunk.text);
  try {
    const json = JSON.stringify(chunk);
    return prompt.some((block) => JSON.stringify(block) === json);
  } catch {
    // Nested deeper than JSON.stringify goes (a hostile `_meta`): no prompt of ours is that deep.
    return false;
  }
}

function isClosedThought(item: ThreadItem): boolean {
  return item.kind === 'thought' && item.endedAt !== null;
}

function newMessage(id: string, target: ChunkTarget, content: ReceivedContentBlock, messageId: string | null, now: number): MessageLike {
  const text = textOf(content);
  switch (target) {
    case 'user_message':
      return { id, messageId, content: [content], text, kind: 'user_message', local: false, turnId: null };
    case 'agent_message':
      return { id, messageId, content: [content], text, kind: 'agent_message' };
    case 'thought':
      return { id, messageId, content: [content], text, kind: 'thought', startedAt: now, endedAt: null };
  }
}
