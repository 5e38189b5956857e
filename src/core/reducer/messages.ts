/**
 * Message, thought and user chunks. Chunks with a `messageId` join the item with that id (a new id
 * starts a new item, even of the same kind); chunks without one join the last item when it is of
 * the same kind and also has no id; anything else in between starts a new item.
 *
 * Whole-message updates (`upsertMessage`, for ACP v2's `agent_message` and kin) upsert the item
 * with their `messageId`: their `content` replaces what chunks accumulated, later chunks append to
 * it. Both find the item through the thread's index, never by a scan.
 *
 * The client's optimistic copy of a prompt (`local`) never absorbs agent chunks. When the agent
 * echoes the prompt back as `user_message_chunk`s during the turn, the echo replaces the
 * optimistic copy instead of being shown twice (ACP: "render the prompt optimistically, then
 * reconcile with the agent's user_message_chunk"). An ACP v2 prompt knows its `messageId` from
 * the `session/prompt` answer (`withPromptMessageId`): an echo with that id replaces it whatever
 * its content.
 */
import { appendBlock, isUnknownBlock, textOf } from '../content.js';
import type { ChunkTarget } from '../parse-update.js';
import { appendItem, findMessageIndex, lastItem, replaceItem, threadLength } from '../thread.js';
import type { Meta, ReceivedContentBlock, SessionState, ThreadState, ThreadItem } from '../types.js';
import { patched, withContent, withThread, type MessageLike } from './copy.js';
import { closeOpenThought } from './thoughts.js';

export function applyChunk(
  session: SessionState,
  target: ChunkTarget,
  content: ReceivedContentBlock,
  messageId: string | null,
  now: number,
  _meta?: Meta,
): SessionState {
  if (target === 'user_message') {
    const reconciled = reconcilePromptEcho(session, [content], messageId, _meta);
    if (reconciled) return reconciled;
  }
  return withThread(session, appendChunk(session.thread, target, content, messageId, now, _meta));
}

/**
 * A chunk joined to its item in `thread` (the session's or a sub-agent run's), or starting a new
 * one; `_meta`, when given, becomes the item's.
 */
export function appendChunk(
  thread: ThreadState,
  target: ChunkTarget,
  content: ReceivedContentBlock,
  messageId: string | null,
  now: number,
  _meta?: Meta,
): ThreadState {
  const position = targetPosition(thread, target, messageId);
  if (position >= 0) {
    const item = thread.items.get(position) as MessageLike;
    const blocks = appendBlock(item.content, content);
    return replaceItem(thread, position, withContent(item, blocks, nextText(item, blocks, content), _meta ?? item._meta), true);
  }
  // Anything appended after a thought ends it, a new thought included (or it would stay open forever).
  return appendItem(closeOpenThought(thread, now), (id) => newMessage(id, target, [content], messageId, now, _meta ?? null));
}

/** A whole-message upsert on the session's thread; a new user message may take over the running turn's optimistic prompt. */
export function applyMessage(
  session: SessionState,
  target: ChunkTarget,
  messageId: string,
  content: ReceivedContentBlock[] | null | undefined,
  _meta: Meta | null | undefined,
  now: number,
): SessionState {
  if (target === 'user_message' && content && !isAgentsMessage(session.thread, messageId)) {
    const reconciled = reconcilePromptEcho(session, content, messageId, _meta);
    if (reconciled) return reconciled;
  }
  return withThread(session, upsertMessage(session.thread, target, messageId, content, _meta, now));
}

/**
 * A whole-message upsert in `thread`: `content` (absent keeps, `null` or `[]` clears, blocks
 * replace) and `_meta` (absent keeps, `null` clears, an object replaces) for the item with
 * `messageId`, appended when new. O(1) to find the item; replacing costs the new content's length.
 */
export function upsertMessage(
  thread: ThreadState,
  target: ChunkTarget,
  messageId: string,
  content: ReceivedContentBlock[] | null | undefined,
  _meta: Meta | null | undefined,
  now: number,
): ThreadState {
  const position = findMessageIndex(thread, target, messageId);
  if (position >= 0) {
    const item = thread.items.get(position) as MessageLike;
    const blocks = patched(content, item.content, []);
    const text = blocks === item.content ? item.text : blocks.map(textOf).join('');
    return replaceItem(thread, position, withContent(item, blocks, text, patched(_meta, item._meta, null)), true);
  }
  return appendItem(closeOpenThought(thread, now), (id) => newMessage(id, target, content ?? [], messageId, now, _meta ?? null));
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
 * The first `user_message_chunk` (or whole `user_message`) of a running turn that matches the start
 * of the turn's optimistic prompt takes that item over (same position and turn, the agent's content,
 * id and `_meta` from now on).
 */
function reconcilePromptEcho(
  session: SessionState,
  content: ReceivedContentBlock[],
  messageId: string | null,
  _meta: Meta | null | undefined,
): SessionState | null {
  const { turn } = session;
  if (turn.state === 'idle' || turn.turnId === null || !content[0]) return null;
  const record = session.turns[session.turns.length - 1];
  if (!record || record.turnId !== turn.turnId) return null;
  const item = session.thread.items.get(record.startIndex);
  if (!item || item.kind !== 'user_message' || !item.local || item.turnId !== turn.turnId) return null;
  if ((messageId === null || item.messageId !== messageId) && !echoes(item.content, item.text, content[0])) return null;
  const thread = replaceItem(session.thread, record.startIndex, {
    ...item,
    local: false,
    messageId,
    content,
    text: content.map(textOf).join(''),
    _meta: _meta ?? null,
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

/** A user message with this id is in the thread and is the agent's, not the local prompt awaiting its echo. */
function isAgentsMessage(thread: ThreadState, messageId: string): boolean {
  const item = thread.items.get(findMessageIndex(thread, 'user_message', messageId));
  return item !== undefined && !isLocalPrompt(item);
}

function isClosedThought(item: ThreadItem): boolean {
  return item.kind === 'thought' && item.endedAt !== null;
}

function newMessage(id: string, target: ChunkTarget, content: ReceivedContentBlock[], messageId: string | null, now: number, _meta: Meta | null): MessageLike {
  const text = content.map(textOf).join('');
  switch (target) {
    case 'user_message':
      return { id, messageId, content, text, kind: 'user_message', local: false, turnId: null, _meta };
    case 'agent_message':
      return { id, messageId, content, text, kind: 'agent_message', _meta };
    case 'thought':
      return { id, messageId, content, text, kind: 'thought', startedAt: now, endedAt: null, _meta };
  }
}
