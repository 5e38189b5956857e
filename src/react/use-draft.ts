import { useCallback, useSyncExternalStore } from 'react';
import { useAcpContext } from './context.js';
import type { DraftEntry, QueuedDraft } from './drafts.js';

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
