import type { PlanEntry } from '../../core/types.js';

export type PlanStatus = PlanEntry['status'];
export type PlanPriority = PlanEntry['priority'];

const STATUSES: ReadonlySet<string> = new Set<PlanStatus>(['pending', 'in_progress', 'completed']);
const PRIORITIES: ReadonlySet<string> = new Set<PlanPriority>(['high', 'medium', 'low']);

/** Agents send enums leniently; unknown values fall back instead of breaking the row. */
export const statusOf = (entry: PlanEntry): PlanStatus => (STATUSES.has(entry.status) ? entry.status : 'pending');
export const priorityOf = (entry: PlanEntry): PlanPriority => (PRIORITIES.has(entry.priority) ? entry.priority : 'medium');

export function countCompleted(entries: ReadonlyArray<PlanEntry>): number {
  let done = 0;
  for (const entry of entries) if (statusOf(entry) === 'completed') done++;
  return done;
}
