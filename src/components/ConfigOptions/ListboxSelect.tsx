import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '../shared/index.js';
import type { ListboxSection } from './listbox-items.js';
import { ListboxOptions } from './ListboxOptions.js';
import { useDismissOnOutsidePointer } from '../shared/use-dismiss.js';
import { usePopoverPlacement } from '../shared/use-popover-placement.js';
import { useTypeahead } from './use-typeahead.js';
import { elementById } from '../shared/root-node.js';

export interface ListboxSelectProps {
  /** Visible label, also the listbox's name. */
  label: string;
  /** The setting's own description, shown as a tooltip on the trigger. */
  hint?: string | null;
  value: string;
  sections: ListboxSection[];
  onSelect: (value: string) => void;
  disabled?: boolean;
  /** The shown value is not confirmed by the agent yet. */
  pending?: boolean;
  pendingText: string;
  /** Ids of elements describing the trigger (an error message). */
  describedBy?: string;
}

/**
 * A button that opens a listbox popup, for choices that need descriptions or group labels (a
 * native `<select>` can show neither). Focus moves into the listbox while it is open and the
 * highlighted option is exposed with `aria-activedescendant`; Enter or Space picks it, Escape
 * closes, and both return focus to the button.
 */
export function ListboxSelect(props: ListboxSelectProps) {
  const { label, hint, value, sections, onSelect, disabled, pending, pendingText, describedBy } = props;
  const items = useMemo(() => sections.flatMap((s) => s.items), [sections]);
  const names = useMemo(() => items.map((i) => i.name), [items]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const baseId = useId();
  const ids = { label: `${baseId}-label`, value: `${baseId}-value`, list: `${baseId}-list`, pending: `${baseId}-pending` };
  const optionId = useCallback((index: number) => `${baseId}-option-${index}`, [baseId]);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const typeahead = useTypeahead(names);
  const placement = usePopoverPlacement(open, buttonRef, listRef);
  const dismiss = useCallback(() => setOpen(false), []);
  useDismissOnOutsidePointer(open, rootRef, dismiss);

  const selectedIndex = items.findIndex((item) => item.value === value);
  // An agent may report a value outside its own list: show the raw id rather than nothing.
  const currentName = items[selectedIndex]?.name ?? value;

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    // jsdom has no scrollIntoView; browsers do.
    elementById(listRef.current, optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, optionId]);
  // A live update can shrink the list while it is open.
  const activeIndex = Math.min(active, items.length - 1);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const closeAndFocus = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (index: number) => {
    const item = items[index];
    closeAndFocus();
    if (item && item.value !== value) onSelect(item.value);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(selectedIndex >= 0 ? selectedIndex : event.key === 'ArrowUp' ? items.length - 1 : 0);
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActive(Math.max(0, Math.min(last, index)));
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(activeIndex + 1);
      case 'ArrowUp':
        return move(activeIndex - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'Enter':
      case ' ':
        event.preventDefault();
        return choose(activeIndex);
      case 'Escape':
        // Only this popup closes, not an enclosing dialog.
        event.preventDefault();
        event.stopPropagation();
        return closeAndFocus();
      case 'Tab':
        // Focus moves on naturally; the popup must not stay open behind it.
        return setOpen(false);
      default: {
        const found = typeahead(event.key, activeIndex);
        if (found !== null) move(found);
      }
    }
  };

  return (
    <div ref={rootRef} className="acp-listbox-select" data-slot="config-select" data-state={open ? 'open' : 'closed'}>
      <label id={ids.label} htmlFor={`${baseId}-button`} className="acp-listbox-select__label" data-slot="config-select-label">
        {label}
      </label>
      {/* The popup is anchored to the trigger, not to the label beside it. */}
      <div className="acp-listbox-select__anchor">
        <button
          ref={buttonRef}
          id={`${baseId}-button`}
          type="button"
          className={cx('acp-listbox-select__trigger', 'acp-focusable')}
          data-slot="config-select-trigger"
          data-pending={pending ? '' : undefined}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={ids.list}
          aria-labelledby={`${ids.label} ${ids.value}`}
          aria-describedby={cx(pending && ids.pending, describedBy) || undefined}
          title={hint ?? undefined}
          disabled={disabled}
          onClick={() => (open ? setOpen(false) : openAt(Math.max(0, selectedIndex)))}
          onKeyDown={onButtonKeyDown}
        >
          <span id={ids.value} className="acp-listbox-select__value">
            {currentName}
          </span>
          {pending && <span className="acp-listbox-select__spinner" aria-hidden="true" />}
          {pending && (
            <span id={ids.pending} className="acp-visually-hidden">
              {pendingText}
            </span>
          )}
          <svg className="acp-listbox-select__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
            <path d="M3 4.5 6 7.5 9 4.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <div
          ref={listRef}
          id={ids.list}
          role="listbox"
          tabIndex={-1}
          className="acp-listbox-select__popup"
          data-slot="config-select-listbox"
          data-side={placement.side}
          data-align={placement.align}
          aria-labelledby={ids.label}
          aria-activedescendant={open && items.length > 0 ? optionId(activeIndex) : undefined}
          hidden={!open}
          onKeyDown={onListKeyDown}
          onBlur={(event) => {
            const next = event.relatedTarget;
            if (next instanceof Node && !rootRef.current?.contains(next)) setOpen(false);
          }}
        >
          <ListboxOptions
            sections={sections}
            value={value}
            activeIndex={open ? activeIndex : -1}
            optionId={optionId}
            groupId={(key) => `${baseId}-group-${key}`}
            onHover={setActive}
            onChoose={choose}
          />
        </div>
      </div>
    </div>
  );
}
