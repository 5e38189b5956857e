/**
 * Handlers for the requests an agent sends to the client: permission and elicitation (file system
 * and terminal requests are served by `workspace.ts`, loaded only for hosts with adapters). Each pending request is answered exactly once, whatever happens first: the user,
 * a host policy, `session/cancel`, the agent's `$/cancel_request`, or the connection dropping.
 */
import * as acp from '@agentclientprotocol/sdk';
import type { PermissionPolicy } from '../adapters.js';
import { toAcpError } from '../errors.js';
import { isRecord, isString } from '../guards.js';
import type { AcpSnapshot, ElicitationState, PermissionRequestState } from '../types.js';
import { addDiagnostic, replaceWhere } from './snapshot.js';

export interface RequestHost {
  get(): AcpSnapshot;
  update(fn: (snapshot: AcpSnapshot) => AcpSnapshot): void;
  now(): number;
  permissionPolicy: PermissionPolicy | undefined;
  /** True once the connection that carried the pending requests is gone. */
  connectionLost(): boolean;
  /** The session named by a pending client request, by its JSON-RPC id (for request-scoped elicitations). */
  sessionOfRequest?(id: string | number): string | null;
}

type PermissionAnswer = { optionId: string | null; byPolicy?: boolean; status?: PermissionRequestState['status'] };

/** Pending agent requests waiting for an answer, keyed by local request id. */
export class PendingRequests {
  private permissions = new Map<string, (answer: PermissionAnswer) => void>();
  private elicitations = new Map<string, (response: acp.CreateElicitationResponse, status: ElicitationState['status']) => void>();
  private counter = 0;

  constructor(private readonly host: RequestHost) {}

  nextId(prefix: string): string {
    return `${prefix}-${++this.counter}`;
  }

  /** Registers the handlers on an SDK client app. */
  register(app: acp.ClientApp): acp.ClientApp {
    const m = acp.methods.client;
    app.onRequest(m.session.requestPermission, (ctx) => this.permission(ctx.params, ctx.signal));
    app.onRequest(m.elicitation.create, (ctx) => this.elicitation(ctx.params, ctx.signal));
    app.onNotification(m.elicitation.complete, (ctx) => {
      this.elicitationComplete(ctx.params.elicitationId);
    });
    // Unknown (extension) requests: "Method not found", as the spec requires. Unknown
    // notifications are ignored.
    app.onRequest('*', (ctx) => {
      this.host.update((s) => addDiagnostic(s, 'unknown_request', `The agent called an unsupported method: ${ctx.method}.`, this.host.now()));
      throw acp.RequestError.methodNotFound(ctx.method);
    });
    app.onNotification('*', () => {});
    return app;
  }

  // --- permissions ---------------------------------------------------------------------------

