/** English defaults for the `connectionStatus` namespace; hosts override any of them through `AcpUiProvider`. */
export const connectionStatusMessages = {
  status_idle: 'Not connected',
  status_connecting: 'Connecting…',
  status_ready: 'Connected',
  status_reconnecting: 'Reconnecting',
  status_closed: 'Disconnected',
  status_error: 'Connection failed',
  // Continues the status label: "Reconnecting" + " in 3s… (attempt 2)".
  reconnect_countdown: 'in {seconds}s… (attempt {attempt})',
  reconnect_attempt: '(attempt {attempt})',
  agent_version: 'version',
  // Under the error, from acp-react-bridge: how the agent process ended, or that it never answered.
  agent_exited: 'The agent exited with status {code}.',
  agent_killed: 'The agent was stopped by {signal}.',
  agent_not_started: 'The agent could not start: {description}',
  agent_silent: 'The agent started but has not answered.',
  agent_stderr: 'What the agent wrote to stderr',
  repeated_failure: 'Stopped reconnecting: the last two attempts failed the same way.',
  retry: 'Retry',
  retry_now: 'Retry now',
  disconnect: 'Disconnect',
};

export type ConnectionStatusMessages = typeof connectionStatusMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    connectionStatus: typeof connectionStatusMessages;
  }
}
