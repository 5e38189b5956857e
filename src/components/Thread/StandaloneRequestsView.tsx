import { memo } from 'react';
import { ElicitationForm } from '../ElicitationForm/index.js';
import { PermissionPrompt, PermissionQueue } from '../PermissionPrompt/index.js';
import type { ThreadActions } from './actions.js';
import type { StandaloneRequests } from './attachments.js';
import { sameAskers, type Subagents } from '../shared/asked-by.js';

interface StandaloneRequestsViewProps {
  requests: StandaloneRequests;
  actions: ThreadActions;
  /** The session's child agents: a child's request says which one asked. */
  subagents?: Subagents;
}

/**
 * Requests with no tool call card to sit in, at the end of their turn. Settled ones stay as a
 * record of what was decided; pending permissions come last, several of them as one queue so
 * the user answers one at a time.
 */
export const StandaloneRequestsView = /* @__PURE__ */ memo(function StandaloneRequestsView({ requests, actions, subagents }: StandaloneRequestsViewProps) {
  const { permissions, elicitations } = requests;
  if (permissions.length === 0 && elicitations.length === 0) return null;
  const pending = permissions.filter((request) => request.status === 'pending');
  const settled = permissions.filter((request) => request.status !== 'pending');
  return (
    <>
      {settled.map((request) => (
        <div key={request.requestId} className="acp-thread__item" data-slot="thread-item" data-kind="permission">
          <PermissionPrompt request={request} onRespond={actions.respondPermission} autoFocus={false} subagents={subagents} />
        </div>
      ))}
      {pending.length > 0 && (
        <div className="acp-thread__item" data-slot="thread-item" data-kind="permission">
          {pending.length === 1 ? (
            <PermissionPrompt request={pending[0]!} onRespond={actions.respondPermission} subagents={subagents} />
          ) : (
            <PermissionQueue requests={pending} onRespond={actions.respondPermission} subagents={subagents} />
          )}
        </div>
      )}
      {elicitations.map((elicitation) => (
        <div key={elicitation.requestId} className="acp-thread__item" data-slot="thread-item" data-kind="elicitation">
          <ElicitationForm elicitation={elicitation} onRespond={actions.respondElicitation} subagents={subagents} />
        </div>
      ))}
    </>
  );
}, sameRequests);

/**
 * The lists are rebuilt on every thread change; what matters is whether their entries changed.
 * The children change with every chunk a child streams: only the titles of those that asked count.
 */
export function sameRequests(prev: StandaloneRequestsViewProps, next: StandaloneRequestsViewProps): boolean {
  return (
    prev.actions === next.actions &&
    sameList(prev.requests.permissions, next.requests.permissions) &&
    sameList(prev.requests.elicitations, next.requests.elicitations) &&
    sameAskers(next.requests.permissions, prev.subagents, next.subagents) &&
    sameAskers(next.requests.elicitations, prev.subagents, next.subagents)
  );
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
