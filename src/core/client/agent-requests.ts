/**
 * Handlers for the requests an agent sends to the client: permission and elicitation (file system
 * and terminal requests are served by `workspace.ts`, loaded only for hosts with adapters). Each
 * pending request is answered exactly once, whatever happens first: the user, a host policy,
 * `session/cancel`, the agent's `$/cancel_request`, or the connection dropping.
 *
 * A closure rather than a class: its internals are then local names the minifier can shorten,
 * which keeps the core entry small.
 */
import * as acp from '@agentclientprotocol/sdk';
import type { AcpSnapshot, DiagnosticKind, ElicitationState, PermissionRequestState } from '../types.js';
import type { ChildOwner } from '../subagents.js';
import type { PermissionReader } from '../protocol/v2.js';
import type { HandlerApp } from './agent-peer.js';
import type { ElicitationFinish, ElicitationHost } from './elicitation.js';
import { replaceWhere } from './snapshot.js';

export interface RequestHost {
  get(): AcpSnapshot;
  update(fn: (snapshot: AcpSnapshot) => AcpSnapshot): void;
  now(): number;
  diagnose(kind: DiagnosticKind, message: string, raw?: unknown): void;
  /**
   * Asks the host's permission policy (only with one): it answers through `answerPermission`
   * (`session-actions.ts`, on demand).
   */
  applyPolicy: ((requestId: string, params: acp.RequestPermissionRequest) => void) | undefined;
  /** True once the connection that carried the pending requests is gone. */
  connectionLost(): boolean;
  /** The session named by a pending client request, by its JSON-RPC id (for request-scoped elicitations). */
  sessionOfRequest(id: string | number): string | null;
  /** Whose a child session's requests are (sub-agents, on demand); nullish for any other session id. */
  owner(sessionId: string): ChildOwner | null | undefined;
  /**
   * A notification of no ACP method (an extension's, such as the bridge's), and a request of none:
   * both are answered by the on-demand actions module (`session-actions.ts`), with the host's
   * handlers, so their code is not in the core entry.
   */
  onExtension(notification: ExtensionCall): void;
  onExtRequest(request: ExtensionCall & { signal: AbortSignal }): Promise<unknown>;
}

export interface ExtensionCall {
  method: string;
  params: unknown;
}

type PermissionAnswer = { optionId: string | null; byPolicy?: boolean; status?: PermissionRequestState['status'] };

/** Pending agent requests waiting for an answer, keyed by local request id. */
export interface PendingRequests {
  /**
   * Registers the handlers on the connection's SDK client app. `readPermission`: how that ACP
   * version's permission request reads into the shown state (the v2 client module passes v2's;
   * none reads v1's shape).
   */
  register(app: HandlerApp, readPermission?: PermissionReader): void;
  /** Returns false when the request is unknown or already answered (a second click, a race). */
  answerPermission(requestId: string, answer: PermissionAnswer): boolean;
  answerElicitation(requestId: string, response: acp.CreateElicitationResponse, statusOverride?: ElicitationState['status']): boolean;
  /**
   * After `session/cancel`: every pending request of the session is answered `cancelled`, its
   * child sessions' included; given a child's id, that child's only.
   */
  cancelSession(sessionId: string): void;
  /** The connection dropped: nothing can be answered any more; show them as interrupted. */
  interruptAll(): void;
}

