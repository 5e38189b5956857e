import { useId } from 'react';
import type { AuthMethod } from '@agentclientprotocol/sdk';
import { format } from '../shared/index.js';
import { classifyAuthMethod } from './auth-method-kind.js';
import { EnvVarForm } from './EnvVarForm.js';
import { EnvVarInstructions } from './EnvVarInstructions.js';
import type { AuthPanelMessages } from './messages.js';
import { TerminalInstructions } from './TerminalInstructions.js';

interface AuthMethodItemProps {
  method: AuthMethod;
  /** This method is being authenticated. */
  pending: boolean;
  /** Some method is being authenticated: no second attempt meanwhile. */
  busy: boolean;
  agentCommand: string | undefined;
  onAuthenticate: (methodId: string) => void;
  /** Set when the host can restart the agent with an `env_var` method's values. */
  onSignInWithEnv: ((methodId: string, values: Record<string, string>) => void) | undefined;
  /** Set when the host can run a `terminal` method in a sign-in terminal. */
  onSignInWithTerminal: ((methodId: string) => void) | undefined;
  messages: AuthPanelMessages;
}

/** One advertised method: a sign-in button for agent methods, instructions for the rest. */
export function AuthMethodItem({ method, pending, busy, agentCommand, onAuthenticate, onSignInWithEnv, onSignInWithTerminal, messages }: AuthMethodItemProps) {
  const kind = classifyAuthMethod(method);
  const descriptionId = useId();
  return (
    <li className="acp-auth-panel__method" data-slot="auth-panel-method" data-kind={kind.kind} data-state={pending ? 'pending' : 'idle'}>
      <div className="acp-auth-panel__method-text">
        <span className="acp-auth-panel__method-name">{method.name}</span>
        {method.description && (
          <span id={descriptionId} className="acp-auth-panel__method-description">
            {method.description}
          </span>
        )}
        {kind.kind === 'terminal' && !onSignInWithTerminal && (
          <TerminalInstructions args={kind.args} env={kind.env} agentCommand={agentCommand} messages={messages} />
        )}
        {kind.kind === 'env_var' &&
          (onSignInWithEnv ? (
            <EnvVarForm
              methodId={method.id}
              methodName={method.name}
              vars={kind.vars}
              link={kind.link}
              pending={pending}
              busy={busy}
              onSubmit={onSignInWithEnv}
              messages={messages}
            />
          ) : (
            <EnvVarInstructions vars={kind.vars} link={kind.link} messages={messages} />
          ))}
        {kind.kind === 'unknown' && <p className="acp-auth-panel__instructions">{messages.unsupported}</p>}
      </div>
      {kind.kind === 'terminal' && onSignInWithTerminal && (
        <button
          type="button"
          className="acp-button acp-auth-panel__sign-in"
          data-variant="primary"
          aria-label={format(pending ? messages.signing_in_with : messages.sign_in_terminal_with, { method: method.name })}
          aria-describedby={method.description ? descriptionId : undefined}
          aria-busy={pending || undefined}
          // Not `disabled`: focus comes back here when the sign-in dialog closes, while the sign-in still winds down.
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onSignInWithTerminal(method.id);
          }}
        >
          {pending && <span className="acp-auth-panel__spinner" aria-hidden="true" />}
          {pending ? messages.signing_in : messages.sign_in_terminal}
        </button>
      )}
      {kind.kind === 'agent' && (
        <button
          type="button"
          className="acp-button acp-auth-panel__sign-in"
          data-variant="primary"
          aria-label={format(pending ? messages.signing_in_with : messages.sign_in_with, { method: method.name })}
          aria-describedby={method.description ? descriptionId : undefined}
          aria-busy={pending || undefined}
          disabled={busy}
          onClick={() => onAuthenticate(method.id)}
        >
          {pending && <span className="acp-auth-panel__spinner" aria-hidden="true" />}
          {pending ? messages.signing_in : messages.sign_in}
        </button>
      )}
    </li>
  );
}
