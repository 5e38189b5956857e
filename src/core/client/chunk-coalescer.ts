/**
 * Streamed text joined before it reaches the reducer.
 *
 * An agent streams a message as many small `agent_message_chunk`s (a word or a few each), and
 * at full speed, or replaying a long session, sends thousands a second. Reducing each one copies
 * the session, its thread and the item, and the text is read at most once a frame. So a plain
 * text chunk that continues the one before it (same session, same kind, same message) is only
 * appended to a list here; the store reduces the joined text as one chunk when the state is next
 * read (`Store.defer`): by a listener in the next frame, by an action, or by the next update that
 * is not such a chunk, which reads the state first. Every read sees every chunk received.
 *
 * Only chunks the reducer would append as they are qualify: text content without `annotations`
 * or `_meta`, in an update and params without `_meta` (which may nest the message under a tool
 * call); other fields the reducer does not read. User chunks are left alone: the first one of a
 * turn is matched against the prompt the user sent.
 */
import { isRecord } from '../guards.js';
import type { Store } from '../store.js';

const JOINABLE = new Set(['agent_message_chunk', 'agent_thought_chunk']);

interface TextChunk {
  sessionUpdate: string;
  content: { type: 'text'; text: string };
  messageId?: string | null;
}

interface Pending {
  sessionId: string;
  first: TextChunk;
  texts: string[];
  at: number;
}

export interface ChunkCoalescer {
  /** Takes a `session/update`'s params when its update is a joinable text chunk; false otherwise. */
  take(sessionId: string, params: Record<string, unknown>): boolean;
}

/**
 * `apply` reduces one update into the snapshot (the client's usual path), `at` being when the
 * first of the joined chunks arrived.
 */
export function createChunkCoalescer<S>(
  store: Pick<Store<S>, 'defer' | 'touch'>,
  apply: (snapshot: S, sessionId: string, update: TextChunk, at: number) => S,
  now: () => number,
): ChunkCoalescer {
  let pending: Pending | null = null;

  return {
    take(sessionId, params) {
      const update = params.update;
      if (!isJoinable(params, update)) return false;
      const open = pending;
      if (
        open &&
        open.sessionId === sessionId &&
        open.first.sessionUpdate === update.sessionUpdate &&
        (open.first.messageId ?? null) === (update.messageId ?? null)
      ) {
        open.texts.push(update.content.text);
        store.touch();
        return true;
      }
      const mine: Pending = { sessionId, first: update, texts: [update.content.text], at: now() };
      pending = mine;
      store.defer((snapshot) => {
        if (pending === mine) pending = null;
        return apply(snapshot, sessionId, { ...mine.first, content: { ...mine.first.content, text: mine.texts.join('') } }, mine.at);
      });
      return true;
    },
  };
}

function isJoinable(params: Record<string, unknown>, update: unknown): update is TextChunk {
  if (!isRecord(update) || !JOINABLE.has(update.sessionUpdate as string)) return false;
  const { content, messageId } = update;
  if (messageId !== undefined && messageId !== null && typeof messageId !== 'string') return false;
  if (!isRecord(content) || content.type !== 'text' || typeof content.text !== 'string') return false;
  // What the reducer keeps beside the text. Named rather than found by enumerating keys: this runs
  // for every chunk, and enumerating a parsed object's keys cost more than the rest together.
  return params._meta === undefined && update._meta === undefined && content._meta === undefined && content.annotations === undefined;
}
