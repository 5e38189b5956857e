/** English defaults for the `sessionList` namespace; hosts override any of them through `AcpUiProvider`. */
export const sessionListMessages = {
  list_label: 'Sessions',
  untitled: 'Untitled session',
  loading: 'Loading sessions…',
  empty: 'No sessions yet',
  error: 'Could not load sessions: {message}',
  error_unknown: 'Could not load sessions.',
  retry: 'Retry',
  load_more: 'Load more',
  loading_more: 'Loading more…',
  resume: 'Resume',
  resume_hint: 'Continue without replaying the history',
  close: 'Close',
  close_hint: 'Free the agent’s resources for this session',
  delete: 'Delete',
  delete_prompt: 'Delete this session? This cannot be undone.',
  delete_confirm: 'Delete',
  delete_cancel: 'Cancel',
};

export type SessionListMessages = typeof sessionListMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    sessionList: typeof sessionListMessages;
  }
}
