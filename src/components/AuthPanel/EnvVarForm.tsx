import { useId, type FormEvent } from 'react';
import { format } from '../shared/index.js';
import type { EnvVarSpec } from './auth-method-kind.js';
import type { AuthPanelMessages } from './messages.js';

interface EnvVarFormProps {
  methodId: string;
  methodName: string;
  vars: EnvVarSpec[];
  link: string | null;
  /** This method is being signed in with. */
  pending: boolean;
  /** Some method is being signed in with: no second attempt meanwhile. */
  busy: boolean;
  onSubmit: (methodId: string, values: Record<string, string>) => void;
  messages: AuthPanelMessages;
}

/**
 * An `env_var` method when the host can start the agent with the values (acp-react-bridge): one
 * input per variable, a password input for secrets. The inputs are uncontrolled and the form is
 * reset on submit, so a secret is never held in React state, and `autoComplete="off"` keeps it
 * out of the browser's form history.
 */
export function EnvVarForm({ methodId, methodName, vars, link, pending, busy, onSubmit, messages }: EnvVarFormProps) {
  const baseId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values: Record<string, string> = {};
    for (const v of vars) {
      const value = data.get(v.name);
      if (typeof value === 'string' && value !== '') values[v.name] = value;
    }
    form.reset();
    onSubmit(methodId, values);
  };
  return (
    <form
      className="acp-auth-panel__env-form"
      data-slot="auth-panel-env-form"
      onSubmit={submit}
      aria-label={format(messages.env_form_label, { method: methodName })}
    >
      {vars.map((v, index) => {
        const inputId = `${baseId}-${index}`;
        return (
          <div key={v.name} className="acp-auth-panel__field">
            <label htmlFor={inputId} className="acp-auth-panel__field-label">
              {v.label ?? v.name}
              {v.optional && <span className="acp-auth-panel__tag">{messages.env_optional}</span>}
            </label>
            {v.label && <code className="acp-auth-panel__code acp-auth-panel__field-name">{v.name}</code>}
            <input
              id={inputId}
              className="acp-auth-panel__input"
              name={v.name}
              type={v.secret ? 'password' : 'text'}
              autoComplete="off"
              spellCheck={false}
              required={!v.optional}
              disabled={busy}
            />
          </div>
        );
      })}
      <div className="acp-auth-panel__form-actions">
        {link && (
          <a className="acp-auth-panel__link" href={link} target="_blank" rel="noopener noreferrer">
            {messages.env_link}
          </a>
        )}
        <button
          type="submit"
          className="acp-button acp-auth-panel__sign-in"
          data-variant="primary"
          aria-label={format(pending ? messages.signing_in_with : messages.sign_in_with, { method: methodName })}
          aria-busy={pending || undefined}
          disabled={busy}
        >
          {pending && <span className="acp-auth-panel__spinner" aria-hidden="true" />}
          {pending ? messages.signing_in : messages.sign_in}
        </button>
      </div>
      <p className="acp-auth-panel__instructions">{messages.env_restart_note}</p>
    </form>
  );
}
