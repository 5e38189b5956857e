import { forwardRef, useMemo } from 'react';
import type { SessionConfigOption, SessionModeState } from '@agentclientprotocol/sdk';
import { cx, useMessages } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { groupConfigOptions, hasModeConfigOption, type ConfigGroupKey } from './categories.js';
import { ConfigSelect } from './ConfigSelect.js';
import { ConfigSwitch } from './ConfigSwitch.js';
import { configOptionsMessages, type ConfigOptionsMessages } from './messages.js';
import { ModeSelectorLoaded as ModeSelector } from './ModeSelectorLoaded.js';

/** @inline */
export interface ConfigOptionsOwnProps {
  configOptions: SessionConfigOption[] | null;
  /** Legacy modes; shown only when no config option has the `mode` category. */
  modes: SessionModeState | null;
  /**
   * Sets a config option (`session/set_config_option`). Return the request's promise: the choice
   * shows at once as pending, is reverted with an error message if the promise rejects, and the
   * props (the agent's complete answer) take over when it resolves.
   */
  onSetConfigOption: (configId: string, value: string | boolean) => void | Promise<unknown>;
  /** Sets the legacy mode (`session/set_mode`); same promise contract. */
  onSetMode: (modeId: string) => void | Promise<unknown>;
  /** Disables every control, for example while the session is loading. */
  disabled?: boolean;
  className?: string;
}

/** The settings' own props and the rest of their root `<div>`'s. */
export type ConfigOptionsProps = RootProps<ConfigOptionsOwnProps>;

const GROUP_LABEL: Record<ConfigGroupKey, keyof ConfigOptionsMessages> = {
  mode: 'group_mode',
  model: 'group_model',
  thought_level: 'group_thought_level',
  other: 'group_other',
};

/**
 * Session settings from `configOptions`: grouped by category, in the agent's order, with
 * `model_config` options next to the model. Options of unknown type are skipped. Live updates
 * (`config_option_update`, `current_mode_update`) simply arrive as new props.
 */
export const ConfigOptionsLoaded = /* @__PURE__ */ forwardRef<HTMLDivElement, ConfigOptionsProps>(function ConfigOptionsLoaded(
  { configOptions, modes, onSetConfigOption, onSetMode, disabled, className, ...rest },
  ref,
) {
  const messages = useMessages('configOptions', configOptionsMessages);
  const groups = useMemo(() => groupConfigOptions(configOptions ?? []), [configOptions]);
  const showModes = !hasModeConfigOption(configOptions) && Boolean(modes?.availableModes.length);
  if (groups.length === 0 && !showModes) return null;

  return (
    <div role="group" aria-label={messages.toolbar_label} data-slot="config-options" {...rest} ref={ref} className={cx('acp-config-options', className)}>
      {showModes && (
        <div className="acp-config-options__group" role="group" aria-label={messages.group_mode} data-category="mode">
          <ModeSelector modes={modes} onSetMode={onSetMode} disabled={disabled} />
        </div>
      )}
      {groups.map((group) => (
        <div key={group.key} className="acp-config-options__group" role="group" aria-label={messages[GROUP_LABEL[group.key]]} data-category={group.key}>
          {group.options.map((option) =>
            option.type === 'boolean' ? (
              <ConfigSwitch key={option.id} option={option} onSet={onSetConfigOption} disabled={disabled} messages={messages} />
            ) : (
              <ConfigSelect key={option.id} option={option} onSet={onSetConfigOption} disabled={disabled} messages={messages} />
            ),
          )}
        </div>
      ))}
    </div>
  );
});
