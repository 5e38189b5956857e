import { forwardRef, memo } from 'react';
import { MAIN_PLAN_ID } from '../../core/parse-update.js';
import type { PlanState } from '../../core/types.js';
import { cx, format, useMessages } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { planMessages } from './messages.js';
import { Plan } from './Plan.js';
import { PlanDocument } from './PlanDocument.js';
import { PlanFile } from './PlanFile.js';

/** @inline */
export interface PlansOwnProps {
  /** Every plan the session keeps (`SessionState.plans`); none renders nothing. */
  plans: Readonly<Record<string, PlanState>>;
  /** The user picked the file a plan document is kept in; without it the path is plain text. */
  onOpenLocation?: (path: string) => void;
  /** Load `http(s)` images in plan documents without asking first. Off by default (privacy). */
  allowRemoteImages?: boolean;
  className?: string;
}

/** The plans' own props and the rest of their root `<div>`'s. */
export type PlansProps = RootProps<PlansOwnProps>;

/** The main plan (a v1 agent's only one) first, then the others as they first arrived. */
function ordered(plans: Readonly<Record<string, PlanState>>): PlanState[] {
  const all = Object.values(plans);
  const main = all.findIndex((plan) => plan.planId === MAIN_PLAN_ID);
  if (main > 0) all.unshift(...all.splice(main, 1));
  return all;
}

/**
 * Every plan the agent keeps: a checklist (`<Plan>`), a Markdown plan document with the file it
 * is kept in, or a plan kept in a file (its URI shown, never fetched). Each is a region named
 * "Plan"; when there are several, those other than the main plan are named by their id.
 */
export const PlansLoaded = /* @__PURE__ */ memo(
  /* @__PURE__ */ forwardRef<HTMLDivElement, PlansProps>(function PlansLoaded({ plans, onOpenLocation, allowRemoteImages, className, ...rest }, ref) {
    const messages = useMessages('plan', planMessages);
    const list = ordered(plans);
    if (list.length === 0) return null;
    const several = list.length > 1;
    return (
      <div data-slot="plans" {...rest} ref={ref} className={cx('acp-plans', className)}>
        {list.map((plan) => {
          // The main plan (a v1 agent's only one) is "Plan" whatever else there is; the others are named by id.
          const label = several && plan.planId !== MAIN_PLAN_ID ? format(messages.title_with_id, { id: plan.planId }) : messages.title;
          if (plan.type === 'items') return <Plan key={plan.planId} entries={plan.entries} title={label} role="region" aria-label={label} />;
          if (plan.type === 'markdown')
            return (
              <PlanDocument
                key={plan.planId}
                plan={plan}
                label={label}
                messages={messages}
                onOpenLocation={onOpenLocation}
                allowRemoteImages={allowRemoteImages}
              />
            );
          return <PlanFile key={plan.planId} plan={plan} label={label} messages={messages} />;
        })}
      </div>
    );
  }),
);
PlansLoaded.displayName = 'PlansLoaded';
