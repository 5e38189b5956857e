import type { PlanState } from '../../core/types.js';
import type { PlanMessages } from './messages.js';

interface PlanFileProps {
  plan: Extract<PlanState, { type: 'file' }>;
  label: string;
  messages: PlanMessages;
}

/**
 * A plan the agent keeps in a file: its URI, as text. Never fetched or linked: the URI is the
 * agent's (often `file://` on its machine), and opening it is the host's decision.
 */
export function PlanFile({ plan, label, messages }: PlanFileProps) {
  return (
    <section className="acp-plan" data-slot="plan-file" aria-label={label}>
      <div className="acp-plan__header acp-plan__trigger" data-slot="plan-header">
        <span className="acp-plan__title" data-slot="plan-title">
          {label}
        </span>
        <span className="acp-plan__summary" data-slot="plan-summary">
          {messages.file}
        </span>
      </div>
      <p className="acp-plan__location" data-slot="plan-uri">
        {`${messages.uri_label}: `}
        <code translate="no">{plan.uri}</code>
      </p>
    </section>
  );
}
