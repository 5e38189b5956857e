import { useId } from 'react';
import type { SessionConfigOption } from '@agentclientprotocol/sdk';
import { ControlError } from './ControlError.js';
import type { ConfigOptionsMessages } from './messages.js';
import { useOptimisticValue } from './use-optimistic-value.js';

type BooleanOption = Extract<SessionConfigOption, { type: 'boolean' }>;

interface ConfigSwitchProps {
  option: BooleanOption;
  onSet: (configId: string, value: boolean) => unknown;
  disabled: boolean | undefined;
  messages: ConfigOptionsMessages;
}

/** A `boolean` config option as a switch; the call carries a real boolean, not "true". */
export function ConfigSwitch({ option, onSet, disabled, messages }: ConfigSwitchProps) {
  const { value, pending, failure, set } = useOptimisticValue(option.currentValue, option, (v: boolean) =>
    onSet(option.id, v),
  );
  const errorId = useId();
  const pendingId = useId();
  return (
    <div
      className="acp-config-control"
      data-slot="control"
      data-type="boolean"
      data-config-id={option.id}
      data-state={pending ? 'pending' : failure ? 'error' : 'idle'}
    >
      <button
        type="button"
        role="switch"
        aria-checked={value}
        className="acp-config-switch acp-focusable"
        data-slot="switch"
        data-state={value ? 'on' : 'off'}
        aria-describedby={[pending ? pendingId : '', failure ? errorId : ''].filter(Boolean).join(' ') || undefined}
        title={option.description ?? undefined}
        disabled={disabled}
        onClick={() => set(!value)}
      >
        <span className="acp-config-switch__track" aria-hidden="true">
          <span className="acp-config-switch__thumb" />
        </span>
        <span className="acp-config-switch__label">{option.name}</span>
      </button>
      {/* Outside the button so the switch keeps its name; referenced as its description. */}
      {pending && (
        <span id={pendingId} className="acp-visually-hidden">
          {messages.pending}
        </span>
      )}
      {failure && <ControlError id={errorId} name={option.name} failure={failure} messages={messages} />}
    </div>
  );
}
