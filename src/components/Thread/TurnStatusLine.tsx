import type { ReactNode } from 'react';
import type { TurnRecord } from '../../core/types.js';
import { format } from '../shared/index.js';
import type { ThreadMessages } from './messages.js';

interface TurnStatusLineProps {
  turn: TurnRecord;
  /** The newest turn: only its failure is an `alert`, so history re-mounted never re-announces. */
  latest: boolean;
  messages: ThreadMessages;
}

/** How a turn is going or how it ended; nothing for a turn that simply finished (`end_turn`). */
export function TurnStatusLine({ turn, latest, messages }: TurnStatusLineProps) {
  switch (turn.status) {
    case 'running':
      return <Line tone="progress" icon={<span className="acp-thread__spinner" aria-hidden="true" />} text={messages.turn_running} />;
    case 'cancelling':
      return <Line tone="progress" icon={<span className="acp-thread__spinner" aria-hidden="true" />} text={messages.turn_cancelling} />;
    case 'failed':
    case 'interrupted': {
      const text = turn.status === 'interrupted' ? messages.turn_interrupted : format(messages.turn_failed, { message: turn.error?.message ?? '' });
      return (
        <p className="acp-thread__turn-status" data-slot="thread-turn-status" data-tone="error" role={latest ? 'alert' : undefined}>
          <ErrorIcon />
          <span>
            <span className="acp-visually-hidden">{messages.error_prefix}</span>
            {text}
          </span>
        </p>
      );
    }
    case 'ended':
      switch (turn.stopReason) {
        case 'max_tokens':
          return <Line tone="warning" text={messages.stop_max_tokens} />;
        case 'max_turn_requests':
          return <Line tone="warning" text={messages.stop_max_turn_requests} />;
        case 'refusal':
          return <Line tone="refusal" text={messages.stop_refusal} />;
        case 'cancelled':
          return <Line tone="neutral" text={messages.stop_cancelled} />;
        default:
          return null;
      }
    default:
      return null;
  }
}

function Line({ tone, icon, text }: { tone: string; icon?: ReactNode; text: string }) {
  return (
    <p className="acp-thread__turn-status" data-slot="thread-turn-status" data-tone={tone}>
      {icon}
      <span>{text}</span>
    </p>
  );
}

function ErrorIcon() {
  return (
    <svg className="acp-thread__status-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M8 4.6v4.4M8 11.2v.1" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
