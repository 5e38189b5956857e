/**
 * The `@` menu as a hook: finds the `@query` at the caret, searches the host's source (debounced,
 * aborted and discarded when stale: see core's `createMentionSearch`), keeps the active item,
 * and, through `useInputMenu` as `useSlashCommands` does, keeps the active item, handles the keys
 * the menu owns and gives the text field its ARIA attributes. Choosing an item hands the new draft (with the mention in place of the
 * `@query`) to `onInsert`.
 */
import { useEffect, useMemo, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { createMentionSearch, type MentionSearchState } from '../../core/mentions/search.js';
import { insertMention, mentionQueryAt } from '../../core/mentions/draft-edit.js';
import type { MentionItem, MentionSource } from '../../core/mentions/types.js';
import { useInputMenu } from '../shared/use-input-menu.js';

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
const mentionUri = (item: MentionItem) => item.uri;

export function useMentions({ source, value, caret, onInsert, debounceMs }: UseMentionsOptions): MentionsState {
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

  const choose = (index: number) => {
    const item = items[index];
    if (!item || !at || caret === null) return;
    const next = insertMention(value, at.start, caret, { uri: item.uri, label: item.label, ...(item.kind ? { kind: item.kind } : {}) });
    onInsert(next.value, next.caret);
  };

  const close = () => setDismissed(key);

  // The active item is remembered by URI, so a newer answer keeps it active while it is still listed.
  const menu = useInputMenu({ open, items, itemKey: mentionUri, query, onChoose: choose, onDismiss: close });

  return {
    open,
    query,
    search: state,
    items,
    activeIndex: menu.activeIndex,
    listboxId: menu.listboxId,
    optionId: menu.optionId,
    inputProps: menu.activeOptionProps,
    handleKeyDown: menu.handleKeyDown,
    choose,
    setActiveIndex: menu.setActiveIndex,
    retry: () => search?.retry(),
    close,
  };
}
