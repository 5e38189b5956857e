/**
 * The `@` menu: the host's items in their groups, each with its icon, label and detail, plus the
 * loading, empty and error states. Focus stays in the text field, which owns the keys (see
 * `useMentions`) and points at the active option with `aria-activedescendant`.
 */
import { forwardRef, useEffect, useRef } from 'react';
import type { MentionGroup } from '../../core/mentions/types.js';
import type { MentionSearchState } from '../../core/mentions/search.js';
import { cx, format, useMessages } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { mentionGlyph } from './icons.js';
import { mentionMessages } from './messages.js';

/** @inline */
export interface MentionMenuOwnProps {
  /** The listbox id the text field's `aria-controls` points at. */
  id: string;
  search: MentionSearchState;
  query: string;
  activeIndex: number;
  optionId: (index: number) => string;
  onSelect: (index: number) => void;
  onActiveChange?: (index: number) => void;
  onRetry?: () => void;
  className?: string;
}

/** The menu's own props and the rest of its root `<div>`'s (`id` is the listbox's, inside it). */
export type MentionMenuProps = RootProps<MentionMenuOwnProps>;

export const MentionMenuLoaded = /* @__PURE__ */ forwardRef<HTMLDivElement, MentionMenuProps>(function MentionMenuLoaded(
  { id, search, query, activeIndex, optionId, onSelect, onActiveChange, onRetry, className, ...rest },
  ref,
) {
  const t = useMessages('mentions', mentionMessages);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  const groups: readonly MentionGroup[] = search.status === 'ready' || search.status === 'loading' ? search.groups.filter((g) => g.items.length > 0) : [];
  const count = groups.reduce((n, g) => n + g.items.length, 0);
  let index = 0;
  return (
    <div data-slot="mention-menu" data-status={search.status} {...rest} ref={ref} className={cx('acp-mention-menu acp-slash-menu', className)}>
      {count > 0 && (
        <div ref={listRef} id={id} role="listbox" aria-label={t.menu_label} aria-busy={search.status === 'loading' || undefined}>
          {groups.map((group, g) => (
            <div key={`${g}:${group.label}`} role="group" aria-labelledby={`${id}-group-${g}`} className="acp-mention-menu__group">
              <div id={`${id}-group-${g}`} role="presentation" className="acp-mention-menu__heading" data-slot="mention-group">
                {group.label}
              </div>
              {group.items.map((item) => {
                const i = index++;
                return (
                  <div
                    key={`${i}:${item.uri}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === activeIndex}
                    className="acp-slash-menu__option acp-mention-menu__option"
                    data-slot="mention-option"
                    data-kind={item.kind}
                    data-state={i === activeIndex ? 'active' : undefined}
                    // Keeps focus (and the caret) in the text field when an option is clicked.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => i !== activeIndex && onActiveChange?.(i)}
                    onClick={() => onSelect(i)}
                  >
                    <span className="acp-mention-menu__label">
                      <span className="acp-mention-menu__icon" aria-hidden="true">
                        {mentionGlyph(item.kind, item.icon)}
                      </span>
                      {item.label}
                    </span>
                    {item.detail && <span className="acp-slash-menu__description">{item.detail}</span>}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
      {count === 0 && search.status !== 'error' && (
        <p className="acp-mention-menu__note" data-slot="mention-note">
          {search.status === 'ready' ? (query ? format(t.empty, { query }) : t.empty_all) : t.loading}
        </p>
      )}
      {search.status === 'error' && (
        <p className="acp-mention-menu__note" data-slot="mention-error">
          {format(t.error, { message: search.message })}{' '}
          <button type="button" className="acp-button" data-variant="ghost" onMouseDown={(event) => event.preventDefault()} onClick={onRetry}>
            {t.retry}
          </button>
        </p>
      )}
    </div>
  );
});
