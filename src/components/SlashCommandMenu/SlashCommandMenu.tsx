/**
 * The slash-command listbox. Focus never leaves the text field: the field owns the keyboard
 * (see `useSlashCommands`) and points at the active option with `aria-activedescendant`.
 */
import { useEffect, useRef } from 'react';
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
  className?: string;
}

export function SlashCommandMenu({ id, commands, activeIndex, optionId, onSelect, onActiveChange, className }: SlashCommandMenuProps) {
  const t = useMessages('slashCommands', slashCommandMessages);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    // Keep the active option visible while arrowing through a long list.
    const active = listRef.current?.children[activeIndex] as HTMLElement | undefined;
    active?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  return (
    <ul ref={listRef} id={id} role="listbox" aria-label={t.menu_label} className={cx('acp-slash-menu', className)}>
      {commands.map((command, index) => (
        <li
          key={command.name}
          id={optionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          className="acp-slash-menu__option"
          data-slot="option"
          data-state={index === activeIndex ? 'active' : undefined}
          // Keeps focus (and the caret) in the text field when an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => index !== activeIndex && onActiveChange?.(index)}
          onClick={() => onSelect(index)}
        >
          <span className="acp-slash-menu__name" data-slot="name" translate="no">
            /{command.name}
          </span>
          <span className="acp-slash-menu__description" data-slot="description">
            {command.description}
          </span>
          {command.input?.hint && (
            <span className="acp-slash-menu__hint" data-slot="hint">
              {format(t.input_hint_label, { hint: command.input.hint })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
