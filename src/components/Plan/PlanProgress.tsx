import type { CSSProperties } from 'react';

interface PlanProgressProps {
  completed: number;
  total: number;
  label: string;
  valueText: string;
}

/** A thin bar exposed as a progressbar; the value text says "2 of 5 completed", not a percentage. */
export function PlanProgress({ completed, total, label, valueText }: PlanProgressProps) {
  const fraction = total > 0 ? completed / total : 0;
  return (
    <div
      className="acp-plan__progress"
      data-slot="plan-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={completed}
      aria-valuetext={valueText}
    >
      <div className="acp-plan__progress-fill" style={{ '--acp-plan-progress': fraction } as CSSProperties} />
    </div>
  );
}
