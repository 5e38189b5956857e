/**
 * The public `SessionList`: the rows with their actions, delete confirmation and keyboard
 * navigation are fetched the first time the history is shown. Until then the sessions already
 * listed are shown by name, without actions. (AgentPanel's history brings the list in its own
 * on-demand chunk, with the query behind it: see `src/panels/AgentPanel/SessionHistory.tsx`.)
 */
import { forwardRef } from 'react';
import { cx, lazyModule, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import { sessionListMessages } from './messages.js';
import type { SessionListProps } from './SessionListLoaded.js';

export const sessionListModule = /* @__PURE__ */ lazyModule(() => import('./SessionListLoaded.js').then((m) => m.SessionListLoaded));

/** The sessions listed so far, by name, with the loading line (or the failure and Retry). */
export const SessionListFallback = /* @__PURE__ */ forwardRef<
  HTMLDivElement,
  // AgentPanel's history shows it before it has sessions or capabilities: the rest is optional here.
  Partial<SessionListProps> & Pick<SessionListProps, 'sessions'> & { state: OnDemandState }
>(function SessionListFallback(
  {
    sessions,
    activeSessionId,
    className,
    state,
    openSessionIds: _openSessionIds,
    capabilities: _capabilities,
    loading: _loading,
    hasMore: _hasMore,
    loadingMore: _loadingMore,
    error: _error,
    onLoadMore: _onLoadMore,
    onRetry: _onRetry,
    onOpen: _onOpen,
    onClose: _onClose,
    onDelete: _onDelete,
    now: _now,
    ...rest
  },
  ref,
) {
  const messages = useMessages('sessionList', sessionListMessages);
  return (
    <div
      data-slot="session-list-fallback"
      aria-busy={!state.error}
      {...(rest satisfies ElementRest<typeof rest, 'div'>)}
      ref={ref}
      className={cx('acp-session-list', className)}
    >
      <OnDemandStatus state={state} loading={messages.loading} />
      {sessions.length > 0 && (
        <ul className="acp-session-list__items" aria-label={messages.list_label}>
          {sessions.map((session) => (
            <li key={session.sessionId} className="acp-session-list__item" data-state={session.sessionId === activeSessionId ? 'active' : 'idle'}>
              <div className="acp-session-list__open" aria-current={session.sessionId === activeSessionId ? 'true' : undefined}>
                <span className="acp-session-list__title">{session.title || messages.untitled}</span>{' '}
                <span className="acp-session-list__meta">
                  <span className="acp-session-list__cwd">{session.cwd}</span>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});

export const SessionList = /* @__PURE__ */ onDemandComponent('SessionList', sessionListModule, (loaded) => loaded, SessionListFallback);
