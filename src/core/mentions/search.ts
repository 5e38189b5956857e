/**
 * The `@` menu's search, without React: debounced calls to the host's `MentionSource.search`,
 * each aborted once the user has typed on, and answers to anything but the latest query
 * discarded, so a slow answer never replaces a newer one. A failing source gives an error state;
 * nothing here ever blocks typing.
 */
import type { MentionGroup, MentionSource } from './types.js';

export type MentionSearchState =
  | { status: 'idle' }
  /** `groups` are the previous answer's, shown (dimmed) until the new one arrives. */
  | { status: 'loading'; query: string; groups: readonly MentionGroup[] }
  | { status: 'ready'; query: string; groups: readonly MentionGroup[] }
  | { status: 'error'; query: string; message: string };

export interface MentionSearch {
  /** Search for `query` (after the debounce); the same query again does nothing. */
  search(query: string): void;
  /** The menu closed: stop any search and forget the results. */
  close(): void;
  /** Search the current query again (after an error). */
  retry(): void;
  getState(): MentionSearchState;
  subscribe(listener: () => void): () => void;
}

export const DEFAULT_MENTION_DEBOUNCE_MS = 120;

const IDLE: MentionSearchState = { status: 'idle' };

export function createMentionSearch(source: MentionSource, debounceMs: number = DEFAULT_MENTION_DEBOUNCE_MS): MentionSearch {
  let state: MentionSearchState = IDLE;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let query: string | null = null;
  const listeners = new Set<() => void>();

  const set = (next: MentionSearchState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
  };
  const run = (q: string) => {
    const mine = new AbortController();
    controller = mine;
    let answer: Promise<readonly MentionGroup[]>;
    try {
      answer = Promise.resolve(source.search(q, { signal: mine.signal }));
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (groups) => {
        if (controller !== mine) return;
        controller = undefined;
        set({ status: 'ready', query: q, groups: Array.isArray(groups) ? groups.filter((g) => g && Array.isArray(g.items)) : [] });
      },
      (error: unknown) => {
        if (controller !== mine) return;
        controller = undefined;
        set({ status: 'error', query: q, message: error instanceof Error ? error.message : String(error) });
      },
    );
  };
  const start = (q: string) => {
    stop();
    query = q;
    set({ status: 'loading', query: q, groups: state.status === 'ready' || state.status === 'loading' ? state.groups : [] });
    timer = setTimeout(() => {
      timer = undefined;
      run(q);
    }, debounceMs);
  };

  return {
    search(q) {
      if (q === query && state.status !== 'idle') return;
      start(q);
    },
    close() {
      stop();
      query = null;
      if (state !== IDLE) set(IDLE);
    },
    retry() {
      if (query !== null) start(query);
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
