/**
 * Which streamed text chunks can be joined into one before they are reduced: the client's store
 * joins them on the main thread (`chunk-coalescer.ts`), and the socket worker joins them before
 * they reach the page at all (`socket-worker-host.ts`). One rule for both, so a chunk the
 * reducer reads more of than its text is never folded into another.
 *
 * Only chunks the reducer would append as they are qualify: text content without `annotations`
 * or `_meta`, in an update and params without `_meta` (which may nest the message under a tool
 * call); other fields the reducer does not read. User chunks are left alone: the first one of a
 * turn is matched against the prompt the user sent.
 */
import { isRecord } from '../guards.js';

const JOINABLE = new Set(['agent_message_chunk', 'agent_thought_chunk']);

export interface TextChunk {
  sessionUpdate: string;
  content: { type: 'text'; text: string };
  messageId?: string | null;
}

export function isJoinableChunk(params: Record<string, unknown>, update: unknown): update is TextChunk {
  if (!isRecord(update) || !JOINABLE.has(update.sessionUpdate as string)) return false;
  const { content, messageId } = update;
  if (messageId !== undefined && messageId !== null && typeof messageId !== 'string') return false;
  if (!isRecord(content) || content.type !== 'text' || typeof content.text !== 'string') return false;
  // What the reducer keeps beside the text. Named rather than found by enumerating keys: this runs
  // for every chunk, and enumerating a parsed object's keys cost more than the rest together.
  return params._meta === undefined && update._meta === undefined && content._meta === undefined && content.annotations === undefined;
}

/** Whether `next` continues `first`: the same session, kind and message. */
export function continuesChunk(first: { sessionId: string; update: TextChunk }, sessionId: string, update: TextChunk): boolean {
  return (
    first.sessionId === sessionId && first.update.sessionUpdate === update.sessionUpdate && (first.update.messageId ?? null) === (update.messageId ?? null)
  );
}
