import type { TerminalState } from '../../core/types.js';
import { format, useLocale } from '../shared/index.js';
import type { TerminalMessages } from './messages.js';
import { numberFormat } from '../../i18n/number-format.js';

export type TerminalRunState = 'running' | 'success' | 'failure' | 'stopped';

export function terminalRunState(terminal: TerminalState): TerminalRunState {
  const exit = terminal.exitStatus;
  // Release kills a running command; without an exit status we only know it stopped.
  if (!exit) return terminal.released ? 'stopped' : 'running';
  if (exit.signal) return 'failure';
  if (exit.exitCode === null || exit.exitCode === 0) return 'success';
  return 'failure';
}

interface TerminalStatusProps {
  terminal: TerminalState;
  state: TerminalRunState;
  messages: TerminalMessages;
}

/** Exit badge: "Exit code 1", "Killed by SIGTERM", or a running indicator. */
export function TerminalStatus({ terminal, state, messages }: TerminalStatusProps) {
  const locale = useLocale();
  const exit = terminal.exitStatus;
  let label: string;
  if (state === 'running') label = messages.running;
  else if (state === 'stopped') label = messages.stopped;
  else if (exit?.signal) label = format(messages.signal, { signal: exit.signal });
  else if (exit?.exitCode !== null && exit?.exitCode !== undefined) {
    label = format(messages.exit_code, { code: numberFormat(locale).format(exit.exitCode) });
  } else label = messages.exited;
  return (
    <span className="acp-terminal__status" data-slot="terminal-status" data-status={state}>
      {state === 'running' && <span className="acp-terminal__spinner" aria-hidden="true" />}
      {label}
    </span>
  );
}
