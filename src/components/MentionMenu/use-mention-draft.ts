/**
 * The text field of a draft that may hold mentions. The draft is a string with mention markup
 * (core's `mentions/draft.ts`); the field shows its display text, where a mention reads `@label`,
 * and each edit is mapped back with the chip rules (core's `applyFieldChange`, `chipKeyEdit`).
 * Part of the menu's on-demand chunk: PromptInput calls it through `MentionControls`' handlers.
 */
import { useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import { draftDisplayText, parseDraft } from '../../core/mentions/draft.js';
import { applyFieldChange, chipKeyEdit } from '../../core/mentions/draft-edit.js';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';

export function useMentionDraft(draft: string, setDraft: (value: string) => void, textareaRef: RefObject<HTMLTextAreaElement | null>) {
  const hasMentions = useMemo(() => parseDraft(draft).some((s) => 'mention' in s), [draft]);
  // The collapsed caret in display coordinates, for the `@` menu; null without focus.
  const [caret, setCaret] = useState<number | null>(null);
  const pending = useRef<number | null>(null);

  // After React wrote the new text: a mapped edit may put the caret elsewhere than the browser did.
  useIsomorphicLayoutEffect(() => {
    const at = pending.current;
    const element = textareaRef.current;
    pending.current = null;
    if (at !== null && element && (element.selectionStart !== at || element.selectionEnd !== at)) element.setSelectionRange(at, at);
  });

  const replace = (value: string, at: number) => {
    pending.current = at;
    setCaret(at);
    setDraft(value);
  };

  return {
    caret,
    replace,
    track: (element: HTMLTextAreaElement | null) => setCaret(element && element.selectionStart === element.selectionEnd ? element.selectionStart : null),
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
      const { value, selectionStart, selectionEnd } = event.target;
      const at = selectionStart === selectionEnd ? selectionStart : undefined;
      if (!hasMentions) {
        setCaret(at ?? null);
        setDraft(value);
        return;
      }
      const result = applyFieldChange(draft, value, at);
      if (result.caret !== at || draftDisplayText(result.value) !== value) pending.current = result.caret;
      setCaret(result.caret);
      setDraft(result.value);
    },
    /** True when the key acted on a chip. */
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
      if (!hasMentions || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
      const element = event.currentTarget;
      const result = chipKeyEdit(draft, event.key, element.selectionStart, element.selectionEnd);
      if (!result) return false;
      event.preventDefault();
      if (result.value === draft) {
        element.setSelectionRange(result.caret, result.caret);
        setCaret(result.caret);
      } else replace(result.value, result.caret);
      return true;
    },
  };
}
