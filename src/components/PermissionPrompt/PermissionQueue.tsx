/**
 * The public `PermissionQueue`: loaded with the conversation (`conversation.ts`, see
 * `PermissionPrompt.tsx`); until then it shows the request it would show first, as the prompt's
 * fallback.
 */
import { forwardRef, type Ref } from 'react';
import { conversationModule } from '../load-conversation.js';
import type { OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import { PermissionFallback } from './PermissionPrompt.js';
import type { PermissionQueueProps } from './PermissionQueueLoaded.js';

/** Until the queue loads, the request it would show first, as the prompt's fallback. */
const PermissionQueueFallback = /* @__PURE__ */ forwardRef<HTMLElement, PermissionQueueProps & { state: OnDemandState }>(function PermissionQueueFallback(
  { requests, onRespond, state, renderDetails: _renderDetails, autoFocus: _autoFocus, shortcutGuardMs: _shortcutGuardMs, subagents, ...rest },
  ref,
) {
  const active = requests.find((r) => r.status === 'pending');
  if (!active) return null;
  // The queue's root is a <section> and the prompt's a <div>: the host's props and ref go to whichever shows.
  return (
    <PermissionFallback
      request={active}
      onRespond={onRespond}
      state={state}
      subagents={subagents}
      {...(rest satisfies ElementRest<typeof rest, 'section'>)}
      ref={ref as Ref<HTMLDivElement>}
    />
  );
});

export const PermissionQueue = /* @__PURE__ */ onDemandComponent(
  'PermissionQueue',
  conversationModule,
  (loaded) => loaded.PermissionQueueLoaded,
  PermissionQueueFallback,
);