export function createPendingRequests(host: RequestHost): PendingRequests {
  const { get, update, now } = host;
  const permissions = new Map<string, (answer: PermissionAnswer) => void>();
  const elicitations = new Map<string, ElicitationFinish>();
  let counter = 0;
  const cancelling = (sessionId: string | null) => get().sessions[sessionId!]?.turn.state === 'cancelling';

  // --- permissions ---------------------------------------------------------------------------

  /** `params` as the connection's ACP version sends it: v2's `title` and `subject` are read into the same state by `read`. */
  async function permission(params: acp.RequestPermissionRequest, signal: AbortSignal, read?: PermissionReader): Promise<acp.RequestPermissionResponse> {
    // A child session's request is shown in the panel of the session it belongs to.
    const child = host.owner(params.sessionId);
    const sessionId = child?.sessionId ?? params.sessionId;
    if (!get().sessions[sessionId]) {
      // No UI shows requests for a session this client does not have: answering now (cancelled)
      // keeps the agent from waiting forever, and nothing is approved.
      host.diagnose('unknown_session', `Permission request for an unknown session ${sessionId} was answered "cancelled".`, params);
      return { outcome: { outcome: 'cancelled' } };
    }
    // After `session/cancel`, while the turn winds down (a child's too), the spec's answer is `cancelled`, at once.
    if (cancelling(sessionId)) return { outcome: { outcome: 'cancelled' } };
    const requestId = `permission-${++counter}`;
    let view: Pick<PermissionRequestState, 'toolCall' | 'options' | '_meta'> = {
      toolCall: params.toolCall,
      options: params.options,
      _meta: params._meta ?? null,
    };
    if (read) {
      const { request, oddity } = read(params, requestId);
      if (oddity) host.diagnose('protocol_oddity', oddity, params);
      view = request;
    }
    const request: PermissionRequestState = {
      requestId,
      sessionId,
      subagentSessionId: child ? params.sessionId : null,
      ...view,
      status: 'pending',
      optionId: null,
      byPolicy: false,
      createdAt: now(),
    };
    // The answer callback is registered before the request is published: a subscriber may
    // answer synchronously while the state is being announced.
    const answered = new Promise<PermissionAnswer>((resolve) => permissions.set(requestId, resolve));
    signal.addEventListener('abort', () => onAborted(requestId), { once: true });
    update((s) => ({ ...s, permissionRequests: [...s.permissionRequests, request] }));
    // The policy reads v1's shape, whichever version asked.
    host.applyPolicy?.(requestId, { ...params, toolCall: view.toolCall, options: view.options });
    const answer = await answered;
    return answer.optionId === null ? { outcome: { outcome: 'cancelled' } } : { outcome: { outcome: 'selected', optionId: answer.optionId } };
  }

  function answerPermission(requestId: string, answer: PermissionAnswer): boolean {
    const resolve = permissions.get(requestId);
    if (!resolve) return false;
    const request = get().permissionRequests.find((r) => r.requestId === requestId);
    if (answer.optionId !== null && !request?.options.some((o) => o.optionId === answer.optionId)) return false;
    permissions.delete(requestId);
    const status = answer.status ?? (answer.optionId === null ? 'cancelled' : 'answered');
    update((s) => ({
      ...s,
      permissionRequests: replaceWhere(
        s.permissionRequests,
        (r) => r.requestId === requestId,
        (r) => ({ ...r, status, optionId: answer.optionId, byPolicy: answer.byPolicy ?? false }),
      ),
    }));
    resolve(answer);
    return true;
  }

  // --- elicitation ---------------------------------------------------------------------------

  /** What `elicitation.ts` (fetched with the first elicitation) needs of the client. */
  const elicitationHost: ElicitationHost = {
    now,
    update,
    sessionOfRequest: host.sessionOfRequest,
    owner: host.owner,
    diagnose: host.diagnose,
    cancelling,
    elicitations,
    onAborted: (requestId) => onAborted(requestId),
  };

  function answerElicitation(requestId: string, response: acp.CreateElicitationResponse, statusOverride?: ElicitationState['status']): boolean {
    const finish = elicitations.get(requestId);
    if (!finish) return false;
    elicitations.delete(requestId);
    const status = statusOverride ?? (response.action === 'accept' ? 'accepted' : response.action === 'decline' ? 'declined' : 'cancelled');
    finish(response, status);
    return true;
  }

  /**
   * A handler's signal aborts for the agent's `$/cancel_request` and when the connection drops.
   * The first is a cancellation; the second is shown as interrupted (decided once the drop has
   * been noticed, hence the deferral).
   */
  function onAborted(requestId: string) {
    queueMicrotask(() => {
      const status = host.connectionLost() ? 'interrupted' : 'cancelled';
      if (permissions.has(requestId)) answerPermission(requestId, { optionId: null, status });
      if (elicitations.has(requestId)) answerElicitation(requestId, { action: 'cancel' }, status);
    });
  }

  return {
    register(app, readPermission) {
      const m = acp.methods.client;
      app.onRequest(m.session.requestPermission, (ctx) => permission(ctx.params, ctx.signal, readPermission));
      // Agents ask for input rarely: the handling is in `elicitation.ts`, fetched the first time.
      app.onRequest(m.elicitation.create, async (ctx) =>
        (await import('./elicitation.js')).handleElicitation(ctx.params, ctx.signal, `elicitation-${++counter}`, elicitationHost),
      );
      app.onNotification(m.elicitation.complete, async (ctx: { params: acp.CompleteElicitationNotification }) => {
        (await import('./elicitation.js')).completeElicitation(ctx.params.elicitationId, update);
      });
      // Requests and notifications of no ACP method: extensions (`session-actions.ts` answers them).
      app.onRequest('*', host.onExtRequest);
      app.onNotification('*', (ctx) => {
        host.onExtension(ctx);
      });
    },

    answerPermission,
    answerElicitation,

    cancelSession(sessionId) {
      const of = (r: { sessionId: string | null; subagentSessionId?: string | null; status: string }) =>
        (r.sessionId === sessionId || r.subagentSessionId === sessionId) && r.status === 'pending';
      for (const r of get().permissionRequests) {
        if (of(r)) answerPermission(r.requestId, { optionId: null, status: 'cancelled' });
      }
      for (const e of get().elicitations) {
        if (of(e)) answerElicitation(e.requestId, { action: 'cancel' });
      }
    },

    interruptAll() {
      for (const resolve of permissions.values()) resolve({ optionId: null, status: 'interrupted' });
      for (const finish of elicitations.values()) finish({ action: 'cancel' }, 'interrupted');
      permissions.clear();
      elicitations.clear();
      update((s) => ({
        ...s,
        permissionRequests: replaceWhere(
          s.permissionRequests,
          (r) => r.status === 'pending',
          (r) => ({ ...r, status: 'interrupted' }),
        ),
        elicitations: replaceWhere(
          s.elicitations,
          (e) => e.status === 'pending',
          (e) => ({ ...e, status: 'interrupted' }),
        ),
      }));
    },
  };
}
