/**
 * The slash-command palette as a hook: which commands to offer for the current input, the
 * active one, keyboard handling and the ARIA attributes for the text field (the last three
 * through `useInputMenu`, shared with the `@` menu).
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
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { AvailableCommand } from '../../core/types.js';
import { useInputMenu } from '../shared/use-input-menu.js';
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
  const list = useMemo(() => commands ?? [], [commands]);
  const query = slashQuery(value);
  const items = useMemo(() => (query === null ? [] : filterCommands(list, query)), [list, query]);
  const [dismissed, setDismissed] = useState(false);
  // Escape (or leaving the field) closes the menu until the user types again.
  useEffect(() => setDismissed(false), [query]);
  const open = query !== null && !dismissed && items.length > 0;

  const complete = useCallback(
    (index: number) => {
      const command = items[index];
      if (command) onComplete(completionText(command));
    },
    [items, onComplete],
  );
  const close = useCallback(() => setDismissed(true), []);
  // The active command is remembered by name, so a live update of the list keeps it selected.
  const menu = useInputMenu({ open, items, itemKey: commandName, query, onChoose: complete, onDismiss: close });

  const command = pendingCommand(value, list);
  const inputProps: SlashInputProps = commands === undefined ? {} : { 'aria-autocomplete': 'list', 'aria-haspopup': 'listbox', ...menu.activeOptionProps };

  return {
    open,
    items,
    activeIndex: menu.activeIndex,
    listboxId: menu.listboxId,
    optionId: menu.optionId,
    hint: command?.input?.hint ?? null,
    inputProps,
    handleKeyDown: menu.handleKeyDown,
    complete,
    setActiveIndex: menu.setActiveIndex,
    close,
  };
}

const commandName = (command: AvailableCommand) => command.name;
