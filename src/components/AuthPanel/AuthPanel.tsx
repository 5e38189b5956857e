/**
 * The public `AuthPanel`: sign-in is needed once per agent at most, so the method list with its
 * environment-variable and terminal instructions is fetched when the panel is first shown
 * (AgentPanel starts the fetch when it mounts). Until then it says why and which methods exist.
 */
import { forwardRef, useId } from 'react';
import { cx, format, lazyModule, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import type { AuthPanelProps } from './AuthPanelLoaded.js';
import { authPanelMessages } from './messages.js';

export const authPanelModule = /* @__PURE__ */ lazyModule(() => import('./AuthPanelLoaded.js').then((m) => m.AuthPanelLoaded));

const AuthPanelFallback = /* @__PURE__ */ forwardRef<HTMLElement, AuthPanelProps & { state: OnDemandState }>(function AuthPanelFallback(
  {
    authMethods,
    auth,
    agentName,
    className,
    state,
    canLogout: _canLogout,
    onAuthenticate: _onAuthenticate,
    onLogout: _onLogout,
    onSignInWithEnv: _onSignInWithEnv,
    onSignInWithTerminal: _onSignInWithTerminal,
    agentCommand: _agentCommand,
    terminalAuthOff: _terminalAuthOff,
    ...rest
  },
  ref,
) {
  const messages = useMessages('authPanel', authPanelMessages);
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={!state.error}
      data-slot="auth-panel-fallback"
      {...(rest satisfies ElementRest<typeof rest, 'section'>)}
      ref={ref}
      className={cx('acp-auth-panel', className)}
    >
      <div id={titleId} className="acp-auth-panel__title" data-slot="auth-panel-title">
        {agentName ? format(messages.title_agent, { agent: agentName }) : messages.title}
      </div>
      {/* Plain text here: the loaded panel raises the alert, once. */}
      {auth.required && <p className="acp-auth-panel__banner">{messages.required}</p>}
      {authMethods.length > 0 && (
        <ul className="acp-auth-panel__methods" aria-label={messages.methods_label}>
          {authMethods.map((method) => (
            <li key={method.id} className="acp-auth-panel__method">
              <div className="acp-auth-panel__method-text">
                <span className="acp-auth-panel__method-name">{method.name}</span>
                {method.description && <span className="acp-auth-panel__method-description">{method.description}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      <OnDemandStatus state={state} />
    </section>
  );
});

export const AuthPanel = /* @__PURE__ */ onDemandComponent('AuthPanel', authPanelModule, (loaded) => loaded, AuthPanelFallback);
