import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { appendMention } from '../core/mentions/draft-edit.js';
import type { MentionRef } from '../core/mentions/types.js';
import { useAcpContext } from './context.js';

/**
 * Starts a prompt from outside the panel: `mention(ref)` adds the mention to the draft of the
 * panel under this provider and moves focus to its prompt, where the user writes the rest (a
 * notebook cell's "Ask the agent", an editor's "Ask about this selection").
 */
export function usePromptComposer(): { mention: (mention: MentionRef) => void } {
  const { drafts } = useAcpContext();
  return { mention: useCallback((mention: MentionRef) => drafts.requestMention(mention), [drafts]) };
}

/**
 * The other end of `usePromptComposer`, for a prompt input under the provider: a requested
 * mention joins the draft under `key`, and the field takes focus with the caret at the end, ready
 * for the question. Returns the ref to put on the field.
 */
export function useMentionRequests(key: string): RefObject<HTMLTextAreaElement | null> {
  const { drafts } = useAcpContext();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(
    () =>
      drafts.onMentionRequest((mention) => {
        drafts.set(key, { ...drafts.get(key), text: appendMention(drafts.get(key).text, mention) });
        setFocusRequest((n) => n + 1);
      }),
    [drafts, key],
  );
  useEffect(() => {
    const element = inputRef.current;
    if (focusRequest === 0 || !element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, [focusRequest]);
  return inputRef;
}
