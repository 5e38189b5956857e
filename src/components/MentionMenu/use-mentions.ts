/**
 * The `@` menu as a hook: finds the `@query` at the caret, searches the host's source (debounced,
 * aborted and discarded when stale: see core's `createMentionSearch`), keeps the active item,
 * handles the keys the menu owns and gives the text field its ARIA attributes, like
 * `useSlashCommands`. Choosing an item hands the new draft (with the mention in place of the
 * `@query`) to `onInsert`.
 */
import { useCallback, useEffect, useId, useMemo, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { createMentionSearch, type MentionSearchState } from '../../core/mentions/search.js';
import { insertMention, mentionQueryAt } from '../../core/mentions/draft-edit.js';
import type { MentionItem, MentionSource } from '../../core/mentions/types.js';

export interface UseMentionsOptions {
  source: MentionSource | undefined;
  /** The draft (with mention markup). */
  value: string;
  /** The caret in display coordinates, or null while the field is not focused. */
  caret: number | null;
  /** Receives the draft with the chosen mention and the caret after it. */
  onInsert: (value: string, caret: number) => void;
  debounceMs?: number;
}

export interface MentionsState {
  /** The menu is showing (results, loading, empty or error). */
  open: boolean;
  query: string;
  search: MentionSearchState;
  /** The items shown, flattened across groups in display order. */
  items: MentionItem[];
  activeIndex: number;
  listboxId: string;
  optionId: (index: number) => string;
  inputProps: { 'aria-controls'?: string; 'aria-activedescendant'?: string };
  handleKeyDown: (event: KeyboardEvent) => boolean;
  choose: (index: number) => void;
  setActiveIndex: (index: number) => void;
  retry: () => void;
  close: () => void;
}

const IDLE: MentionSearchState = { status: 'idle' };
const noSubscribe = () => () => {};
const idle = () => IDLE;

export function useMentions({ source, value, caret, onInsert, debounceMs }: UseMentionsOptions): MentionsState {
  const listboxId = useId();
  const search = useMemo(() => (source ? createMentionSearch(source, debounceMs) : null), [source, debounceMs]);
  useEffect(() => () => search?.close(), [search]);
  const state = useSyncExternalStore(search?.subscribe ?? noSubscribe, search?.getState ?? idle, idle);
  const at = source && caret !== null ? mentionQueryAt(value, caret) : null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const key = at ? `${at.start}:${at.query}` : null;
  const open = at !== null && key !== dismissed;
  const query = at?.query ?? '';

  useEffect(() => {
    if (!search) return;
    if (open) search.search(query);
    else search.close();
  }, [search, open, query]);

  const items = useMemo(() => (state.status === 'ready' || state.status === 'loading' ? state.groups.flatMap((g) => g.items) : []), [state]);
  // Remembered by URI so a newer answer keeps the same item active when it is still listed.
  const [activeUri, setActiveUri] = useState<string | null>(null);
  useEffect(() => setActiveUri(null), [query]);
  const found = activeUri === null ? -1 : items.findIndex((i) => i.uri === activeUri);
  const activeIndex = open && items.length > 0 ? Math.max(found, 0) : -1;
  const optionId = useCallback((index: number) => `${listboxId}-option-${index}`, [listboxId]);

  const choose = (index: number) => {
    const item = items[index];
    if (!item || !at || caret === null) return;
    const next = insertMention(value, at.start, caret, { uri: item.uri, label: item.label, ...(item.kind ? { kind: item.kind } : {}) });
    onInsert(next.value, next.caret);
  };

  const close = () => setDismissed(key);

  const handleKeyDown = (event: KeyboardEvent): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const move = (delta: number) => {
      if (items.length === 0) return;
      setActiveUri(items[(activeIndex + delta + items.length) % items.length].uri);
    };
    switch (event.key) {
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      case 'Enter':
      case 'Tab':
        // With nothing to choose, Enter keeps its meaning (send) and Tab moves focus.
        if (activeIndex < 0 || event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return false;
        choose(activeIndex);
        break;
      case 'Escape':
        close();
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  return {
    open,
    query,
    search: state,
    items,
    activeIndex,
    listboxId,
    optionId,
    inputProps: open && activeIndex >= 0 ? { 'aria-controls': listboxId, 'aria-activedescendant': optionId(activeIndex) } : {},
    handleKeyDown,
    choose,
    setActiveIndex: (index) => setActiveUri(items[index]?.uri ?? null),
    retry: () => search?.retry(),
    close,
  };
}
