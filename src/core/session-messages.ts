/**
 * Sub-agents (ACP "subagents"): messages between sessions (a parent and its children), as
 * `'session_message'` items of the transcript they arrive on (a session's own thread or a child's).
 * A `session_message` upserts the item with its `messageId` (each field a tri-state patch: absent
 * keeps, `null` clears, a value replaces; content `[]` clears too); a `session_message_chunk`
 * appends one block to it. Chunks may come before, between or after upserts: whichever arrives
 * first creates the item.
 *
 * O(1) amortized per chunk, like the message upserts (`reducer/messages.ts`): the item is found
 * through the thread's index under `s:<messageId>` (a key of this module's own: the core's
 * `keyOf` knows no session messages, so this module writes and verifies it), never by a scan.
 *
 * Only the on-demand router (`client/subagents.ts`) and tests use this; like `subagents.ts` it
 * imports no code the core entry has: the content and thread helpers come in as `SessionMessageKit`.
 */
import type { SubagentReducers } from './subagents.js';
import type { Meta, ReceivedContentBlock, SessionMessageItem, SessionState, ThreadItem, ThreadState } from './types.js';

/** The core's content and thread helpers (`content.ts`, `thread.ts`, `reducer/thoughts.ts`). */
export interface SessionMessageKit {
  readContentBlock(raw: unknown): ReceivedContentBlock;
  appendBlock(blocks: ReceivedContentBlock[], block: ReceivedContentBlock): ReceivedContentBlock[];
  textOf(block: ReceivedContentBlock): string;
  appendItem<T extends ThreadItem>(thread: ThreadState, build: (id: string) => T): ThreadState;
  replaceItem(thread: ThreadState, position: number, item: ThreadItem, indexed?: boolean): ThreadState;
  closeOpenThought(thread: ThreadState, now: number): ThreadState;
}

/**
 * The same helpers in a list, as the client passes them: in the core entry a list cost 14 bytes
 * gzip, an object of them 46 (it spells out each name), when the budget had 38 left.
 */
export type SessionMessageTools = readonly [
  readContentBlock: SessionMessageKit['readContentBlock'],
  appendBlock: SessionMessageKit['appendBlock'],
  textOf: SessionMessageKit['textOf'],
  appendItem: SessionMessageKit['appendItem'],
  replaceItem: SessionMessageKit['replaceItem'],
  closeOpenThought: SessionMessageKit['closeOpenThought'],
];

const PARTICIPANTS = ['senderSessionId', 'recipientSessionId', 'senderMessageId', 'recipientMessageId'] as const;

/** A read `session_message`: `undefined` keeps a field, `null` clears it, a value replaces it. */
export interface SessionMessagePatch {
  kind: 'upsert';
  messageId: string;
  senderSessionId?: string | null;
  recipientSessionId?: string | null;
  senderMessageId?: string | null;
  recipientMessageId?: string | null;
  /** `null` (the wire's `null` or `[]`) clears the content; blocks replace it. */
  content?: ReceivedContentBlock[] | null;
  _meta?: Meta | null;
}

/** A read `session_message_chunk`: one block for the message. */
export interface SessionMessageChunk {
  kind: 'chunk';
  messageId: string;
  content: ReceivedContentBlock;
}

export type SessionMessageUpdate = SessionMessagePatch | SessionMessageChunk;

/** What `readSessionMessage` made of an update: what can be applied (null: nothing) and what was wrong with it (null: nothing). */
export interface ReadSessionMessage {
  update: SessionMessageUpdate | null;
  problem: string | null;
}

// Written here for the reason in the header (as in `subagents.ts`).
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

export function isSessionMessageUpdate(update: unknown): boolean {
  const kind = isRecord(update) ? update.sessionUpdate : undefined;
  return kind === 'session_message' || kind === 'session_message_chunk';
}

/**
 * Reads a `session_message` or `session_message_chunk` (the `update` object). Without a usable
 * `messageId` (or a chunk without content) nothing can be applied. A malformed field is left out
 * (as if absent) and named in `problem`; the rest still applies. Content blocks of unknown or
 * malformed types are kept as unknown blocks, as in messages.
 */
export function readSessionMessage(raw: Record<string, unknown>, kit: SessionMessageKit): ReadSessionMessage {
  const chunk = raw.sessionUpdate === 'session_message_chunk';
  const what = chunk ? 'session message chunk' : 'session message';
  const { messageId } = raw;
  if (!isString(messageId) || messageId === '') return { update: null, problem: `The ${what} has no messageId.` };
  if (chunk) {
    if (!('content' in raw) || raw.content == null) return { update: null, problem: `The ${what} for message ${messageId} has no content.` };
    return { update: { kind: 'chunk', messageId, content: kit.readContentBlock(raw.content) }, problem: null };
  }
  const patch: SessionMessagePatch = { kind: 'upsert', messageId };
  const malformed: string[] = [];
  for (const key of PARTICIPANTS) {
    const value = raw[key];
    if (value === null || isString(value)) patch[key] = value;
    else if (value !== undefined) malformed.push(key);
  }
  const { content, _meta } = raw;
  if (content === null) patch.content = null;
  else if (Array.isArray(content)) patch.content = content.length === 0 ? null : content.map((block) => kit.readContentBlock(block));
  else if (content !== undefined) malformed.push('content');
  if (_meta === null || isRecord(_meta)) patch._meta = _meta;
  else if (_meta !== undefined) malformed.push('_meta');
  const problem = malformed.length ? `The session message ${messageId} has a malformed ${malformed.join(', ')}, left as it was.` : null;
  return { update: patch, problem };
}

