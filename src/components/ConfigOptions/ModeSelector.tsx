import { useId, useMemo } from 'react';
import type { SessionModeState } from '@agentclientprotocol/sdk';
import { cx, useMessages } from '../shared/index.js';
import { ControlError } from './ControlError.js';
import type { ListboxSection } from './listbox-items.js';
import { ListboxSelect } from './ListboxSelect.js';
import { configOptionsMessages } from './messages.js';
import { useOptimisticValue } from './use-optimistic-value.js';

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
export function ModeSelector({ modes, onSetMode, disabled, className }: ModeSelectorProps) {
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
  const { value, pending, failure, set } = useOptimisticValue(modes?.currentModeId ?? '', modes, onSetMode);
  const errorId = useId();
  if (!modes || modes.availableModes.length === 0) return null;
  return (
    <div
      className={cx('acp-config-control', 'acp-mode-selector', className)}
      data-slot="control"
      data-type="mode"
      data-state={pending ? 'pending' : failure ? 'error' : 'idle'}
    >
      <ListboxSelect
        label={messages.mode_label}
        value={value}
        sections={sections}
        onSelect={set}
        disabled={disabled}
        pending={pending}
        pendingText={messages.pending}
        describedBy={failure ? errorId : undefined}
      />
      {failure && <ControlError id={errorId} name={messages.mode_label} failure={failure} messages={messages} />}
    </div>
  );
}
