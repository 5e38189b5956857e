/**
 * The public `ConfigOptions` (and, in `ModeSelector.tsx`, `ModeSelector`): the listbox popups, switches and optimistic
 * updates are fetched the first time settings are shown, with the usage meter
 * (`session-controls.ts`). Until then the current settings are shown as read-only text in the
 * same places, so the toolbar neither jumps nor hides what is selected.
 */
import { forwardRef } from 'react';
import type { SessionConfigOption, SessionConfigSelectOptions, SessionModeState } from '@agentclientprotocol/sdk';
import { sessionControlsModule } from '../load-session-controls.js';
import { cx, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import { groupConfigOptions, hasModeConfigOption } from './categories.js';
import type { ConfigOptionsProps } from './ConfigOptionsLoaded.js';
import { toSections } from './listbox-items.js';
import { configOptionsMessages } from './messages.js';

const ConfigOptionsFallback = /* @__PURE__ */ forwardRef<HTMLDivElement, ConfigOptionsProps & { state: OnDemandState }>(function ConfigOptionsFallback(
  { configOptions, modes, className, state, onSetConfigOption: _onSetConfigOption, onSetMode: _onSetMode, disabled: _disabled, ...rest },
  ref,
) {
  const messages = useMessages('configOptions', configOptionsMessages);
  const options = groupConfigOptions(configOptions ?? []).flatMap((group) => group.options);
  const showModes = !hasModeConfigOption(configOptions) && Boolean(modes?.availableModes.length);
  if (options.length === 0 && !showModes) return null;
  return (
    <div
      role="group"
      aria-label={messages.toolbar_label}
      aria-busy={!state.error}
      {...(rest satisfies ElementRest<typeof rest, 'div'>)}
      ref={ref}
      className={cx('acp-config-options', className)}
    >
      {showModes && modes && <SettingText label={messages.mode_label} value={modeName(modes)} />}
      {options.map((option) => (
        <SettingText key={option.id} label={option.name} value={optionValueName(option, messages)} />
      ))}
      {/* Loading is quick and the values are already shown: only a failure needs saying. */}
      {state.error && <OnDemandStatus state={state} />}
    </div>
  );
});

export const ConfigOptions = /* @__PURE__ */ onDemandComponent(
  'ConfigOptions',
  sessionControlsModule,
  (loaded) => loaded.ConfigOptionsLoaded,
  ConfigOptionsFallback,
);

/** A setting as read-only text, laid out like the listbox trigger that replaces it. */
export function SettingText({ label, value }: { label: string; value: string }) {
  return (
    <div className="acp-config-control" data-slot="config-control" data-state="loading">
      <div className="acp-listbox-select">
        <span className="acp-listbox-select__label">{label}</span>
        <span className="acp-listbox-select__trigger">
          <span className="acp-listbox-select__value">{value}</span>
        </span>
      </div>
    </div>
  );
}

export function modeName(modes: SessionModeState): string {
  return modes.availableModes.find((m) => m.id === modes.currentModeId)?.name ?? modes.currentModeId;
}

function optionValueName(option: SessionConfigOption, messages: typeof configOptionsMessages): string {
  if (option.type === 'boolean') return option.currentValue ? messages.on : messages.off;
  if (option.type !== 'select') return '';
  const items = toSections(option.options as SessionConfigSelectOptions).flatMap((section) => section.items);
  return items.find((item) => item.value === option.currentValue)?.name ?? option.currentValue;
}
