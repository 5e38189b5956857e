import type { TerminalState } from '../../core/types.js';
import type { TerminalMessages } from './messages.js';
import { TerminalStatus, type TerminalRunState } from './TerminalStatus.js';

interface TerminalHeaderProps {
  terminal: TerminalState;
  /** The command as typed (see command-line.ts). */
  command: string;
  state: TerminalRunState;
  messages: TerminalMessages;
}

/** The command line (working directory on hover) and the run badge. */
export function TerminalHeader({ terminal, command, state, messages }: TerminalHeaderProps) {
  return (
    <div className="acp-terminal__header" data-slot="terminal-header">
      <code className="acp-terminal__command" data-slot="terminal-command" title={terminal.cwd ?? undefined}>
        <span className="acp-terminal__prompt" aria-hidden="true">
          ${' '}
        </span>
        {command}
      </code>
      <TerminalStatus terminal={terminal} state={state} messages={messages} />
    </div>
  );
}
