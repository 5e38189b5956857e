import { useMemo } from 'react';
import type { SessionConfigOption, SessionConfigSelectOptions } from '@agentclientprotocol/sdk';
import { useConfigControl } from './ConfigControl.js';
import { ConfigListbox } from './ConfigListbox.js';
import { toSections } from './listbox-items.js';
import type { ConfigOptionsMessages } from './messages.js';

type SelectOption = Extract<SessionConfigOption, { type: 'select' }>;

interface ConfigSelectProps {
  option: SelectOption;
  onSet: (configId: string, value: string) => unknown;
  disabled: boolean | undefined;
  messages: ConfigOptionsMessages;
}

/** A `select` config option: a listbox with each value's name and description. */
export function ConfigSelect({ option, onSet, disabled, messages }: ConfigSelectProps) {
  const sections = useMemo(() => toSections(option.options as SessionConfigSelectOptions), [option.options]);
  const control = useConfigControl(option.currentValue, option, (v: string) => onSet(option.id, v));
  return (
    <ConfigListbox
      control={control}
      type="select"
      label={option.name}
      hint={option.description}
      configId={option.id}
      sections={sections}
      disabled={disabled}
      messages={messages}
    />
  );
}
