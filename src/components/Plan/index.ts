export { Plan } from './Plan.js';
export type { PlanProps } from './Plan.js';
export { Plans } from './Plans.js';
export type { PlansProps } from './PlansLoaded.js';
export type { PlanStatus, PlanPriority } from './plan-entry.js';
export { planMessages } from './messages.js';
export type { PlanMessages } from './messages.js';
