import { useId } from 'react';
import type { NoticeItem } from '../../core/types.js';
import type { ThreadMessages } from './messages.js';

type Severity = 'info' | 'warning' | 'error';

/** ACP leaves severity open: anything unknown reads as info. */
export function severityOf(value: string): Severity {
  return value === 'warning' || value === 'error' ? value : 'info';
}

interface NoticeBannerProps {
  item: NoticeItem;
  /** In the latest turn: errors interrupt (`alert`), others wait (`status`). History gets no role. */
  live: boolean;
  onDismiss: (itemId: string) => void;
  messages: ThreadMessages;
}

/** An agent notice as a banner the user can dismiss (locally; nothing is sent to the agent). */
export function NoticeBanner({ item, live, onDismiss, messages }: NoticeBannerProps) {
  const severity = severityOf(item.severity);
  const titleId = useId();
  return (
    <div className="acp-thread-notice" data-slot="thread-notice" data-severity={severity} role={live ? (severity === 'error' ? 'alert' : 'status') : undefined}>
      <NoticeIcon severity={severity} />
      <div className="acp-thread-notice__text">
        <p id={titleId} className="acp-thread-notice__title" data-slot="thread-notice-title">
          <span className="acp-visually-hidden">{messages[`notice_${severity}`]}</span>
          {item.code === 'replay_refused' ? messages.notice_replay_refused : item.title}
        </p>
        {item.description ? (
          <p className="acp-thread-notice__description" data-slot="thread-notice-description">
            {item.description}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="acp-button acp-thread-notice__dismiss"
        data-variant="ghost"
        data-slot="thread-notice-dismiss"
        aria-describedby={titleId}
        onClick={() => onDismiss(item.id)}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <span className="acp-visually-hidden">{messages.notice_dismiss}</span>
      </button>
    </div>
  );
}

function NoticeIcon({ severity }: { severity: Severity }) {
  return (
    <svg className="acp-thread-notice__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {severity === 'info' ? (
        <>
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
          <path d="M8 7v4.2M8 4.6v.1" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </>
      ) : severity === 'warning' ? (
        <>
          <path d="M8 1.8 15 14H1L8 1.8Z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
          <path d="M8 6.2v3.6M8 11.8v.1" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </>
      ) : (
        <>
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
          <path d="M5.6 5.6l4.8 4.8M10.4 5.6l-4.8 4.8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
