import { useCallback, useSyncExternalStore } from 'react';
import { useAcpContext } from './context.js';
import type { DraftEntry, DraftStore, QueuedDraft } from './drafts.js';

/**
 * The prompt draft and queued prompts of one session (or any key), kept by the provider so they
 * survive re-renders, session switches and reconnects.
 */
export function useDraft(key: string): {
  text: string;
  queue: QueuedDraft[];
  setText: (text: string) => void;
  setQueue: (queue: QueuedDraft[]) => void;
} {
  const { drafts } = useAcpContext();
  const entry = useSyncExternalStore(
    drafts.subscribe,
    () => drafts.get(key),
    () => drafts.get(key),
  );
  const setText = useCallback((text: string) => drafts.set(key, { ...drafts.get(key), text }), [drafts, key]);
  const setQueue = useCallback((queue: QueuedDraft[]) => drafts.set(key, { ...drafts.get(key), queue }), [drafts, key]);
  return { text: entry.text, queue: entry.queue, setText, setQueue };
}

export type { DraftEntry, QueuedDraft };

/**
 * Hands one key's draft and queued prompts to another (after the first's text, after its queue)
 * and empties the first: what was written for a session that could not be opened stays with the
 * user.
 */
export function moveDraft(drafts: DraftStore, from: string, to: string): void {
  const left = drafts.get(from);
  if (from === to || (left.text === '' && left.queue.length === 0)) return;
  const into = drafts.get(to);
  drafts.set(to, { text: [into.text, left.text].filter((text) => text !== '').join('\n\n'), queue: [...into.queue, ...left.queue] });
  drafts.set(from, { text: '', queue: [] });
}
