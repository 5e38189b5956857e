export { SlashCommandMenu } from './SlashCommandMenu.js';
export type { SlashCommandMenuProps } from './SlashCommandMenu.js';
export { SlashCommandStatus } from './SlashCommandStatus.js';
export type { SlashCommandStatusProps } from './SlashCommandStatus.js';
export { useSlashCommands } from './use-slash-commands.js';
export type { SlashInputProps, SlashCommandsState, UseSlashCommandsOptions } from './use-slash-commands.js';
export { filterCommands, slashQuery, pendingCommand, completionText } from './slash.js';
export { slashCommandMessages } from './messages.js';
export type { SlashCommandMessages } from './messages.js';
