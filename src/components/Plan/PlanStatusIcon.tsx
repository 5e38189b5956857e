import type { PlanStatus } from './plan-entry.js';

/** Checklist marks: an empty ring, a ring with a dot, a filled ring with a tick. Decorative. */
export function PlanStatusIcon({ status }: { status: PlanStatus }) {
  return (
    <svg className="acp-plan__status-icon" data-slot="plan-status-icon" aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
      <circle cx="8" cy="8" r="6.25" fill={status === 'completed' ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" />
      {status === 'in_progress' && <circle cx="8" cy="8" r="2.75" fill="currentColor" />}
      {status === 'completed' && (
        <path d="M5.25 8.25l1.9 1.9 3.6-4" fill="none" stroke="var(--acp-bg-elevated)" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
      )}
    </svg>
  );
}
