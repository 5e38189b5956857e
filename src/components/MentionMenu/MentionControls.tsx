/**
 * PromptInput's `@` machinery, in the menu's on-demand chunk: the search and the active item
 * (`useMentions`), the menu itself, and what the text field needs from them, handed up: the keys
 * the menu owns (through `keysRef`) and the field's ARIA attributes and status text (`onReport`).
 */
import { useEffect, type ChangeEvent, type KeyboardEvent, type MutableRefObject, type RefObject } from 'react';
import type { MentionSource } from '../../core/mentions/types.js';
import { useLocale, useMessages } from '../shared/index.js';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';
import { MentionMenuLoaded } from './MentionList.js';
import { mentionStatusText } from './MentionStatus.js';
import { mentionMessages } from './messages.js';
import { useMentionDraft } from './use-mention-draft.js';
import { useMentions } from './use-mentions.js';

/** What the text field hands to the mention machinery while it is loaded. */
export interface MentionFieldHandlers {
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  /** True when the key was used (the menu's keys, a chip's edge). */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** The caret moved (select, focus); null on blur. */
  track: (element: HTMLTextAreaElement | null) => void;
}

export interface MentionControlsProps {
  source: MentionSource;
  value: string;
  setValue: (value: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  handlersRef: MutableRefObject<MentionFieldHandlers | null>;
}

export function MentionControls({ source, value, setValue, textareaRef, handlersRef }: MentionControlsProps) {
  const t = useMessages('mentions', mentionMessages);
  const locale = useLocale();
  const field = useMentionDraft(value, setValue, textareaRef);
  const mentions = useMentions({ source, value, caret: field.caret, onInsert: field.replace });
  useIsomorphicLayoutEffect(() => {
    handlersRef.current = { onChange: field.onChange, onKeyDown: (event) => mentions.handleKeyDown(event) || field.onKeyDown(event), track: field.track };
  });
  useEffect(
    () => () => {
      handlersRef.current = null;
    },
    [handlersRef],
  );
  const status = mentionStatusText(t, locale, mentions.open, mentions.search, mentions.items.length, mentions.query);
  const controls = mentions.inputProps['aria-controls'];
  const active = mentions.inputProps['aria-activedescendant'];
  // The field's autocomplete attributes, set here so the field carries none of this code: it is a
  // textbox (see useSlashCommands) pointing at the open list and its active option.
  useEffect(() => {
    const element = textareaRef.current;
    if (!element) return;
    const set = (name: string, value: string | undefined) => (value ? element.setAttribute(name, value) : element.removeAttribute(name));
    set('aria-autocomplete', 'list');
    set('aria-haspopup', 'listbox');
    set('aria-controls', controls);
    set('aria-activedescendant', active);
  }, [textareaRef, controls, active]);
  return (
    <>
      {/* Mounted with the field (this part loads when a field with a source mounts), so screen
          readers watch the region before the first count arrives. */}
      <div role="status" className="acp-visually-hidden" data-slot="mention-status">
        {status}
      </div>
      {mentions.open && (
        <MentionMenuLoaded
          className="acp-prompt-input__menu"
          id={mentions.listboxId}
          search={mentions.search}
          query={mentions.query}
          activeIndex={mentions.activeIndex}
          optionId={mentions.optionId}
          onSelect={mentions.choose}
          onActiveChange={mentions.setActiveIndex}
          onRetry={mentions.retry}
        />
      )}
    </>
  );
}
