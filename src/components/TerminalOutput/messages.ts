/** English defaults for the `terminal` namespace; hosts override any of them through `AcpUiProvider`. */
export const terminalMessages = {
  output_label: 'Output of {command}',
  running: 'Running',
  exit_code: 'Exit code {code}',
  signal: 'Killed by {signal}',
  exited: 'Exited',
  stopped: 'Stopped',
  released: 'Released',
  truncated: 'Output truncated (showing the end)',
  hidden_lines: '{count} earlier lines not shown',
  show_all: 'Show all {count} lines',
  no_output: 'No output yet',
};

export type TerminalMessages = typeof terminalMessages;
