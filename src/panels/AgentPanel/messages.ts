export const agentPanelMessages = {
  title: 'Agent',
  new_session: 'New session',
  untitled: 'Untitled session',
  sessions: 'Sessions',
  hide_sessions: 'Hide sessions',
  starting_session: 'Starting a session…',
  session_failed: 'Could not start a session: {message}',
  retry: 'Try again',
  prompt_failed: 'The message was not sent: {message}. Your text is back in the input.',
  dismiss: 'Dismiss',
  inspector: 'Protocol inspector',
  not_connected: 'Not connected to the agent.',
  placeholder: 'Ask the agent… (/ for commands)',
  // acp-react-bridge --shared: the prompt of a page that watches a session another page steers.
  watching: 'Watching: only a controller can prompt in this session.',
  // Announced politely when a session in another tab changes: its turn ended, or it asks something.
  turn_finished_background: '{title} finished its turn.',
  waiting_background: '{title} is waiting for your answer.',
} satisfies Record<string, string>;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    agentPanel: typeof agentPanelMessages;
  }
}
