/**
 * A setting picked from a listbox, in the settings-control frame: a `select` config option and the
 * legacy mode picker are this one piece, each with its own items, name and value.
 */
import { forwardRef } from 'react';
import type { RootProps } from '../shared/root-props.js';
import { ConfigControl, type ConfigControlState } from './ConfigControl.js';
import type { ListboxSection } from './listbox-items.js';
import { ListboxSelect } from './ListboxSelect.js';
import type { ConfigOptionsMessages } from './messages.js';

type ConfigListboxProps = RootProps<{
  control: ConfigControlState<string>;
  type: 'select' | 'mode';
  /** The setting's name: the listbox's label, and the failure text's subject. */
  label: string;
  /** The setting's description, a tooltip on the trigger. */
  hint?: string | null;
  configId?: string;
  sections: ListboxSection[];
  disabled: boolean | undefined;
  messages: ConfigOptionsMessages;
}>;

export const ConfigListbox = /* @__PURE__ */ forwardRef<HTMLDivElement, ConfigListboxProps>(function ConfigListbox(
  { control, label, hint, sections, disabled, messages, ...frame },
  ref,
) {
  return (
    <ConfigControl {...frame} ref={ref} control={control} name={label} messages={messages}>
      <ListboxSelect
        label={label}
        hint={hint}
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
});
