/**
 * Several permission requests without a tool call card to sit in (e.g. several sessions or a
 * standalone panel): the first pending one is active, the rest wait in order below it.
 */
import { forwardRef, useId, type ReactNode } from 'react';
import type { PermissionRequestState } from '../../core/types.js';
import { askedBy, type Subagents } from '../shared/asked-by.js';
import { cx, format, useMessages } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { subagentsMessages } from '../Thread/subagent-messages.js';
import { permissionMessages } from './messages.js';
import { PermissionPromptLoaded as PermissionPrompt } from './PermissionPromptLoaded.js';
import { toolCallInfo } from './tool-call-info.js';

/** @inline */
export interface PermissionQueueOwnProps {
  /** Requests in arrival order; only `pending` ones are shown. */
  requests: PermissionRequestState[];
  onRespond: (requestId: string, optionId: string) => void;
  /** Optional details (a diff, a command preview) for the active request. */
  renderDetails?: (request: PermissionRequestState) => ReactNode;
  /** Passed to the active prompt (default true). */
  autoFocus?: boolean;
  shortcutGuardMs?: number;
  /** Sub-agents: the session's child agents, so a child's request says which one asked (see `PermissionPrompt`). */
  subagents?: Subagents;
  className?: string;
}

/** The permission queue's own props and the rest of its root `<section>`'s. */
export type PermissionQueueProps = RootProps<PermissionQueueOwnProps, 'section'>;

export const PermissionQueueLoaded = /* @__PURE__ */ forwardRef<HTMLElement, PermissionQueueProps>(function PermissionQueueLoaded(
  { requests, onRespond, renderDetails, autoFocus, shortcutGuardMs, subagents, className, ...rest },
  ref,
) {
  const messages = useMessages('permission', permissionMessages);
  const subagentStrings = useMessages('subagents', subagentsMessages);
  const id = useId();
  const [active, ...waiting] = requests.filter((r) => r.status === 'pending');
  if (!active) return null;
  const total = waiting.length + 1;

  return (
    <section
      aria-labelledby={`${id}-label`}
      data-slot="permission-queue"
      data-count={total}
      {...rest}
      ref={ref}
      className={cx('acp-permission-queue', className)}
    >
      <div className="acp-permission-queue__header" data-slot="permission-queue-header">
        <span id={`${id}-label`} className="acp-permission-queue__label">
          {messages.queue_label}
        </span>
        <span className="acp-permission-queue__position" data-slot="permission-queue-position">
          {format(messages.queue_position, { position: 1, total })}
        </span>
      </div>
      <PermissionPrompt
        request={active}
        onRespond={onRespond}
        details={renderDetails?.(active)}
        autoFocus={autoFocus}
        shortcutGuardMs={shortcutGuardMs}
        subagents={subagents}
      />
      {waiting.length > 0 && (
        <div className="acp-permission-queue__waiting" data-slot="permission-queue-waiting">
          <span id={`${id}-waiting`} className="acp-permission-queue__waiting-label">
            {messages.queue_waiting}
          </span>
          <ol aria-labelledby={`${id}-waiting`} start={2}>
            {waiting.map((request) => {
              const info = toolCallInfo(request.toolCall);
              // A waiting child's request names its sub-agent too: the user must know who is asking next.
              const asker = askedBy(request.subagentSessionId, subagents, subagentStrings);
              return (
                <li key={request.requestId} data-slot="permission-queue-waiting-item">
                  {info.title ?? messages.untitled_tool}
                  {asker && (
                    <span className="acp-permission-queue__asker" data-slot="permission-queue-asker">
                      {` — ${asker}`}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
});
