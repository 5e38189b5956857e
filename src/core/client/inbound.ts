/**
 * The client's tap (see `transport.ts`): every frame in either direction passes it before the SDK
 * sees it or after the SDK sends it. It records the traffic for the inspector, hands
 * `session/update` notifications to the client (the SDK's parser would drop one it cannot
 * validate), and keeps the books on outstanding requests.
 *
 * Outstanding requests are the ids sent on the current connection and not answered yet. A
 * response to any other id (never sent, or answered twice) used to reach the SDK, which only logs
 * it to the console: it is refused here instead, with a diagnostic and an error in the traffic
 * log. Each id maps to the session its params named, so a request-scoped elicitation (scoped to,
 * say, a running `session/prompt`) can be tied to its session.
 */
import * as acp from '@agentclientprotocol/sdk';
import { ErrorCodes } from '../errors.js';
import { isRecord, isString } from '../guards.js';
import type { DiagnosticKind } from '../types.js';
import type { TrafficLog } from './traffic.js';
import type { Envelope, InboundTap } from './transport.js';

export interface ClientTap extends InboundTap {
  /** A new connection: the requests of the last one will never be answered on it. */
  reset(): void;
  /** The session named by a pending request's params, by its JSON-RPC id. */
  sessionOfRequest(id: string | number): string | null;
}

export function createTap(
  traffic: TrafficLog,
  diagnose: (kind: DiagnosticKind, message: string, raw?: unknown) => void,
  /** A `session/update` notification's params, unchecked. */
  onSessionUpdate: (params: unknown) => void,
): ClientTap {
  let outstanding = new Map<string | number, string | null>();

  return {
    reset() {
      outstanding = new Map();
    },

    sessionOfRequest: (id) => outstanding.get(id) ?? null,

    exactFrames: () => traffic.watched(),

    refused(raw: string, reason: string, envelope?: Envelope): acp.AnyMessage | null {
      traffic.record({ dir: 'in', raw, error: reason });
      diagnose('malformed_frame', reason, raw.slice(0, 2000));
      // A refused (oversized) response still settles its request, as an error and at once:
      // otherwise the request waited for its timeout, or for ever (`session/prompt`).
      if (envelope?.id !== undefined && envelope.method === undefined && outstanding.delete(envelope.id)) {
        const error = { code: ErrorCodes.invalidRequest, message: reason, data: { reason: ErrorCodes.messageTooLarge } };
        return { jsonrpc: '2.0', id: envelope.id, error } as acp.AnyMessage;
      }
      return null;
    },

    malformed(raw: string) {
      traffic.record({ dir: 'in', raw, error: 'Not valid JSON.' });
      diagnose('malformed_frame', 'The agent sent a frame that is not valid JSON; it was ignored.', raw.slice(0, 2000));
    },

    message(msg: acp.AnyMessage) {
      if (!('method' in msg) && 'id' in msg) {
        const id = (msg as { id: unknown }).id;
        if (typeof id !== 'string' && typeof id !== 'number') {
          const error = (msg as { error?: { message?: unknown } }).error;
          const reason = `The agent sent an error for a message it could not identify${isString(error?.message) ? `: ${error.message}` : '.'}`;
          traffic.record({ dir: 'in', msg, error: reason });
          diagnose('protocol_error', reason, msg);
          return true;
        }
        if (!outstanding.delete(id)) {
          const reason = `Ignored an answer to request id ${JSON.stringify(id)}, which is not pending.`;
          traffic.record({ dir: 'in', msg, error: reason });
          diagnose('protocol_error', reason, msg);
          return true;
        }
      }
      traffic.record({ dir: 'in', msg });
      if ('method' in msg && msg.method === acp.methods.client.session.update && !('id' in msg && msg.id != null)) {
        onSessionUpdate((msg as { params?: unknown }).params);
        return true;
      }
      return false;
    },

    outbound(msg: acp.AnyMessage) {
      const id = (msg as { id?: unknown }).id;
      if ('method' in msg && (typeof id === 'string' || typeof id === 'number')) {
        const params = (msg as { params?: unknown }).params;
        outstanding.set(id, isRecord(params) && isString(params.sessionId) ? params.sessionId : null);
      }
      traffic.record({ dir: 'out', msg });
    },
  };
}
