/**
 * The public `ModeSelector`: loaded with the other settings controls (`session-controls.ts`, see
 * `ConfigOptions.tsx`); until then the current mode shows as read-only text in its place.
 */
import { forwardRef } from 'react';
import { sessionControlsModule } from '../load-session-controls.js';
import { cx, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import { modeName, SettingText } from './ConfigOptions.js';
import { configOptionsMessages } from './messages.js';
import type { ModeSelectorProps } from './ModeSelectorLoaded.js';

const ModeSelectorFallback = /* @__PURE__ */ forwardRef<HTMLDivElement, ModeSelectorProps & { state: OnDemandState }>(function ModeSelectorFallback(
  { modes, className, state, onSetMode: _onSetMode, disabled: _disabled, ...rest },
  ref,
) {
  const messages = useMessages('configOptions', configOptionsMessages);
  if (!modes || modes.availableModes.length === 0) return null;
  return (
    <div aria-busy={!state.error} {...(rest satisfies ElementRest<typeof rest, 'div'>)} ref={ref} className={cx('acp-config-options', className)}>
      <SettingText label={messages.mode_label} value={modeName(modes)} />
      {state.error && <OnDemandStatus state={state} />}
    </div>
  );
});

export const ModeSelector = /* @__PURE__ */ onDemandComponent(
  'ModeSelector',
  sessionControlsModule,
  (loaded) => loaded.ModeSelectorLoaded,
  ModeSelectorFallback,
);
