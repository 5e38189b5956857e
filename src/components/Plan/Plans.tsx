/**
 * The public `Plans`: plan documents bring the Markdown renderer, so the plans' view comes with
 * the rest of the conversation (`conversation.ts`); a thread already has it. Until it arrives
 * the frame says it is loading, and with no plan it renders nothing and fetches nothing.
 */
import { forwardRef } from 'react';
import { conversationModule } from '../load-conversation.js';
import { cx } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import { hasPlans } from './has-plans.js';
import type { PlansProps } from './PlansLoaded.js';

const PlansFallback = /* @__PURE__ */ forwardRef<HTMLDivElement, PlansProps & { state: OnDemandState }>(function PlansFallback(
  { plans, state, className, onOpenLocation: _onOpenLocation, allowRemoteImages: _allowRemoteImages, ...rest },
  ref,
) {
  if (!hasPlans(plans)) return null;
  return (
    <div data-slot="plans" aria-busy={!state.error} {...(rest satisfies ElementRest<typeof rest, 'div'>)} ref={ref} className={cx('acp-plans', className)}>
      <OnDemandStatus state={state} />
    </div>
  );
});

export const Plans = /* @__PURE__ */ onDemandComponent(
  'Plans',
  conversationModule,
  (loaded) => loaded.PlansLoaded,
  PlansFallback,
  (props) => hasPlans(props.plans),
);
