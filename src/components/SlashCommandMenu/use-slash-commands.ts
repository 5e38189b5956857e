/**
 * The slash-command palette as a hook: which commands to offer for the current input, the
 * active one, keyboard handling and the ARIA attributes for the text field.
 *
 * The input stays the single source of truth: the menu is derived from `value`, and completing
 * a command only hands new text to `onComplete`.
 *
 * ARIA: the field is a multi-line `<textarea>`, which HTML allows no role but `textbox` (a
 * `role="combobox"` there is non-conforming and fails axe-core's aria-allowed-role). So the field
 * keeps its textbox role and uses the autocomplete attributes a textbox supports:
 * `aria-autocomplete="list"`, `aria-haspopup="listbox"`, and while the list is open
 * `aria-controls` plus `aria-activedescendant` on the highlighted option. The open state and the
 * number of matches are announced through a polite live region (see `SlashCommandMenu`).
 */
import { useCallback, useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { AvailableCommand } from '../../core/types.js';
import { completionText, filterCommands, pendingCommand, slashQuery } from './slash.js';

export interface UseSlashCommandsOptions {
  /** The current input text. */
  value: string;
  /** The agent's `availableCommands`; may change at any time. */
  commands: readonly AvailableCommand[] | undefined;
  /** Receives `/name ` when a command is chosen. */
  onComplete: (text: string) => void;
}

export interface SlashInputProps {
  'aria-autocomplete'?: 'list';
  'aria-haspopup'?: 'listbox';
  'aria-controls'?: string;
  'aria-activedescendant'?: string;
}

export interface SlashCommandsState {
  open: boolean;
  /** Commands to show, best match first. */
  items: AvailableCommand[];
  activeIndex: number;
  listboxId: string;
  optionId: (index: number) => string;
  /** The chosen command's `input.hint`, while its arguments have not been typed yet. */
  hint: string | null;
  /** Spread on the text field. */
  inputProps: SlashInputProps;
  /** Call first from the field's keydown; returns true when the menu used the key. */
  handleKeyDown: (event: KeyboardEvent) => boolean;
  complete: (index: number) => void;
  setActiveIndex: (index: number) => void;
  close: () => void;
}

export function useSlashCommands({ value, commands, onComplete }: UseSlashCommandsOptions): SlashCommandsState {
  const listboxId = useId();
  const list = useMemo(() => commands ?? [], [commands]);
  const query = slashQuery(value);
  const items = useMemo(() => (query === null ? [] : filterCommands(list, query)), [list, query]);
  // The active command is remembered by name so a live update of the list keeps it selected.
  const [activeName, setActiveName] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);

  // A new query starts again from the best match.
  useEffect(() => setActiveName(null), [query]);
  // Escape (or leaving the field) closes the menu until the user types again.
  useEffect(() => setDismissed(false), [query]);

  const open = query !== null && !dismissed && items.length > 0;
  const found = activeName === null ? -1 : items.findIndex((c) => c.name === activeName);
  const activeIndex = open ? Math.max(found, 0) : -1;
  const optionId = useCallback((index: number) => `${listboxId}-option-${index}`, [listboxId]);

  const complete = useCallback(
    (index: number) => {
      const command = items[index];
      if (command) onComplete(completionText(command));
    },
    [items, onComplete],
  );

  const handleKeyDown = (event: KeyboardEvent): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const move = (delta: number) => {
      const next = (activeIndex + delta + items.length) % items.length;
      setActiveName(items[next].name);
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
        if (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return false;
        complete(activeIndex);
        break;
      case 'Escape':
        setDismissed(true);
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  const command = pendingCommand(value, list);
  const inputProps: SlashInputProps =
    commands === undefined
      ? {}
      : {
          'aria-autocomplete': 'list',
          'aria-haspopup': 'listbox',
          ...(open ? { 'aria-controls': listboxId, 'aria-activedescendant': optionId(activeIndex) } : {}),
        };

  return {
    open,
    items,
    activeIndex,
    listboxId,
    optionId,
    hint: command?.input?.hint ?? null,
    inputProps,
    handleKeyDown,
    complete,
    setActiveIndex: (index) => setActiveName(items[index]?.name ?? null),
    close: () => setDismissed(true),
  };
}
