/**
 * The public face of AgentPanel's session history: the list with the query behind it
 * (`SessionHistoryLoaded.tsx`) is fetched when the user first opens it, showing the list's
 * loading frame until then.
 */
import { lazyModule } from '../../components/shared/index.js';
import { onDemandComponent } from '../../components/shared/on-demand-component.js';
import type { OnDemandState } from '../../components/shared/OnDemandStatus.js';
import { SessionListFallback } from '../../components/SessionList/SessionList.js';
import type { SessionHistoryProps } from './SessionHistoryLoaded.js';

const sessionHistoryModule = /* @__PURE__ */ lazyModule(() => import('./SessionHistoryLoaded.js').then((m) => m.SessionHistoryLoaded));

export const SessionHistory = /* @__PURE__ */ onDemandComponent('SessionHistory', sessionHistoryModule, (loaded) => loaded, SessionHistoryFallback);

function SessionHistoryFallback({ activeSessionId, className, state }: SessionHistoryProps & { state: OnDemandState }) {
  return <SessionListFallback sessions={[]} activeSessionId={activeSessionId} className={className} state={state} />;
}
