/** English defaults for the `toolCall` namespace; hosts override any of them through `AcpUiProvider`. */
export const toolCallMessages = {
  kind_read: 'Read',
  kind_edit: 'Edit',
  kind_delete: 'Delete',
  kind_move: 'Move',
  kind_search: 'Search',
  kind_execute: 'Run',
  kind_think: 'Think',
  kind_fetch: 'Fetch',
  kind_switch_mode: 'Switch mode',
  kind_other: 'Tool',
  status_pending: 'Pending',
  status_in_progress: 'In progress',
  status_completed: 'Completed',
  status_failed: 'Failed',
  status_cancelled: 'Cancelled',
  untitled: 'Tool call',
  /** Spoken before the tool's programmatic name (`name`), shown beside the title. */
  name_label: 'Tool name',
  locations_label: 'Files',
  command_label: 'Command',
  raw_toggle: 'Raw input and output',
  raw_input: 'Input',
  raw_output: 'Output',
  terminal_unavailable: 'Terminal not available',
  image_alt: 'Image returned by the tool',
  image_unsupported: 'Image of type {mimeType} not shown',
  audio_unsupported: 'Audio of type {mimeType} not played',
  resource_binary: 'Binary content ({mimeType})',
  unsupported_content: 'Unsupported content',
};

export type ToolCallMessages = typeof toolCallMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    toolCall: typeof toolCallMessages;
  }
}
