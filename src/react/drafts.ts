/**
 * Per-provider drafts and queued prompts, keyed by session. They live outside components so the
 * text a user typed survives re-renders, session switches, remounts and reconnects.
 */
import type { ContentBlock } from '@agentclientprotocol/sdk';

/** A prompt written while a turn runs (the shape PromptInput queues). */
export interface QueuedDraft {
  id: string;
  text: string;
  attachments: Array<{ id: string; name: string; mimeType: string; size: number; block: ContentBlock }>;
}

export interface DraftEntry {
  text: string;
  queue: QueuedDraft[];
}

export interface DraftStore {
  get(key: string): DraftEntry;
  set(key: string, entry: DraftEntry): void;
  subscribe(listener: () => void): () => void;
}

const EMPTY: DraftEntry = { text: '', queue: [] };

export function createDraftStore(): DraftStore {
  const entries = new Map<string, DraftEntry>();
  const listeners = new Set<() => void>();
  return {
    get: (key) => entries.get(key) ?? EMPTY,
    set(key, entry) {
      entries.set(key, entry);
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
