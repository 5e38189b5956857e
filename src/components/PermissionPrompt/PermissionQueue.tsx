/**
 * The public `PermissionQueue`: loaded with the conversation (`conversation.ts`, see
 * `PermissionPrompt.tsx`); until then it shows the request it would show first, as the prompt's
 * fallback.
 */
import { conversationModule } from '../load-conversation.js';
import type { OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import { PermissionFallback } from './PermissionPrompt.js';
import type { PermissionQueueProps } from './PermissionQueueLoaded.js';

export const PermissionQueue = /* @__PURE__ */ onDemandComponent(
  'PermissionQueue',
  conversationModule,
  (loaded) => loaded.PermissionQueueLoaded,
  PermissionQueueFallback,
);

/** Until the queue loads, the request it would show first, as the prompt's fallback. */
function PermissionQueueFallback({ requests, onRespond, className, state }: PermissionQueueProps & { state: OnDemandState }) {
  const active = requests.find((r) => r.status === 'pending');
  if (!active) return null;
  return <PermissionFallback request={active} onRespond={onRespond} className={className} state={state} />;
}
