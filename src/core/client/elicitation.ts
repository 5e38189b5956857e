/**
 * Reading an agent's `elicitation/create` request into the state the UI shows. Agents ask for
 * input rarely, so the request handler imports this module on demand (see `on-demand.ts` for why
 * it takes what it needs as arguments and uses no shared module such as `guards.ts`).
 */
import * as acp from '@agentclientprotocol/sdk';
import type { DiagnosticKind, ElicitationState } from '../types.js';

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
