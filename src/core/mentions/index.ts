/**
 * Mentions without React: the draft format, the search controller, how mentions become prompt
 * blocks, and a source over workspace files. Exported from the package entry (`acp-react`), not
 * from `acp-react/core`, whose budget is spent on the client. The editing rules (draft-edit.ts)
 * are the prompt input's own.
 */
export type { MentionRef, MentionItem, MentionGroup, MentionContent, MentionSource, MentionSearchOptions } from './types.js';
export { parseDraft, mentionMarkup, draftDisplayText, draftMentions } from './draft.js';
export type { DraftSegment } from './draft.js';
export { appendMention } from './draft-edit.js';
export { createMentionSearch } from './search.js';
export type { MentionSearch, MentionSearchState } from './search.js';
export { resolveMentionBlocks, draftPromptBlocks, draftFromBlocks, blockMention, DEFAULT_MENTION_LIMIT, MENTION_META_KEY } from './blocks.js';
export type { MentionBlocks, MentionNote, ResolveMentionsOptions } from './blocks.js';
export { createFileMentionSource, fileUriOf, filePathOf, FILE_MENTION_KIND, DEFAULT_FILE_MENTION_LIMIT } from './files.js';
export type { FileMentionSourceOptions } from './files.js';
