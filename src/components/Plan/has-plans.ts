import type { PlanState } from '../../core/types.js';

/** Whether a session keeps any plan (a checklist, a document or a file: `session.plans`). */
export const hasPlans = (plans: Readonly<Record<string, PlanState>>): boolean => Object.keys(plans).length > 0;
