/**
 * The public `SessionList`: the rows with their actions, delete confirmation and keyboard
 * navigation are fetched the first time the history is shown (AgentPanel starts the fetch when it
 * mounts). Until then the sessions already listed are shown by name, without actions.
 */
import { cx, lazyModule, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import { sessionListMessages } from './messages.js';
import type { SessionListProps } from './SessionList.js';

export const sessionListModule = lazyModule(() => import('./SessionList.js').then((m) => m.SessionList));

export const SessionList = onDemandComponent('SessionList', sessionListModule, (loaded) => loaded, SessionListFallback);

function SessionListFallback({
  sessions,
  activeSessionId,
  className,
  state,
}: SessionListProps & { state: OnDemandState }) {
  const messages = useMessages('sessionList', sessionListMessages);
  return (
    <div className={cx('acp-session-list', className)} data-slot="fallback" aria-busy={!state.error}>
      <OnDemandStatus state={state} loading={messages.loading} />
      {sessions.length > 0 && (
        <ul className="acp-session-list__items" aria-label={messages.list_label}>
          {sessions.map((session) => (
            <li
              key={session.sessionId}
              className="acp-session-list__item"
              data-state={session.sessionId === activeSessionId ? 'active' : 'idle'}
            >
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
