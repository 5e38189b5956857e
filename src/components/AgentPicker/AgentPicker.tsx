/**
 * The public `AgentPicker`: a page shows it before it connects, once, so its code is fetched when
 * it is first shown (its strings with it). Until then it shows the loading line.
 */
import { cx } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import { lazyModule } from '../shared/index.js';
import type { AgentPickerProps } from './AgentPickerLoaded.js';

export type { AgentPickerAgent, AgentPickerLaunch, AgentPickerProps } from './AgentPickerLoaded.js';

const agentPickerModule = /* @__PURE__ */ lazyModule(() => import('./AgentPickerLoaded.js').then((m) => m.AgentPickerLoaded));

export const AgentPicker = /* @__PURE__ */ onDemandComponent('AgentPicker', agentPickerModule, (loaded) => loaded, AgentPickerFallback);

function AgentPickerFallback({ className, state }: AgentPickerProps & { state: OnDemandState }) {
  return (
    <section className={cx('acp-agent-picker', className)} aria-busy={!state.error} data-slot="agent-picker-fallback">
      <OnDemandStatus state={state} />
    </section>
  );
}
