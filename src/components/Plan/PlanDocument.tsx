import { useState } from 'react';
import type { PlanState } from '../../core/types.js';
import { Markdown } from '../Markdown/Markdown.js';
import { Chevron } from '../shared/Chevron.js';
import { useDisclosure } from '../shared/use-disclosure.js';
import type { PlanMessages } from './messages.js';

interface PlanDocumentProps {
  plan: Extract<PlanState, { type: 'markdown' }>;
  label: string;
  messages: PlanMessages;
  onOpenLocation?: (path: string) => void;
  allowRemoteImages?: boolean;
}

/**
 * A plan the agent wrote as a Markdown document: folds like the checklist; the file it is kept
 * in (an absolute path, when the agent said) stays in view under the header.
 */
export function PlanDocument({ plan, label, messages, onOpenLocation, allowRemoteImages }: PlanDocumentProps) {
  const [open, setOpen] = useState(true);
  const fold = useDisclosure(open, setOpen);
  const { path } = plan;
  return (
    <section className="acp-plan" data-slot="plan-document" data-state={fold.state} aria-label={label}>
      <div className="acp-plan__header" data-slot="plan-header">
        <button {...fold.triggerProps} className="acp-plan__trigger acp-focusable" data-slot="plan-trigger">
          <span className="acp-plan__title" data-slot="plan-title">
            {label}
          </span>
          <span className="acp-plan__summary" data-slot="plan-summary">
            {messages.document}
          </span>
          <Chevron />
        </button>
      </div>
      {path && (
        <p className="acp-plan__location" data-slot="plan-path">
          {`${messages.path_label}: `}
          {onOpenLocation ? (
            <button type="button" className="acp-plan__open acp-focusable" onClick={() => onOpenLocation(path)}>
              <code translate="no">{path}</code>
            </button>
          ) : (
            <code translate="no">{path}</code>
          )}
        </p>
      )}
      <div {...fold.panelProps} className="acp-plan__body" data-slot="plan-body">
        <Markdown text={plan.content} allowRemoteImages={allowRemoteImages} />
      </div>
    </section>
  );
}
