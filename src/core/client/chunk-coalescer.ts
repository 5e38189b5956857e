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
 * Which chunks qualify is `joinable-chunk.ts`'s rule, shared with the socket worker.
 */
import type { Store } from '../store.js';
import { continuesChunk, isJoinableChunk, type TextChunk } from './joinable-chunk.js';

interface Pending {
  sessionId: string;
  update: TextChunk;
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
      if (!isJoinableChunk(params, update)) return false;
      const open = pending;
      if (open && continuesChunk(open, sessionId, update)) {
        open.texts.push(update.content.text);
        store.touch();
        return true;
      }
      const mine: Pending = { sessionId, update, texts: [update.content.text], at: now() };
      pending = mine;
      store.defer((snapshot) => {
        if (pending === mine) pending = null;
        return apply(snapshot, sessionId, { ...mine.update, content: { ...mine.update.content, text: mine.texts.join('') } }, mine.at);
      });
      return true;
    },
  };
}
