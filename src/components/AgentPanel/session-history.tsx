/**
 * The on-demand face of AgentPanel's session history (see `SessionHistory.tsx`): fetched when the
 * user first opens it, showing the list's loading frame until then.
 */
import { lazyModule } from '../shared/index.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { OnDemandState } from '../shared/OnDemandStatus.js';
import { SessionListFallback } from '../SessionList/on-demand.js';
import type { SessionHistoryProps } from './SessionHistory.js';

const sessionHistoryModule = /* @__PURE__ */ lazyModule(() => import('./SessionHistory.js').then((m) => m.SessionHistory));

export const SessionHistory = /* @__PURE__ */ onDemandComponent('SessionHistory', sessionHistoryModule, (loaded) => loaded, SessionHistoryFallback);

function SessionHistoryFallback({ activeSessionId, className, state }: SessionHistoryProps & { state: OnDemandState }) {
  return <SessionListFallback sessions={[]} activeSessionId={activeSessionId} className={className} state={state} />;
}
