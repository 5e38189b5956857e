/**
 * Sending a request to the agent: on the current connection (or a given one, while it is being
 * initialized), with a timeout that cancels it (`$/cancel_request`), and every failure as an
 * `AcpClientError`. An "auth required" answer, from any request, marks the snapshot's `auth`.
 */
import { AcpClientError, ErrorCodes, isAuthRequired, toAcpError } from '../errors.js';
import { isRecord } from '../guards.js';
import type { AcpSnapshot } from '../types.js';
import type { AgentPeer } from './agent-peer.js';

export interface RequestOptions {
  timeoutMs?: number;
  conn?: AgentPeer;
  /** The host's abort: cancels the request (`$/cancel_request`) and rejects with -32800. */
  signal?: AbortSignal;
}

export type Request = <T>(method: string, params: unknown, options?: RequestOptions) => Promise<T>;

/**
 * `requireConnection` gives the open, initialized connection (or throws); a request that names
 * its connection (a prompt's turn) goes out on that one. `url` names the agent in
 * connection errors.
 */
export function createRequest(
  requireConnection: () => AgentPeer,
  update: (fn: (snapshot: AcpSnapshot) => AcpSnapshot) => void,
  defaultTimeoutMs: number,
  url: string | undefined,
): Request {
  async function request<T>(method: string, params: unknown, { timeoutMs = defaultTimeoutMs, conn, signal }: RequestOptions = {}): Promise<T> {
    const c = conn ?? requireConnection();
    const cancelled = () => new AcpClientError(ErrorCodes.requestCancelled, `${method} was cancelled.`);
    if (signal?.aborted) throw cancelled();
    const controller = new AbortController();
    const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(), timeoutMs) : null;
    const abort = () => controller.abort();
    signal?.addEventListener('abort', abort);
    try {
      return (await c.request(method, params, {
        cancellationSignal: controller.signal,
        stopWaitingOnCancel: true,
      })) as T;
    } catch (error) {
      if (signal?.aborted) throw cancelled();
      if (controller.signal.aborted) {
        // In seconds, exactly: 300 ms reads "0.3 s", 60,000 ms "60 s".
        throw new AcpClientError(ErrorCodes.timeout, `The agent did not answer ${method} within ${timeoutMs / 1000} s.`);
      }
      throw agentError(error, url, update);
    } finally {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  }

  return request;
}

/**
 * What an agent's error answer (or a failed request) becomes for the host: an `AcpClientError`,
 * `message_too_large` for a refused oversized answer, and an "auth required" answer marks the
 * snapshot's `auth`, whichever request it answered (`initialize` included: see `negotiate.ts`).
 */
export function agentError(error: unknown, url: string | undefined, update: (fn: (s: AcpSnapshot) => AcpSnapshot) => void): AcpClientError {
  let normalized = toAcpError(error, url);
  // A refused oversized response is replaced by an error marked this way (see `inbound.ts`).
  if (isRecord(normalized.data) && normalized.data.reason === ErrorCodes.messageTooLarge) {
    normalized = new AcpClientError(ErrorCodes.messageTooLarge, normalized.message, normalized.data);
  }
  const info = normalized.toInfo();
  if (isAuthRequired(normalized)) update((s) => ({ ...s, auth: { ...s.auth, required: true, reason: info } }));
  return normalized;
}
