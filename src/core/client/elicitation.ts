/**
 * An agent's `elicitation/create` request, read into the state the UI shows and kept pending until
 * it is answered (`agent-requests.ts` answers it), and `elicitation/complete`. Agents ask for input
 * rarely, so the handlers import this module on demand (see `on-demand.ts` for why it takes what it
 * needs as arguments and uses no shared module such as `guards.ts`).
 */
import * as acp from '@agentclientprotocol/sdk';
import type { ChildOwner } from '../subagents.js';
import type { AcpSnapshot, DiagnosticKind, ElicitationState } from '../types.js';

/** Settles a pending elicitation with its answer and the status it shows. */
export type ElicitationFinish = (response: acp.CreateElicitationResponse, status: ElicitationState['status']) => void;

export interface ElicitationHost {
  now(): number;
  update(fn: (snapshot: AcpSnapshot) => AcpSnapshot): void;
  sessionOfRequest(id: string | number): string | null;
  /** Whose a child session's requests are (sub-agents); nullish for any other session id. */
  owner(sessionId: string): ChildOwner | null | undefined;
  diagnose(kind: DiagnosticKind, message: string, raw?: unknown): void;
  /** True while the session's turn is being cancelled. */
  cancelling(sessionId: string | null): boolean;
  /** The pending elicitations' answer callbacks, by local request id (`answerElicitation` calls them). */
  elicitations: Map<string, ElicitationFinish>;
  /** The request's signal aborted: answers it `cancel` (or shows it interrupted). */
  onAborted(requestId: string): void;
}

/** The elicitations with `match` changed by `change` (the same array when none matched). */
function patchElicitations(snapshot: AcpSnapshot, match: (e: ElicitationState) => boolean, change: Partial<ElicitationState>): AcpSnapshot {
  if (!snapshot.elicitations.some(match)) return snapshot;
  return { ...snapshot, elicitations: snapshot.elicitations.map((e) => (match(e) ? { ...e, ...change } : e)) };
}

/** Shows the request and resolves with its answer, whoever gives it (the user, a cancel, a drop). */
export async function handleElicitation(
  params: acp.CreateElicitationRequest,
  signal: AbortSignal,
  requestId: string,
  host: ElicitationHost,
): Promise<acp.CreateElicitationResponse> {
  const state = readElicitation(params, { requestId, createdAt: host.now(), sessionOfRequest: host.sessionOfRequest, diagnose: host.diagnose });
  // A child session's request is shown in the panel of the session it belongs to.
  const child = state.sessionId === null ? null : host.owner(state.sessionId);
  if (child) {
    state.sessionId = child.sessionId;
    state.subagentSessionId = child.subagentSessionId;
  }
  // Cancelled, or the connection dropped, while the module loaded, or its session's turn is
  // being cancelled: nothing to show.
  if (signal.aborted || host.cancelling(state.sessionId)) return { action: 'cancel' };
  const answered = new Promise<acp.CreateElicitationResponse>((resolve) => {
    host.elicitations.set(requestId, (response, status) => {
      host.update((s) => patchElicitations(s, (e) => e.requestId === requestId, { status, response }));
      resolve(response);
    });
  });
  signal.addEventListener('abort', () => host.onAborted(requestId), { once: true });
  host.update((s) => ({ ...s, elicitations: [...s.elicitations, state] }));
  return answered;
}

/** `elicitation/complete`: a URL elicitation finished; unknown or already completed ids are ignored, as the spec requires. */
export function completeElicitation(elicitationId: string, update: ElicitationHost['update']): void {
  update((s) => patchElicitations(s, (e) => e.mode === 'url' && e.elicitationId === elicitationId && e.status !== 'completed', { status: 'completed' }));
}

export interface ElicitationContext {
  requestId: string;
  createdAt: number;
  /** The session of a pending client request, by its JSON-RPC id (for request-scoped elicitations). */
  sessionOfRequest(id: string | number): string | null;
  diagnose(kind: DiagnosticKind, message: string, raw?: unknown): void;
}

/** The pending elicitation; an undeclared mode is refused (diagnostic, then `invalid_params`). */
export function readElicitation(params: acp.CreateElicitationRequest, context: ElicitationContext): ElicitationState {
  const raw = params as unknown as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const mode = text(raw.mode) ?? 'form';
  if (mode !== 'form' && mode !== 'url') {
    context.diagnose('unsupported_elicitation_mode', `The agent asked for an unsupported elicitation mode "${mode}".`, params);
    throw acp.RequestError.invalidParams({ mode }, `Elicitation mode "${mode}" was not declared by the client.`);
  }
  const scope = typeof raw.requestId === 'string' || typeof raw.requestId === 'number' ? raw.requestId : null;
  const schema = raw.requestedSchema;
  return {
    requestId: context.requestId,
    mode,
    message: text(raw.message) ?? '',
    // A request-scoped elicitation (for example scoped to a running `session/prompt`) belongs to
    // that request's session; without it, cancelling the turn left it pending for ever.
    sessionId: text(raw.sessionId) ?? (scope === null ? null : context.sessionOfRequest(scope)),
    subagentSessionId: null,
    toolCallId: text(raw.toolCallId),
    scopeRequestId: scope,
    requestedSchema:
      mode === 'form' && typeof schema === 'object' && schema !== null && !Array.isArray(schema) ? (schema as ElicitationState['requestedSchema']) : null,
    url: mode === 'url' ? text(raw.url) : null,
    elicitationId: text(raw.elicitationId),
    _meta: typeof raw._meta === 'object' && raw._meta !== null && !Array.isArray(raw._meta) ? (raw._meta as Record<string, unknown>) : null,
    status: 'pending',
    response: null,
    createdAt: context.createdAt,
  };
}
