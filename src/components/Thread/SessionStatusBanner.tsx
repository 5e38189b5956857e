import type { SessionStatus } from '../../core/types.js';
import { format } from '../shared/index.js';
import type { ThreadMessages } from './messages.js';

interface SessionStatusBannerProps {
  status: SessionStatus;
  reason: string | null;
  messages: ThreadMessages;
}

/** The session is not usable right now: loading, restoring after a reconnect, lost or closed. */
export function SessionStatusBanner({ status, reason, messages }: SessionStatusBannerProps) {
  if (status === 'active') return null;
  const lost = status === 'lost';
  const text = lost
    ? reason
      ? format(messages.status_lost, { reason })
      : messages.status_lost_unknown
    : status === 'loading'
      ? messages.status_loading
      : status === 'restoring'
        ? messages.status_restoring
        : messages.status_closed;
  const busy = status === 'loading' || status === 'restoring';
  return (
    <div className="acp-thread__session-status" data-slot="session-status" data-status={status} role={lost ? 'alert' : 'status'}>
      {busy && <span className="acp-thread__spinner" aria-hidden="true" />}
      <span>{text}</span>
    </div>
  );
}
