/**
 * The listbox a text field opens while the user types (the `/` command menu, the `@` mention
 * menu): the field keeps focus and the keys, the list shows which option is active through
 * `aria-activedescendant`. This hook is what such menus share: the active option, remembered by
 * the item's key so a newer list (a live update, a later search answer) keeps it active while it
 * is still listed, and started again at the first option for each new query; the ids; and the
 * keys the open menu owns:
 *
 * - ArrowDown / ArrowUp move the active option, wrapping around (and are the menu's while it is
 *   open, even with nothing listed yet);
 * - Enter and Tab choose the active option; with a modifier, or with nothing to choose, they keep
 *   their own meaning (send, move focus);
 * - Escape dismisses the menu (what that means, and until when, is the caller's);
 * - nothing while an input method is composing: Enter then commits the composition.
 *
 * Whether the menu is open and what dismissing does stay with the caller.
 */
import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';

export interface InputMenuOptions<T> {
  /** The menu is showing (it may have no items yet: loading, empty, failed). */
  open: boolean;
  items: readonly T[];
  /** What identifies an item across lists. */
  itemKey: (item: T) => string;
  /** The text the items answer; a new one makes the first item active again. */
  query: string | null;
  /** Enter or Tab on the active item. */
  onChoose: (index: number) => void;
  /** Escape. */
  onDismiss: () => void;
}

export interface InputMenu {
  /** The active option, or -1 while the menu is closed or lists nothing. */
  activeIndex: number;
  listboxId: string;
  optionId: (index: number) => string;
  /** For the text field: `aria-controls` and `aria-activedescendant` while an option is active. */
  activeOptionProps: { 'aria-controls'?: string; 'aria-activedescendant'?: string };
  /** Call first from the field's keydown; returns true when the menu used the key. */
  handleKeyDown: (event: KeyboardEvent) => boolean;
  setActiveIndex: (index: number) => void;
}

export function useInputMenu<T>({ open, items, itemKey, query, onChoose, onDismiss }: InputMenuOptions<T>): InputMenu {
  const listboxId = useId();
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // A new query starts again from the best match.
  useEffect(() => setActiveKey(null), [query]);
  const found = activeKey === null ? -1 : items.findIndex((item) => itemKey(item) === activeKey);
  const activeIndex = open && items.length > 0 ? Math.max(found, 0) : -1;
  const optionId = useCallback((index: number) => `${listboxId}-option-${index}`, [listboxId]);

  const setActiveIndex = (index: number) => {
    const item = items[index];
    setActiveKey(item === undefined ? null : itemKey(item));
  };

  const handleKeyDown = (event: KeyboardEvent): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        // An empty list has nowhere to move to (the modulo of 0 would be NaN).
        if (items.length > 0) setActiveIndex((activeIndex + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length);
        break;
      case 'Enter':
      case 'Tab':
        if (activeIndex < 0 || event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return false;
        onChoose(activeIndex);
        break;
      case 'Escape':
        onDismiss();
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  return {
    activeIndex,
    listboxId,
    optionId,
    activeOptionProps: activeIndex >= 0 ? { 'aria-controls': listboxId, 'aria-activedescendant': optionId(activeIndex) } : {},
    handleKeyDown,
    setActiveIndex,
  };
}
