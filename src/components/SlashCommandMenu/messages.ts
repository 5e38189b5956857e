/** English defaults for the `slashCommands` message namespace. */
export const slashCommandMessages = {
  menu_label: 'Commands',
  input_hint_label: 'Input: {hint}',
};

export type SlashCommandMessages = typeof slashCommandMessages;
