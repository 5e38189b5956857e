import { useMemo } from 'react';
import type { SessionConfigOption, SessionConfigSelectOptions } from '@agentclientprotocol/sdk';
import { ConfigControl, useConfigControl } from './ConfigControl.js';
import { toSections } from './listbox-items.js';
import { ListboxSelect } from './ListboxSelect.js';
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
    <ConfigControl control={control} type="select" name={option.name} configId={option.id} messages={messages}>
      <ListboxSelect
        label={option.name}
        hint={option.description}
        value={control.value}
        sections={sections}
        onSelect={control.set}
        disabled={disabled}
        pending={control.pending}
        pendingText={messages.pending}
        describedBy={control.errorId}
      />
    </ConfigControl>
  );
}
