/**
 * The slash-command listbox.
 *
 * Inside PromptInput focus stays in the text field, which owns the keyboard (see
 * `useSlashCommands`) and points at the active option with `aria-activedescendant`. Used on its
 * own, the list is a focusable listbox with the same keys (arrows, Home, End, Enter, Escape).
 */
import { forwardRef, useEffect, useRef, type KeyboardEvent } from 'react';
import type { AvailableCommand } from '../../core/types.js';
import { cx, format, useMessages } from '../shared/index.js';
import { slashCommandMessages } from './messages.js';
import { composeHandlers, useComposedRefs } from '../shared/root-props.js';
import type { RootProps } from '../shared/root-props.js';

/** @inline */
export interface SlashCommandMenuOwnProps {
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

/** The command menu's own props and the rest of its root `<ul>`'s. */
export type SlashCommandMenuProps = RootProps<SlashCommandMenuOwnProps, 'ul'>;

export const SlashCommandMenu = /* @__PURE__ */ forwardRef<HTMLUListElement, SlashCommandMenuProps>(function SlashCommandMenu(
  { id, commands, activeIndex, optionId, onSelect, onActiveChange, onClose, className, onKeyDown: hostOnKeyDown, ...rest },
  ref,
) {
  const messages = useMessages('slashCommands', slashCommandMessages);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useComposedRefs(listRef, ref);

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
      id={id}
      role="listbox"
      aria-label={messages.menu_label}
      aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
      // Focusable so the list (which scrolls when long) is reachable on its own; inside
      // PromptInput, Tab completes the command instead, so focus stays in the text field.
      tabIndex={0}
      data-slot="slash-command-menu"
      {...rest}
      ref={rootRef}
      className={cx('acp-slash-menu', className)}
      onKeyDown={composeHandlers(hostOnKeyDown, onKeyDown)}
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
});
SlashCommandMenu.displayName = 'SlashCommandMenu';
