import { useCallback } from 'react';
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
