import { useId, useMemo } from 'react';
import type { SessionConfigOption, SessionConfigSelectOptions } from '@agentclientprotocol/sdk';
import { ControlError } from './ControlError.js';
import { toSections } from './listbox-items.js';
import { ListboxSelect } from './ListboxSelect.js';
import type { ConfigOptionsMessages } from './messages.js';
import { useOptimisticValue } from './use-optimistic-value.js';

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
  const { value, pending, failure, set } = useOptimisticValue(option.currentValue, option, (v: string) =>
    onSet(option.id, v),
  );
  const errorId = useId();
  return (
    <div
      className="acp-config-control"
      data-slot="control"
      data-type="select"
      data-config-id={option.id}
      data-state={pending ? 'pending' : failure ? 'error' : 'idle'}
    >
      <ListboxSelect
        label={option.name}
        hint={option.description}
        value={value}
        sections={sections}
        onSelect={set}
        disabled={disabled}
        pending={pending}
        pendingText={messages.pending}
        describedBy={failure ? errorId : undefined}
      />
      {failure && <ControlError id={errorId} name={option.name} failure={failure} messages={messages} />}
    </div>
  );
}
