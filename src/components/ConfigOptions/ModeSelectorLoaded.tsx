import { forwardRef, useMemo } from 'react';
import type { SessionModeState } from '@agentclientprotocol/sdk';
import { useMessages } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { useConfigControl } from './ConfigControl.js';
import { ConfigListbox } from './ConfigListbox.js';
import type { ListboxSection } from './listbox-items.js';
import { configOptionsMessages } from './messages.js';

/** @inline */
export interface ModeSelectorOwnProps {
  /** Legacy session modes (deprecated in ACP v2 in favour of a `mode` config option). */
  modes: SessionModeState | null;
  /** Return the request's promise to have a failed change reverted and reported. */
  onSetMode: (modeId: string) => void | Promise<unknown>;
  disabled?: boolean;
  className?: string;
}

/** The mode picker's own props and the rest of its root `<div>`'s. */
export type ModeSelectorProps = RootProps<ModeSelectorOwnProps>;

/**
 * Picks the session mode from `modes.availableModes`. Prefer `ConfigOptions`, which shows this
 * only when the agent has no `mode` config option (the spec says to use config options then).
 */
export const ModeSelectorLoaded = /* @__PURE__ */ forwardRef<HTMLDivElement, ModeSelectorProps>(function ModeSelectorLoaded(
  { modes, onSetMode, disabled, ...rest },
  ref,
) {
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
    <ConfigListbox {...rest} ref={ref} control={control} type="mode" label={messages.mode_label} sections={sections} disabled={disabled} messages={messages} />
  );
});
