/**
 * Per-provider drafts and queued prompts, keyed by session. They live outside components so the
 * text a user typed survives re-renders, session switches, remounts and reconnects.
 */
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { MentionRef } from '../core/mentions/types.js';

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

/** @inline */
export interface DraftStore {
  get(key: string): DraftEntry;
  set(key: string, entry: DraftEntry): void;
  subscribe(listener: () => void): () => void;
  /** Asks the prompt input(s) under this provider to add a mention to the draft and take focus. */
  requestMention(mention: MentionRef): void;
  onMentionRequest(listener: (mention: MentionRef) => void): () => void;
}

const EMPTY: DraftEntry = { text: '', queue: [] };

export function createDraftStore(): DraftStore {
  const entries = new Map<string, DraftEntry>();
  const listeners = new Set<() => void>();
  const mentionListeners = new Set<(mention: MentionRef) => void>();
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
    requestMention(mention) {
      for (const listener of [...mentionListeners]) listener(mention);
    },
    onMentionRequest(listener) {
      mentionListeners.add(listener);
      return () => mentionListeners.delete(listener);
    },
  };
}
