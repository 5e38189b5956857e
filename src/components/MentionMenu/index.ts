export { MentionChip, MentionMenu } from './MentionMenu.js';
export type { MentionMenuProps } from './MentionMenu.js';
export type { MentionChipProps } from './MentionChip.js';
// The `mentions` strings come with the menu's chunk; their keys are typed in `MessageCatalog`.
export type { MentionMessages } from './messages.js';
