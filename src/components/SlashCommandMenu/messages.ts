/** English defaults for the `slashCommands` message namespace. */
export const slashCommandMessages = {
  menu_label: 'Commands',
  input_hint_label: 'Input: {hint}',
  status_one: '{count} command. Up and Down to choose, Enter or Tab to complete, Escape to close.',
  status_other: '{count} commands. Up and Down to choose, Enter or Tab to complete, Escape to close.',
};

export type SlashCommandMessages = typeof slashCommandMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    slashCommands: typeof slashCommandMessages;
  }
}
