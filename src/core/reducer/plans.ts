/**
 * Plans by id. `plan_update` replaces the plan with its id whole (or adds it), `plan_removed`
 * drops it; a v1 `plan` is the plan `main`. `session.plan` stays what a v1 host reads: the
 * entries of `main` while it is an items plan, else null.
 */
import { MAIN_PLAN_ID } from '../parse-update.js';
import type { PlanState, SessionState } from '../types.js';

export function applyPlan(session: SessionState, plan: PlanState): SessionState {
  // A computed key defines an own property, so a plan id such as "__proto__" is just a key.
  return withPlans(session, { ...session.plans, [plan.planId]: plan });
}

export function removePlan(session: SessionState, planId: string): SessionState {
  if (!Object.hasOwn(session.plans, planId)) return session;
  const { [planId]: _removed, ...plans } = session.plans;
  return withPlans(session, plans);
}

function withPlans(session: SessionState, plans: SessionState['plans']): SessionState {
  const main = Object.hasOwn(plans, MAIN_PLAN_ID) ? plans[MAIN_PLAN_ID] : undefined;
  return { ...session, plans, plan: main?.type === 'items' ? main.entries : null };
}
