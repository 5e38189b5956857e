import { forwardRef, useId } from 'react';
import type { AuthMethod } from '@agentclientprotocol/sdk';
import type { AuthState } from '../../core/types.js';
import { cx, format, useMessages } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { AuthMethodItem } from './AuthMethodItem.js';
import { interpolate } from './interpolate.js';
import { authPanelMessages } from './messages.js';

/** @inline */
export interface AuthPanelOwnProps {
  /** `authMethods` from the `initialize` result, as received (the raw `type` is read). */
  authMethods: AuthMethod[];
  auth: AuthState;
  /** The agent advertises `agentCapabilities.auth.logout`. */
  canLogout: boolean;
  /** Called only for agent-handled methods (no `type`, or `type: "agent"`). */
  onAuthenticate: (methodId: string) => void;
  onLogout: () => void;
  /**
   * Signs in with an `env_var` method by restarting the agent with the values the user typed
   * (`authenticate(methodId, values)`, through acp-react-bridge). Without it, such methods are shown as
   * instructions for whoever starts the agent.
   */
  onSignInWithEnv?: (methodId: string, values: Record<string, string>) => void;
  /**
   * Runs a `terminal` method in a sign-in terminal (`authenticateInTerminal`, through acp-react-bridge
   * started with `--terminal-auth`). Without it, such methods are shown as instructions to run by hand.
   */
  onSignInWithTerminal?: (methodId: string) => void;
  /** Shown in the title: "Sign in to Claude Agent". */
  agentName?: string;
  /**
   * How the host starts the agent (for example `npx @agentclientprotocol/claude-agent-acp`), so
   * terminal methods can show the full command to run; without it only the arguments are shown.
   */
  agentCommand?: string;
  /**
   * The page talks to acp-react-bridge with terminal sign-in off (`--terminal-auth` not given, so
   * the agent is offered no `terminal` methods): say which flag turns it on, and why it is off,
   * before the fallback of signing in with the agent's own command-line tool.
   */
  terminalAuthOff?: boolean;
  className?: string;
}

/** The sign-in panel's own props and the rest of its root `<section>`'s. */
export type AuthPanelProps = RootProps<AuthPanelOwnProps, 'section'>;

/**
 * Sign-in for agents that require it. Hosts show it when `auth.required` turns true (a request
 * failed with -32000); it announces why, lists every method the agent offers, and only ever calls
 * `onAuthenticate` for methods the agent handles itself.
 */
export const AuthPanelLoaded = /* @__PURE__ */ forwardRef<HTMLElement, AuthPanelProps>(function AuthPanelLoaded(
  {
    authMethods,
    auth,
    canLogout,
    onAuthenticate,
    onSignInWithEnv,
    onSignInWithTerminal,
    onLogout,
    agentName,
    agentCommand,
    terminalAuthOff,
    className,
    ...rest
  },
  ref,
) {
  const messages = useMessages('authPanel', authPanelMessages);
  const titleId = useId();
  const pendingMethod = authMethods.find((m) => m.id === auth.pendingMethodId) ?? null;
  const state = auth.pendingMethodId ? 'pending' : auth.error ? 'error' : auth.required ? 'required' : 'idle';

  return (
    <section aria-labelledby={titleId} data-slot="auth-panel" data-state={state} {...rest} ref={ref} className={cx('acp-auth-panel', className)}>
      <div id={titleId} className="acp-auth-panel__title" data-slot="auth-panel-title">
        {agentName ? format(messages.title_agent, { agent: agentName }) : messages.title}
      </div>
      {auth.required && (
        <p className="acp-auth-panel__banner" role="alert" data-slot="auth-panel-banner">
          {messages.required}
          {/* What the agent answered, when that is why (not a sign-in that failed: that is below). */}
          {auth.reason && !auth.error && (
            <span className="acp-auth-panel__reason" data-slot="auth-panel-reason">
              {' '}
              {format(messages.reason, { message: auth.reason.message })}
            </span>
          )}
        </p>
      )}
      {authMethods.length > 0 && (
        <ul className="acp-auth-panel__methods" aria-label={messages.methods_label}>
          {authMethods.map((method) => (
            <AuthMethodItem
              key={method.id}
              method={method}
              pending={method.id === auth.pendingMethodId}
              busy={auth.pendingMethodId !== null}
              agentCommand={agentCommand}
              onAuthenticate={onAuthenticate}
              onSignInWithEnv={onSignInWithEnv}
              onSignInWithTerminal={onSignInWithTerminal}
              messages={messages}
            />
          ))}
        </ul>
      )}
      {terminalAuthOff && (
        <p className="acp-auth-panel__instructions" data-slot="auth-panel-terminal-auth-off">
          {interpolate(messages.terminal_auth_off, { flag: <code className="acp-auth-panel__code">--terminal-auth</code> })}
        </p>
      )}
      {authMethods.length === 0 && (
        // Agents list terminal sign-in only to clients that can run it (auth.terminal): sign in
        // with the agent's own command-line tool instead.
        <p className="acp-auth-panel__instructions" data-slot="auth-panel-no-methods">
          {agentCommand
            ? interpolate(messages.no_methods_command, { command: <code className="acp-auth-panel__code">{agentCommand}</code> })
            : messages.no_methods}
        </p>
      )}
      {/* Mounted from the start so assistive tech hears the progress when it begins. */}
      <p className="acp-visually-hidden" role="status">
        {auth.pendingMethodId ? format(messages.signing_in_with, { method: pendingMethod?.name ?? auth.pendingMethodId }) : ''}
      </p>
      {auth.error && (
        <p className="acp-auth-panel__error" role="alert" data-slot="auth-panel-error">
          {format(messages.error, { message: auth.error.message })}
        </p>
      )}
      {canLogout && (
        <div className="acp-auth-panel__footer">
          <button type="button" className="acp-button" data-variant="ghost" onClick={onLogout}>
            {messages.logout}
          </button>
        </div>
      )}
    </section>
  );
});
