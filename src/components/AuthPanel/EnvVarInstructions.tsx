import type { EnvVarSpec } from './auth-method-kind.js';
import type { AuthPanelMessages } from './messages.js';

interface EnvVarInstructionsProps {
  vars: EnvVarSpec[];
  link: string | null;
  messages: AuthPanelMessages;
}

/**
 * An `env_var` method (auth-methods RFD) needs values in the agent's environment, which only
 * whoever starts the agent process can set: list them, and where to get them.
 */
export function EnvVarInstructions({ vars, link, messages }: EnvVarInstructionsProps) {
  return (
    <>
      <p className="acp-auth-panel__instructions">{messages.env_intro}</p>
      <ul className="acp-auth-panel__vars" data-slot="auth-panel-env-vars">
        {vars.map((v) => (
          <li key={v.name} className="acp-auth-panel__var">
            <code className="acp-auth-panel__code">{v.name}</code>
            {v.label && <span className="acp-auth-panel__var-label">{v.label}</span>}
            {v.secret && <span className="acp-auth-panel__tag">{messages.env_secret}</span>}
            {v.optional && <span className="acp-auth-panel__tag">{messages.env_optional}</span>}
          </li>
        ))}
      </ul>
      {link && (
        <a className="acp-auth-panel__link" href={link} target="_blank" rel="noopener noreferrer">
          {messages.env_link}
        </a>
      )}
    </>
  );
}
