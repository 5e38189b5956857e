/**
 * English defaults for the `mentions` message namespace (the menu, its status line and the notes,
 * all in the menu's on-demand chunk; the chip's name is `message.open_mention`).
 */
export const mentionMessages = {
  menu_label: 'Mentions',
  loading: 'Searching…',
  empty: 'Nothing matches “{query}”.',
  empty_all: 'Nothing to mention.',
  error: 'Could not list mentions: {message}',
  retry: 'Retry',
  status_one: '{count} item. Up and Down to choose, Enter or Tab to mention, Escape to close.',
  status_other: '{count} items. Up and Down to choose, Enter or Tab to mention, Escape to close.',
  note_too_large: '{label} was sent as a link, not its content: it is {size} and the limit is {limit}.',
  note_unreadable: '{label} was sent as a link, not its content: it could not be read ({message}).',
  dismiss: 'Dismiss',
};

/** @useDeclaredType */
export type MentionMessages = typeof mentionMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    mentions: typeof mentionMessages;
  }
}
