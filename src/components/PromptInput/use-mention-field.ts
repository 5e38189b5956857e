/**
 * The text field of a draft with mentions. The draft is a string with mention markup (see core's
 * `mentions/draft.ts`); the field shows its display text, where each mention reads `@label`.
 * Edits of the display text are mapped back onto the draft, keeping mentions atomic: Backspace
 * after a chip and Delete before one remove it whole, the arrow keys step over it, and typing
 * inside it lands after it. Without mentions the draft is the field's text, as before.
 */
import { useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import { draftDisplayText, parseDraft, type DraftSegment } from '../../core/mentions/draft.js';
import { applyDisplayEdit, diffDisplay, mentionAtCaret } from '../../core/mentions/draft-edit.js';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';

export interface MentionField {
  segments: DraftSegment[];
  display: string;
  hasMentions: boolean;
  /** The collapsed caret in display coordinates, or null (no focus, or a selection). */
  caret: number | null;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  /** Call from the field's keydown; true when the key was used on a chip. */
  handleKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** Keep `caret` current (select, focus, click). */
  track: (element: HTMLTextAreaElement) => void;
  blur: () => void;
  /** Sets the draft and puts the caret at `caret` (display coordinates). */
  replace: (value: string, caret: number) => void;
}

export function useMentionField(draft: string, setDraft: (value: string) => void, textareaRef: RefObject<HTMLTextAreaElement | null>): MentionField {
  const segments = useMemo(() => parseDraft(draft), [draft]);
  const display = useMemo(() => segments.map((s) => ('text' in s ? s.text : `@${s.mention.label}`)).join(''), [segments]);
  const hasMentions = segments.some((s) => 'mention' in s);
  const [caret, setCaret] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);

  // After React wrote the new text: a mapped edit may put the caret elsewhere than the browser did.
  useIsomorphicLayoutEffect(() => {
    const at = pendingCaret.current;
    const element = textareaRef.current;
    if (at === null || !element) return;
    pendingCaret.current = null;
    if (element.selectionStart !== at || element.selectionEnd !== at) element.setSelectionRange(at, at);
  });

  const replace = (value: string, at: number) => {
    pendingCaret.current = at;
    setCaret(at);
    setDraft(value);
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const element = event.target;
    const next = element.value;
    const after = element.selectionStart === element.selectionEnd ? element.selectionStart : undefined;
    const edit = diffDisplay(display, next, after);
    const result = applyDisplayEdit(draft, edit);
    if (draftDisplayText(result.value) !== next || result.caret !== after) pendingCaret.current = result.caret;
    setCaret(result.caret);
    setDraft(result.value);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!hasMentions || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
    const element = event.currentTarget;
    if (element.selectionStart !== element.selectionEnd) return false;
    const at = element.selectionStart;
    const backward = event.key === 'Backspace' || event.key === 'ArrowLeft';
    if (!backward && event.key !== 'Delete' && event.key !== 'ArrowRight') return false;
    const span = mentionAtCaret(draft, at, backward ? 'backward' : 'forward');
    if (!span) return false;
    event.preventDefault();
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const to = backward ? span.start : span.end;
      element.setSelectionRange(to, to);
      setCaret(to);
    } else {
      const result = applyDisplayEdit(draft, { start: span.start, end: span.end, insert: '' });
      replace(result.value, result.caret);
    }
    return true;
  };

  return {
    segments,
    display,
    hasMentions,
    caret,
    onChange,
    handleKeyDown,
    track: (element) => setCaret(element.selectionStart === element.selectionEnd ? element.selectionStart : null),
    blur: () => setCaret(null),
    replace,
  };
}