/**
 * For the router: `reducersFor(update, report)` gives reducers that apply `update` when it is an
 * inter-session message (`undefined` when it is not, so the caller applies it its own way; `null`
 * when nothing in it can be used). Each problem found is passed to `report` first.
 */
export function sessionMessageReducers(reducers: SubagentReducers, tools: SessionMessageTools) {
  const [readContentBlock, appendBlock, textOf, appendItem, replaceItem, closeOpenThought] = tools;
  const kit: SessionMessageKit = { readContentBlock, appendBlock, textOf, appendItem, replaceItem, closeOpenThought };
  return function reducersFor(update: unknown, report: (problem: string) => void): SubagentReducers | null | undefined {
    if (!isSessionMessageUpdate(update)) return undefined;
    const read = readSessionMessage(update as Record<string, unknown>, kit);
    if (read.problem !== null) report(read.problem);
    const message = read.update;
    if (message === null) return null;
    return { createSessionState: reducers.createSessionState, applySessionUpdate: (session, _raw, now) => applySessionMessage(session, message, now, kit) };
  };
}

/** The session with an inter-session message update applied to its thread. */
export function applySessionMessage(session: SessionState, update: SessionMessageUpdate, now: number, kit: SessionMessageKit): SessionState {
  const thread = session.thread;
  const key = keyFor(update.messageId);
  const position = locate(thread, key, update.messageId);
  if (position < 0) {
    const next = kit.appendItem(kit.closeOpenThought(thread, now), (id) => created(id, update, kit));
    next.index.set(key, next.items.size - 1);
    return { ...session, thread: next };
  }
  const item = thread.items.get(position) as SessionMessageItem;
  const next = update.kind === 'chunk' ? appended(item, update.content, kit) : patchedItem(item, update, kit);
  return { ...session, thread: kit.replaceItem(thread, position, next, true) };
}

function created(id: string, update: SessionMessageUpdate, kit: SessionMessageKit): SessionMessageItem {
  const empty: SessionMessageItem = {
    id,
    kind: 'session_message',
    messageId: update.messageId,
    senderSessionId: null,
    recipientSessionId: null,
    senderMessageId: null,
    recipientMessageId: null,
    content: [],
    text: '',
    _meta: null,
  };
  return update.kind === 'chunk' ? appended(empty, update.content, kit) : patchedItem(empty, update, kit);
}

function appended(item: SessionMessageItem, block: ReceivedContentBlock, kit: SessionMessageKit): SessionMessageItem {
  const content = kit.appendBlock(item.content, block);
  // A streamed text is one text block: its string is the text (one rope, not two growing alike).
  const only = content.length === 1 ? content[0] : undefined;
  const text = only !== undefined && kit.textOf(only) !== '' ? kit.textOf(only) : item.text + kit.textOf(block);
  return { ...item, content, text };
}

function patchedItem(item: SessionMessageItem, patch: SessionMessagePatch, kit: SessionMessageKit): SessionMessageItem {
  const next = { ...item };
  for (const key of PARTICIPANTS) {
    const value = patch[key];
    if (value !== undefined) next[key] = value;
  }
  if (patch.content !== undefined) {
    next.content = patch.content ?? [];
    next.text = next.content.map(kit.textOf).join('');
  }
  if (patch._meta !== undefined) next._meta = patch._meta;
  return next;
}

/**
 * The item's position, through the index. The index is shared by every version of the thread
 * (see `thread.ts`), so an entry is trusted only when the item there is this message; otherwise
 * (an old version kept and extended) one scan finds it and repairs the entry.
 */
function locate(thread: ThreadState, key: string, messageId: string): number {
  const hinted = thread.index.get(key);
  if (hinted === undefined) return -1;
  if (isThisMessage(thread.items.get(hinted), messageId)) return hinted;
  let position = 0;
  for (const item of thread.items) {
    if (isThisMessage(item, messageId)) {
      thread.index.set(key, position);
      return position;
    }
    position++;
  }
  return -1;
}

function isThisMessage(item: ThreadItem | undefined, messageId: string): boolean {
  return item?.kind === 'session_message' && item.messageId === messageId;
}

// The key of the message streaming now, reused while its chunks arrive (one string, its hash cached).
let lastId = '';
let lastKey = 's:';

function keyFor(messageId: string): string {
  if (messageId !== lastId) {
    lastId = messageId;
    lastKey = `s:${messageId}`;
  }
  return lastKey;
}
