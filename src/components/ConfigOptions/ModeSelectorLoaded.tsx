import { useMemo } from 'react';
import type { SessionModeState } from '@agentclientprotocol/sdk';
import { useMessages } from '../shared/index.js';
import { ConfigControl, useConfigControl } from './ConfigControl.js';
import type { ListboxSection } from './listbox-items.js';
import { ListboxSelect } from './ListboxSelect.js';
import { configOptionsMessages } from './messages.js';

export interface ModeSelectorProps {
  /** Legacy session modes (deprecated in ACP v2 in favour of a `mode` config option). */
  modes: SessionModeState | null;
  /** Return the request's promise to have a failed change reverted and reported. */
  onSetMode: (modeId: string) => void | Promise<unknown>;
  disabled?: boolean;
  className?: string;
}

/**
 * Picks the session mode from `modes.availableModes`. Prefer `ConfigOptions`, which shows this
 * only when the agent has no `mode` config option (the spec says to use config options then).
 */
export function ModeSelectorLoaded({ modes, onSetMode, disabled, className }: ModeSelectorProps) {
  const messages = useMessages('configOptions', configOptionsMessages);
  const sections = useMemo<ListboxSection[]>(
    () => [
      {
        key: 'modes',
        label: null,
        items: (modes?.availableModes ?? []).map((m) => ({ value: m.id, name: m.name, description: m.description })),
      },
    ],
    [modes],
  );
  const control = useConfigControl(modes?.currentModeId ?? '', modes, onSetMode);
  if (!modes || modes.availableModes.length === 0) return null;
  return (
    <ConfigControl control={control} type="mode" name={messages.mode_label} className={className} messages={messages}>
      <ListboxSelect
        label={messages.mode_label}
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
