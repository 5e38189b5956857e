import type { ReactNode } from 'react';
import type { ToolCallDisplayStatus } from '../../core/types.js';
import type { ToolCallMessages } from './messages.js';

const ICONS: Record<ToolCallDisplayStatus, ReactNode> = {
  pending: (
    <>
      <circle cx="8" cy="8" r="5.75" />
      <path d="M8 4.75V8l2.25 1.5" />
    </>
  ),
  in_progress: <path d="M8 2.25A5.75 5.75 0 1 1 2.25 8" />,
  completed: <path d="M3.5 8.5l3 3 6-7" />,
  failed: <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" />,
  cancelled: (
    <>
      <circle cx="8" cy="8" r="5.75" />
      <path d="M3.95 12.05l8.1-8.1" />
    </>
  ),
};

const LABELS: Record<ToolCallDisplayStatus, keyof ToolCallMessages> = {
  pending: 'status_pending',
  in_progress: 'status_in_progress',
  completed: 'status_completed',
  failed: 'status_failed',
  cancelled: 'status_cancelled',
};

/** The status as icon plus text (never colour alone), with the status in `data-state` for styling. */
export function ToolCallStatusBadge({ status, messages }: { status: ToolCallDisplayStatus; messages: ToolCallMessages }) {
  return (
    <span className="acp-tool-call__status" data-slot="tool-call-status" data-status={status}>
      <svg
        className="acp-tool-call__status-icon"
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 16 16"
        width="12"
        height="12"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {ICONS[status]}
      </svg>
      {messages[LABELS[status]]}
    </span>
  );
}
