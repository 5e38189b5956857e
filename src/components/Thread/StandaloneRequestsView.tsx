import { memo } from 'react';
import { ElicitationForm } from '../ElicitationForm/index.js';
import { PermissionPrompt, PermissionQueue } from '../PermissionPrompt/index.js';
import type { ThreadActions } from './actions.js';
import type { StandaloneRequests } from './attachments.js';

interface StandaloneRequestsViewProps {
  requests: StandaloneRequests;
  actions: ThreadActions;
}

/**
 * Requests with no tool call card to sit in, at the end of their turn. Settled ones stay as a
 * record of what was decided; pending permissions come last, several of them as one queue so
 * the user answers one at a time.
 */
export const StandaloneRequestsView = /* @__PURE__ */ memo(function StandaloneRequestsView({ requests, actions }: StandaloneRequestsViewProps) {
  const { permissions, elicitations } = requests;
  if (permissions.length === 0 && elicitations.length === 0) return null;
  const pending = permissions.filter((request) => request.status === 'pending');
  const settled = permissions.filter((request) => request.status !== 'pending');
  return (
    <>
      {settled.map((request) => (
        <div key={request.requestId} className="acp-thread__item" data-slot="thread-item" data-kind="permission">
          <PermissionPrompt request={request} onRespond={actions.respondPermission} autoFocus={false} />
        </div>
      ))}
      {pending.length > 0 && (
        <div className="acp-thread__item" data-slot="thread-item" data-kind="permission">
          {pending.length === 1 ? (
            <PermissionPrompt request={pending[0]!} onRespond={actions.respondPermission} />
          ) : (
            <PermissionQueue requests={pending} onRespond={actions.respondPermission} />
          )}
        </div>
      )}
      {elicitations.map((elicitation) => (
        <div key={elicitation.requestId} className="acp-thread__item" data-slot="thread-item" data-kind="elicitation">
          <ElicitationForm elicitation={elicitation} onRespond={actions.respondElicitation} />
        </div>
      ))}
    </>
  );
}, sameRequests);

/** The lists are rebuilt on every thread change; what matters is whether their entries changed. */
export function sameRequests(prev: StandaloneRequestsViewProps, next: StandaloneRequestsViewProps): boolean {
  return (
    prev.actions === next.actions &&
    sameList(prev.requests.permissions, next.requests.permissions) &&
    sameList(prev.requests.elicitations, next.requests.elicitations)
  );
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
