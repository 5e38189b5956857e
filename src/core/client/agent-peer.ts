/**
 * The connection to the agent as the client's requests, turns and actions use it, whichever SDK
 * client app (ACP v1 or v2) is underneath, and what the client registers its handlers on. A leaf:
 * `connection.ts` makes peers; `request.ts`, `agent-requests.ts` and `protocol-v2.ts` use them.
 */

/** What a connection offers the client, on either version. */
export interface AgentPeer {
  request(method: string, params: unknown, options?: { cancellationSignal?: AbortSignal; stopWaitingOnCancel?: boolean }): Promise<unknown>;
  notify(method: string, params: unknown): Promise<void>;
  /** Aborts when the connection closes. */
  readonly signal: AbortSignal;
  readonly closed: Promise<void>;
  close(): void;
}

/** The agent-side methods of an SDK connection (`conn.agent`, v1 or v2) and its lifecycle, as an `AgentPeer`. */
export const toPeer = (
  agent: { request(method: string, params: never, options?: object): Promise<unknown>; notify(method: string, params: never): Promise<void> },
  conn: { signal: AbortSignal; closed: Promise<void>; close(): void },
): AgentPeer => ({
  request: (method, params, options) => agent.request(method, params as never, options),
  notify: (method, params) => agent.notify(method, params as never),
  signal: conn.signal,
  closed: conn.closed,
  close: () => conn.close(),
});

/** What the client registers its handlers on: the SDK's v1 and v2 client apps alike. */
export interface HandlerApp {
  onRequest(method: string, handler: (ctx: { method: string; params: never; signal: AbortSignal }) => unknown): unknown;
  onNotification(method: string, handler: (ctx: { method: string; params: never }) => unknown): unknown;
}
