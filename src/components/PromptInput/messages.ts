/** English defaults for the `promptInput` message namespace. */
export const promptInputMessages = {
  input_label: 'Message to the agent',
  placeholder: 'Ask anything… (/ for commands, Shift+Enter for a new line)',
  placeholder_running: 'Write the next message; it waits until the agent is done',
  send: 'Send',
  queue: 'Queue',
  waiting: 'Sent once the session has loaded',
  stop: 'Stop',
  attach: 'Attach files',
  drop_here: 'Drop files to attach',
  attachments_label: 'Attachments',
  remove_attachment: 'Remove {name}',
  kind_image: 'Image',
  kind_audio: 'Audio',
  kind_resource: 'Embedded',
  kind_resource_link: 'Link only',
  kind_resource_link_title: 'This agent cannot receive file contents; only the file name is sent.',
  refused_image_unsupported: 'This agent does not accept images: {name} was not attached.',
  refused_audio_unsupported: 'This agent does not accept audio: {name} was not attached.',
  refused_too_large: '{name} is too large to attach ({size}; the limit is {limit}).',
  refused_unreadable: '{name} could not be read.',
  dismiss: 'Dismiss',
  queue_label: 'Queued messages',
  queue_count: 'Queued ({count})',
  queue_paused: 'Paused after Stop. Queued messages stay here until you resume or send one.',
  queue_resume: 'Resume',
  queue_edit: 'Edit',
  queue_save: 'Save',
  queue_cancel_edit: 'Cancel',
  queue_remove: 'Remove',
  queue_send_now: 'Send now',
  queue_edit_label: 'Edit queued message {position}',
  queue_attachments_one: '{count} attachment',
  queue_attachments_other: '{count} attachments',
  queue_empty_text: '(attachments only)',
};

export type PromptInputMessages = typeof promptInputMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    promptInput: typeof promptInputMessages;
  }
}
