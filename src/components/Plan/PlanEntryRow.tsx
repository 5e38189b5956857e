import { memo } from 'react';
import type { PlanEntry } from '../../core/types.js';
import type { PlanMessages } from './messages.js';
import { priorityOf, statusOf } from './plan-entry.js';
import { PlanStatusIcon } from './PlanStatusIcon.js';

interface PlanEntryRowProps {
  entry: PlanEntry;
  messages: PlanMessages;
}

function PlanEntryRowImpl({ entry, messages }: PlanEntryRowProps) {
  const status = statusOf(entry);
  const priority = priorityOf(entry);
  return (
    <li className="acp-plan__entry" data-slot="plan-entry" data-status={status} data-priority={priority}>
      <PlanStatusIcon status={status} />
      <span className="acp-plan__entry-text">
        <span className="acp-visually-hidden">{`${messages[`status_${status}`]}: `}</span>
        <span className="acp-plan__entry-content" data-slot="plan-entry-content">
          {entry.content}
        </span>
      </span>
      <span className="acp-plan__priority" data-slot="plan-priority" data-priority={priority}>
        {messages[`priority_${priority}`]}
        <span className="acp-visually-hidden">{messages.priority_suffix}</span>
      </span>
    </li>
  );
}

/**
 * Every plan update is a brand-new array of new objects, so rows compare by value: only the
 * entries whose text, status or priority changed render again.
 */
export const PlanEntryRow = /* @__PURE__ */ memo(
  PlanEntryRowImpl,
  (prev, next) =>
    prev.messages === next.messages &&
    prev.entry.content === next.entry.content &&
    prev.entry.status === next.entry.status &&
    prev.entry.priority === next.entry.priority,
);
