export { MentionMenu, MentionNotesOnDemand as MentionNotes, MentionStatusOnDemand as MentionStatus, prefetchMentionMenu } from './MentionMenu.js';
export type { MentionMenuProps } from './MentionMenu.js';
export { MentionChip } from './MentionChip.js';
export type { MentionChipProps } from './MentionChip.js';
export { useMentions } from './use-mentions.js';
export type { UseMentionsOptions, MentionsState } from './use-mentions.js';
export { mentionMessages } from './messages.js';
export type { MentionMessages } from './messages.js';
