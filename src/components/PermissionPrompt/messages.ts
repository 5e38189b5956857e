/** English defaults for the `permission` message namespace. */
export const permissionMessages = {
  title: 'Permission needed',
  title_with_tool: 'Permission needed: {title}',
  untitled_tool: 'a tool call',
  shortcut_hint: 'Press {first} to {last} to choose, or click an option.',
  shortcut_hint_single: 'Press {first} to choose, or click the option.',
  command_label: 'Command',
  locations_label: 'Files',
  tool_name_label: 'Tool',
  input_label: 'What the tool is given',
  input_cut: '(cut: too long to show in full)',
  kind_read: 'Read',
  kind_edit: 'Edit',
  kind_delete: 'Delete',
  kind_move: 'Move',
  kind_search: 'Search',
  kind_execute: 'Run command',
  kind_think: 'Think',
  kind_fetch: 'Fetch',
  kind_switch_mode: 'Switch mode',
  kind_other: 'Tool',
  option_remembered: 'remembered',
  no_options: 'The agent offered no options to choose from.',
  status_answered: 'You chose: {option}',
  status_answered_policy: 'Answered automatically by your policy: {option}',
  status_answered_unknown: 'Answered.',
  status_cancelled: 'Cancelled: the turn ended before you answered.',
  status_interrupted: 'Interrupted: the connection dropped before an answer was sent.',
  queue_label: 'Permission requests',
  queue_position: 'Request {position} of {total}',
  queue_waiting: 'Waiting',
};

export type PermissionMessages = typeof permissionMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    permission: typeof permissionMessages;
  }
}
