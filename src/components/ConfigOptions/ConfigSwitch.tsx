import { useId } from 'react';
import type { SessionConfigOption } from '@agentclientprotocol/sdk';
import { ConfigControl, useConfigControl } from './ConfigControl.js';
import type { ConfigOptionsMessages } from './messages.js';

type BooleanOption = Extract<SessionConfigOption, { type: 'boolean' }>;

interface ConfigSwitchProps {
  option: BooleanOption;
  onSet: (configId: string, value: boolean) => unknown;
  disabled: boolean | undefined;
  messages: ConfigOptionsMessages;
}

/** A `boolean` config option as a switch; the call carries a real boolean, not "true". */
export function ConfigSwitch({ option, onSet, disabled, messages }: ConfigSwitchProps) {
  const control = useConfigControl(option.currentValue, option, (v: boolean) => onSet(option.id, v));
  const { value, pending, set } = control;
  const pendingId = useId();
  return (
    <ConfigControl control={control} type="boolean" name={option.name} configId={option.id} messages={messages}>
      <button
        type="button"
        role="switch"
        aria-checked={value}
        className="acp-config-switch acp-focusable"
        data-slot="config-switch"
        data-state={value ? 'on' : 'off'}
        aria-describedby={[pending ? pendingId : '', control.errorId ?? ''].filter(Boolean).join(' ') || undefined}
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
    </ConfigControl>
  );
}
