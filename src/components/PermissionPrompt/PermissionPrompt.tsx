/**
 * The public `PermissionPrompt` (and, in `PermissionQueue.tsx`, `PermissionQueue`): the options, digit shortcuts and focus
 * handling are fetched on first use, with the rest of the conversation (`conversation.ts`: a
 * thread that shows a tool call has them already). Until then the prompt says what is asked and
 * about which tool call; the options appear, and take focus, when the prompt has loaded.
 */
import { forwardRef, useId } from 'react';
import { conversationModule } from '../load-conversation.js';
import { cx, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import { permissionMessages } from './messages.js';
import { PermissionHeader } from './PermissionHeader.js';
import type { PermissionPromptProps } from './PermissionPromptLoaded.js';
import { ToolCallSummary } from './ToolCallSummary.js';
import { toolCallInfo } from './tool-call-info.js';

export const PermissionFallback = /* @__PURE__ */ forwardRef<HTMLDivElement, PermissionPromptProps & { state: OnDemandState }>(function PermissionFallback(
  {
    request,
    details,
    showToolCall = true,
    className,
    state,
    onRespond: _onRespond,
    autoFocus: _autoFocus,
    shortcutGuardMs: _shortcutGuardMs,
    subagents: _subagents,
    ...rest
  },
  ref,
) {
  const messages = useMessages('permission', permissionMessages);
  const titleId = useId();
  const info = toolCallInfo(request.toolCall);
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      aria-busy={!state.error}
      className={cx('acp-permission', className)}
      data-status={request.status}
      data-slot="permission-fallback"
      {...(rest satisfies ElementRest<typeof rest, 'div'>)}
      ref={ref}
    >
      <PermissionHeader titleId={titleId} toolTitle={info.title} messages={messages} />
      {showToolCall && <ToolCallSummary info={info} messages={messages} />}
      {details && (
        <div className="acp-permission__details" data-slot="permission-details">
          {details}
        </div>
      )}
      <OnDemandStatus state={state} />
    </div>
  );
});

export const PermissionPrompt = /* @__PURE__ */ onDemandComponent(
  'PermissionPrompt',
  conversationModule,
  (loaded) => loaded.PermissionPromptLoaded,
  PermissionFallback,
);
