import { forwardRef } from 'react';
import type { SessionInfo } from '@agentclientprotocol/sdk';
import { cx, format, useMessages } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { sessionListMessages, type SessionListMessages } from './messages.js';
import { SessionItem, type OpenHow } from './SessionItem.js';
import { useNow } from './use-now.js';
import { onRowNavigationKeyDown } from './use-row-navigation.js';

/** What the agent supports (`loadSession`, `sessionCapabilities.resume/close/delete`). */
export interface SessionListCapabilities {
  load: boolean;
  resume: boolean;
  close: boolean;
  delete: boolean;
}

/** @inline */
export interface SessionListOwnProps {
  /** Every page loaded so far, in the agent's order. */
  sessions: SessionInfo[];
  activeSessionId?: string | null;
  /** Sessions open in this client, which Close can release; defaults to the active one. */
  openSessionIds?: readonly string[];
  capabilities: SessionListCapabilities;
  /** The first page is loading. */
  loading?: boolean;
  /** The agent returned a `nextCursor`. */
  hasMore?: boolean;
  loadingMore?: boolean;
  /** Why listing failed (an `Error`, an `AcpErrorInfo` or a message). */
  error?: { message: string } | string | null;
  onLoadMore?: () => void;
  onRetry?: () => void;
  /** Opens with `session/load` (replays history) when the agent can, otherwise `session/resume`. */
  onOpen?: (sessionId: string, how: OpenHow) => void;
  onClose?: (sessionId: string) => void;
  /** Called after the inline confirmation. */
  onDelete?: (sessionId: string) => void;
  /** Epoch ms to measure "3 hours ago" from; by default the clock, refreshed every minute. */
  now?: number;
  className?: string;
}

/** The session history's own props and the rest of its root `<div>`'s. */
export type SessionListProps = RootProps<SessionListOwnProps>;

/**
 * The agent's session history (`session/list`), presentational: the hook layer supplies pages
 * and callbacks. Actions appear only when the agent has the capability and a callback is given.
 */
export const SessionListLoaded = /* @__PURE__ */ forwardRef<HTMLDivElement, SessionListProps>(function SessionListLoaded(
  {
    sessions,
    activeSessionId = null,
    openSessionIds,
    capabilities,
    loading,
    hasMore,
    loadingMore,
    error,
    onLoadMore,
    onRetry,
    onOpen,
    onClose,
    onDelete,
    now: nowProp,
    className,
    ...rest
  },
  ref,
) {
  const messages = useMessages('sessionList', sessionListMessages);
  const now = useNow(nowProp);
  const openHow: OpenHow | null = capabilities.load ? 'load' : capabilities.resume ? 'resume' : null;
  const closable = new Set(openSessionIds ?? (activeSessionId ? [activeSessionId] : []));
  const errorText = error ? errorMessage(error, messages) : null;
  const empty = sessions.length === 0;

  return (
    <div
      data-slot="session-list"
      data-state={loading ? 'loading' : errorText ? 'error' : empty ? 'empty' : 'ready'}
      {...rest}
      ref={ref}
      className={cx('acp-session-list', className)}
    >
      {empty && loading && (
        <p className="acp-session-list__notice" role="status">
          {messages.loading}
        </p>
      )}
      {empty && !loading && !errorText && <p className="acp-session-list__notice">{messages.empty}</p>}
      {!empty && (
        <ul className="acp-session-list__items" aria-label={messages.list_label} onKeyDown={onRowNavigationKeyDown}>
          {sessions.map((session) => (
            <SessionItem
              key={session.sessionId}
              session={session}
              active={session.sessionId === activeSessionId}
              openHow={openHow}
              offerResume={openHow === 'load' && capabilities.resume}
              canClose={capabilities.close && closable.has(session.sessionId)}
              canDelete={capabilities.delete}
              now={now}
              onOpen={onOpen}
              onClose={onClose}
              onDelete={onDelete}
              messages={messages}
            />
          ))}
        </ul>
      )}
      {errorText && (
        <div className="acp-session-list__error" role="alert">
          <span>{errorText}</span>
          {onRetry && (
            <button type="button" className="acp-button" onClick={onRetry}>
              {messages.retry}
            </button>
          )}
        </div>
      )}
      {hasMore && onLoadMore && !empty && (
        // aria-disabled rather than disabled: the button keeps focus while the next page loads.
        <button
          type="button"
          className="acp-button acp-session-list__more"
          aria-disabled={loadingMore || undefined}
          onClick={() => {
            if (!loadingMore) onLoadMore();
          }}
        >
          {loadingMore ? messages.loading_more : messages.load_more}
        </button>
      )}
    </div>
  );
});

function errorMessage(error: { message: string } | string, messages: SessionListMessages): string {
  const message = typeof error === 'string' ? error : error.message;
  return message ? format(messages.error, { message }) : messages.error_unknown;
}
