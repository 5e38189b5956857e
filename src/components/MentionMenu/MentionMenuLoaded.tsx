/** The menu's on-demand chunk (see MentionMenu.tsx): everything `@` needs beyond the field. */
export { MentionMenuLoaded } from './MentionList.js';
export type { MentionMenuProps } from './MentionList.js';
export { MentionNotes } from './MentionNotes.js';
export { MentionControls } from './MentionControls.js';
export { MentionChip } from './MentionChip.js';
export { MentionOverlay } from './MentionOverlay.js';