  private async permission(params: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse> {
    if (!this.host.get().sessions[params.sessionId]) {
      // No UI shows requests for a session this client does not have: answering now (cancelled)
      // keeps the agent from waiting forever, and nothing is approved.
      this.host.update((s) => addDiagnostic(s, 'unknown_session', `Permission request for an unknown session ${params.sessionId} was answered "cancelled".`, this.host.now(), params));
      return { outcome: { outcome: 'cancelled' } };
    }
    const requestId = this.nextId('permission');
    const request: PermissionRequestState = {
      requestId,
      sessionId: params.sessionId,
      toolCall: params.toolCall,
      options: params.options,
      status: 'pending',
      optionId: null,
      byPolicy: false,
      createdAt: this.host.now(),
    };
    // The answer callback is registered before the request is published: a subscriber may
    // answer synchronously while the state is being announced.
    const answered = new Promise<PermissionAnswer>((resolve) => this.permissions.set(requestId, resolve));
    signal.addEventListener('abort', () => this.onAborted(requestId), { once: true });
    this.host.update((s) => ({ ...s, permissionRequests: [...s.permissionRequests, request] }));
    void this.applyPolicy(requestId, params);
    const answer = await answered;
    return answer.optionId === null
      ? { outcome: { outcome: 'cancelled' } }
      : { outcome: { outcome: 'selected', optionId: answer.optionId } };
  }

  private async applyPolicy(requestId: string, params: acp.RequestPermissionRequest) {
    const policy = this.host.permissionPolicy;
    if (!policy) return;
    try {
      const optionId = await policy(params);
      if (optionId != null && params.options.some((o) => o.optionId === optionId)) {
        this.answerPermission(requestId, { optionId, byPolicy: true });
      }
    } catch (error) {
      this.host.update((s) => addDiagnostic(s, 'adapter_error', `The permission policy failed: ${toAcpError(error).message}`, this.host.now()));
    }
  }

  /** Returns false when the request is unknown or already answered (a second click, a race). */
  answerPermission(requestId: string, answer: PermissionAnswer): boolean {
    const resolve = this.permissions.get(requestId);
    if (!resolve) return false;
    const request = this.host.get().permissionRequests.find((r) => r.requestId === requestId);
    if (answer.optionId !== null && !request?.options.some((o) => o.optionId === answer.optionId)) return false;
    this.permissions.delete(requestId);
    const status = answer.status ?? (answer.optionId === null ? 'cancelled' : 'answered');
    this.host.update((s) => ({
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

  private async elicitation(params: acp.CreateElicitationRequest, signal: AbortSignal): Promise<acp.CreateElicitationResponse> {
    const raw = params as unknown as Record<string, unknown>;
    const mode = isString(raw.mode) ? raw.mode : 'form';
    if (mode !== 'form' && mode !== 'url') {
      this.host.update((s) => addDiagnostic(s, 'unsupported_elicitation_mode', `The agent asked for an unsupported elicitation mode "${mode}".`, this.host.now(), params));
      throw acp.RequestError.invalidParams({ mode }, `Elicitation mode "${mode}" was not declared by the client.`);
    }
    const requestId = this.nextId('elicitation');
    const state: ElicitationState = {
      requestId,
      mode,
      message: isString(raw.message) ? raw.message : '',
      // A request-scoped elicitation (for example scoped to a running `session/prompt`) belongs to
      // that request's session; without it, cancelling the turn left it pending for ever.
      sessionId: isString(raw.sessionId) ? raw.sessionId : this.scopeSession(raw.requestId),
      toolCallId: isString(raw.toolCallId) ? raw.toolCallId : null,
      scopeRequestId: isString(raw.requestId) || typeof raw.requestId === 'number' ? raw.requestId : null,
      requestedSchema: mode === 'form' && isRecord(raw.requestedSchema) ? (raw.requestedSchema as ElicitationState['requestedSchema']) : null,
      url: mode === 'url' && isString(raw.url) ? raw.url : null,
      elicitationId: isString(raw.elicitationId) ? raw.elicitationId : null,
      status: 'pending',
      response: null,
      createdAt: this.host.now(),
    };
    const answered = new Promise<acp.CreateElicitationResponse>((resolve) => {
      this.elicitations.set(requestId, (response, status) => {
        this.host.update((s) => ({
          ...s,
          elicitations: replaceWhere(s.elicitations, (e) => e.requestId === requestId, (e) => ({ ...e, status, response })),
        }));
        resolve(response);
      });
    });
    signal.addEventListener('abort', () => this.onAborted(requestId), { once: true });
    this.host.update((s) => ({ ...s, elicitations: [...s.elicitations, state] }));
    return answered;
  }

  private scopeSession(requestId: unknown): string | null {
    if (!isString(requestId) && typeof requestId !== 'number') return null;
    return this.host.sessionOfRequest?.(requestId) ?? null;
  }

  /**
   * A handler's signal aborts for the agent's `$/cancel_request` and when the connection drops.
   * The first is a cancellation; the second is shown as interrupted (decided once the drop has
   * been noticed, hence the deferral).
   */
  private onAborted(requestId: string) {
    queueMicrotask(() => {
      const lost = this.host.connectionLost();
      if (this.permissions.has(requestId)) {
        this.answerPermission(requestId, { optionId: null, status: lost ? 'interrupted' : 'cancelled' });
      }
      if (this.elicitations.has(requestId)) {
        this.answerElicitation(requestId, { action: 'cancel' }, lost ? 'interrupted' : 'cancelled');
      }
    });
  }

  answerElicitation(requestId: string, response: acp.CreateElicitationResponse, statusOverride?: ElicitationState['status']): boolean {
    const finish = this.elicitations.get(requestId);
    if (!finish) return false;
    this.elicitations.delete(requestId);
    const status =
      statusOverride ?? (response.action === 'accept' ? 'accepted' : response.action === 'decline' ? 'declined' : 'cancelled');
    finish(response, status);
    return true;
  }

  private elicitationComplete(elicitationId: string) {
    // Unknown or already completed ids are ignored, as the spec requires.
    this.host.update((s) => ({
      ...s,
      elicitations: replaceWhere(
        s.elicitations,
        (e) => e.mode === 'url' && e.elicitationId === elicitationId && e.status !== 'completed',
        (e) => ({ ...e, status: 'completed' }),
      ),
    }));
  }

  // --- bulk answers ----------------------------------------------------------------------------

  /** After `session/cancel`: every pending request of the session is answered `cancelled`. */
  cancelSession(sessionId: string) {
    for (const r of this.host.get().permissionRequests) {
      if (r.sessionId === sessionId && r.status === 'pending') this.answerPermission(r.requestId, { optionId: null, status: 'cancelled' });
    }
    for (const e of this.host.get().elicitations) {
      if (e.sessionId === sessionId && e.status === 'pending') this.answerElicitation(e.requestId, { action: 'cancel' });
    }
  }

  /** The connection dropped: nothing can be answered any more; show them as interrupted. */
  interruptAll() {
    for (const resolve of this.permissions.values()) resolve({ optionId: null, status: 'interrupted' });
    for (const finish of this.elicitations.values()) finish({ action: 'cancel' }, 'interrupted');
    this.permissions.clear();
    this.elicitations.clear();
    this.host.update((s) => ({
      ...s,
      permissionRequests: replaceWhere(s.permissionRequests, (r) => r.status === 'pending', (r) => ({ ...r, status: 'interrupted' })),
      elicitations: replaceWhere(s.elicitations, (e) => e.status === 'pending', (e) => ({ ...e, status: 'interrupted' })),
    }));
  }
}
