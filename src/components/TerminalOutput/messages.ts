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
  /** Shows `{count}` more earlier lines (a page at a time, so a flood never mounts at once). */
  show_more: 'Show {count} earlier lines',
  /** Next to Copy all / Download when some of the output is not on screen. */
  output_kept: 'The whole output kept (the last 1 MiB at most):',
  /** After a line longer than the line budget. */
  line_cut: ' … {count} more characters (copy the output to see them)',
  no_output: 'No output yet',
};

export type TerminalMessages = typeof terminalMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    terminal: typeof terminalMessages;
  }
}
