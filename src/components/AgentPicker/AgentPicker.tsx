/**
 * The public `AgentPicker`: a page shows it before it connects, once, so its code is fetched when
 * it is first shown (its strings with it). Until then it shows the loading line.
 */
import { forwardRef } from 'react';
import { cx } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import { lazyModule } from '../shared/index.js';
import type { AgentPickerProps } from './AgentPickerLoaded.js';

export type { AgentPickerAgent, AgentPickerLaunch, AgentPickerProps } from './AgentPickerLoaded.js';

const agentPickerModule = /* @__PURE__ */ lazyModule(() => import('./AgentPickerLoaded.js').then((m) => m.AgentPickerLoaded));

const AgentPickerFallback = /* @__PURE__ */ forwardRef<HTMLElement, AgentPickerProps & { state: OnDemandState }>(function AgentPickerFallback(
  { className, state, agents: _agents, error: _error, onRetry: _onRetry, onPick: _onPick, onConnect: _onConnect, ...rest },
  ref,
) {
  return (
    <section
      aria-busy={!state.error}
      data-slot="agent-picker-fallback"
      {...(rest satisfies ElementRest<typeof rest, 'section'>)}
      ref={ref}
      className={cx('acp-agent-picker', className)}
    >
      <OnDemandStatus state={state} />
    </section>
  );
});

export const AgentPicker = /* @__PURE__ */ onDemandComponent('AgentPicker', agentPickerModule, (loaded) => loaded, AgentPickerFallback);
