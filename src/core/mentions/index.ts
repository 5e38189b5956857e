/**
 * Mentions without React: the draft format, editing rules, the search controller and how
 * mentions become prompt blocks. Exported from the package entry (`acp-react`), not from
 * `acp-react/core`, whose budget is spent on the client.
 */
export type { MentionRef, MentionItem, MentionGroup, MentionContent, MentionSource, MentionSearchOptions } from './types.js';
export { parseDraft, serializeDraft, mentionMarkup, mentionDisplay, draftDisplayText, draftMentions, mentionSpans } from './draft.js';
export type { DraftSegment, MentionSpan } from './draft.js';
export { diffDisplay, applyDisplayEdit, mentionAtCaret, insertMention, appendMention, mentionQueryAt } from './draft-edit.js';
export type { DisplayEdit } from './draft-edit.js';
export { createMentionSearch, DEFAULT_MENTION_DEBOUNCE_MS } from './search.js';
export type { MentionSearch, MentionSearchState } from './search.js';
export {
  mentionBlock,
  mentionLink,
  resolveMentionBlocks,
  draftPromptBlocks,
  blockMention,
  draftFromBlocks,
  contentSize,
  DEFAULT_MENTION_LIMIT,
  MENTION_META_KEY,
} from './blocks.js';
export type { MentionBlocks, MentionNote, ResolveMentionsOptions } from './blocks.js';
