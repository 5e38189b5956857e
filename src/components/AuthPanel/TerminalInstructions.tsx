import { Fragment } from 'react';
import { shellCommand } from './shell-words.js';
import { interpolate } from './interpolate.js';
import type { AuthPanelMessages } from './messages.js';

interface TerminalInstructionsProps {
  args: string[];
  env: Array<[string, string]>;
  agentCommand: string | undefined;
  messages: AuthPanelMessages;
}

/**
 * A `terminal` method re-runs the agent binary in an interactive TUI, which a browser cannot
 * do; the spec also forbids passing it to `authenticate`. So it is shown as instructions only.
 */
export function TerminalInstructions({ args, env, agentCommand, messages }: TerminalInstructionsProps) {
  const code = (text: string) => <CommandText text={text} />;
  if (agentCommand) {
    // The host's command is already shell syntax; only the agent's words need quoting.
    const command = [shellCommand(env, []), agentCommand.trim(), shellCommand([], args)].filter(Boolean).join(' ');
    return <p className="acp-auth-panel__instructions">{interpolate(messages.terminal_command, { command: code(command) })}</p>;
  }
  return (
    <>
      <p className="acp-auth-panel__instructions">
        {args.length > 0 ? interpolate(messages.terminal_args, { args: code(shellCommand([], args)) }) : messages.terminal_bare}
      </p>
      {env.length > 0 && <p className="acp-auth-panel__instructions">{interpolate(messages.terminal_env, { env: code(shellCommand(env, [])) })}</p>}
    </>
  );
}

/**
 * A command that wraps only between words: browsers otherwise break after any hyphen, which
 * splits flags like `--claudeai` across lines. Copying still yields the exact command.
 */
function CommandText({ text }: { text: string }) {
  return (
    <code className="acp-auth-panel__code">
      {text.split(' ').map((word, index) => (
        <Fragment key={index}>
          {index > 0 && ' '}
          <span className="acp-auth-panel__word">{word}</span>
        </Fragment>
      ))}
    </code>
  );
}
