/**
 * The slash-command listbox.
 *
 * Inside PromptInput focus stays in the text field, which owns the keyboard (see
 * `useSlashCommands`) and points at the active option with `aria-activedescendant`. Used on its
 * own, the list is a focusable listbox with the same keys (arrows, Home, End, Enter, Escape).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { AvailableCommand } from '../../core/types.js';
import { cx, format, useMessages } from '../shared/index.js';
import { slashCommandMessages } from './messages.js';

export interface SlashCommandMenuProps {
  /** The listbox id the text field's `aria-controls` points at. */
  id: string;
  commands: readonly AvailableCommand[];
  activeIndex: number;
  /** Id of the option at `index`, matching the field's `aria-activedescendant`. */
  optionId: (index: number) => string;
  onSelect: (index: number) => void;
  onActiveChange?: (index: number) => void;
  /** Escape while the list itself has focus. */
  onClose?: () => void;
  className?: string;
}

export function SlashCommandMenu({ id, commands, activeIndex, optionId, onSelect, onActiveChange, onClose, className }: SlashCommandMenuProps) {
  const messages = useMessages('slashCommands', slashCommandMessages);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    // Keep the active option visible while arrowing through a long list.
    const active = listRef.current?.children[activeIndex] as HTMLElement | undefined;
    active?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = commands.length - 1;
    const go = (index: number) => onActiveChange?.(Math.min(Math.max(index, 0), last));
    switch (event.key) {
      case 'ArrowDown':
        go(activeIndex >= last ? 0 : activeIndex + 1);
        break;
      case 'ArrowUp':
        go(activeIndex <= 0 ? last : activeIndex - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(last);
        break;
      case 'Enter':
        if (activeIndex >= 0) onSelect(activeIndex);
        break;
      case 'Escape':
        if (!onClose) return;
        onClose();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <ul
      ref={listRef}
      id={id}
      role="listbox"
      aria-label={messages.menu_label}
      aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
      // Focusable so the list (which scrolls when long) is reachable on its own; inside
      // PromptInput, Tab completes the command instead, so focus stays in the text field.
      tabIndex={0}
      className={cx('acp-slash-menu', className)}
      onKeyDown={onKeyDown}
    >
      {commands.map((command, index) => (
        <li
          key={command.name}
          id={optionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          className="acp-slash-menu__option"
          data-slot="slash-command-option"
          data-state={index === activeIndex ? 'active' : undefined}
          // Keeps focus (and the caret) in the text field when an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => index !== activeIndex && onActiveChange?.(index)}
          onClick={() => onSelect(index)}
        >
          <span className="acp-slash-menu__name" data-slot="slash-command-name" translate="no">
            /{command.name}
          </span>
          <span className="acp-slash-menu__description" data-slot="slash-command-description">
            {command.description}
          </span>
          {command.input?.hint && (
            <span className="acp-slash-menu__hint" data-slot="slash-command-hint">
              {format(messages.input_hint_label, { hint: command.input.hint })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
