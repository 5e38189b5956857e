export const agentPanelMessages = {
  title: 'Agent',
  newSession: 'New session',
  sessions: 'Sessions',
  hideSessions: 'Hide sessions',
  startingSession: 'Starting a session…',
  sessionFailed: 'Could not start a session: {message}',
  retry: 'Try again',
  promptFailed: 'The message was not sent: {message}. Your text is back in the input.',
  dismiss: 'Dismiss',
  inspector: 'Protocol inspector',
  notConnected: 'Not connected to the agent.',
  placeholder: 'Ask the agent… (/ for commands)',
} satisfies Record<string, string>;
