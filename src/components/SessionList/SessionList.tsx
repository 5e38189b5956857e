/**
 * The public `SessionList`: the rows with their actions, delete confirmation and keyboard
 * navigation are fetched the first time the history is shown. Until then the sessions already
 * listed are shown by name, without actions. (AgentPanel's history brings the list in its own
 * on-demand chunk, with the query behind it: see `src/panels/AgentPanel/SessionHistory.tsx`.)
 */
import { cx, lazyModule, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import { sessionListMessages } from './messages.js';
import type { SessionListProps } from './SessionListLoaded.js';

export const sessionListModule = /* @__PURE__ */ lazyModule(() => import('./SessionListLoaded.js').then((m) => m.SessionListLoaded));

export const SessionList = /* @__PURE__ */ onDemandComponent('SessionList', sessionListModule, (loaded) => loaded, SessionListFallback);

/** The sessions listed so far, by name, with the loading line (or the failure and Retry). */
export function SessionListFallback({
  sessions,
  activeSessionId,
  className,
  state,
}: Pick<SessionListProps, 'sessions' | 'activeSessionId' | 'className'> & { state: OnDemandState }) {
  const messages = useMessages('sessionList', sessionListMessages);
  return (
    <div className={cx('acp-session-list', className)} data-slot="session-list-fallback" aria-busy={!state.error}>
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
}
