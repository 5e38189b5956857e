/**
 * A scripted raw ACP agent for fault tests: a real `ws` WebSocketServer on 127.0.0.1 with no SDK
 * on the agent side. The test's handler sees every message the client sends (parsed) and can
 * send back anything at all: well-formed JSON-RPC, malformed text, binary frames, batches, huge
 * frames. `initialize` and the session setup calls are answered by default (overridable), so a
 * test can set up a normal connection and then misbehave.
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export type JsonRpcId = string | number;

export interface RawMessage {
  jsonrpc?: string;
  id?: JsonRpcId | null;
  method?: string;
  params?: any;
  result?: any;
  error?: { code: number; message: string; data?: unknown };
}

export interface RawConnection {
  /** 0-based, in order of arrival. */
  readonly index: number;
  readonly socket: WebSocket;
  /** Every parsed message the client sent on this connection, in order. */
  readonly received: RawMessage[];
  readonly closed: boolean;
  /** Sends a JSON value (stringified) or a raw text frame as is. */
  send(message: unknown): void;
  sendText(text: string): void;
  sendBinary(data: Uint8Array): void;
  respond(id: JsonRpcId | null | undefined, result: unknown): void;
  respondError(id: JsonRpcId | null | undefined, code: number, message: string, data?: unknown): void;
  notify(method: string, params: unknown): void;
  /** `session/update` notification. */
  update(sessionId: string, update: unknown): void;
  /** Sends a request and resolves with the client's response message (result or error). */
  request(method: string, params: unknown): { id: JsonRpcId; response: Promise<RawMessage> };
  /** Every response the client sent to `id` (a correct client sends exactly one). */
  responsesTo(id: JsonRpcId): RawMessage[];
  /** Resolves with the first received message (past or future) matching `predicate`. */
  waitFor(predicate: (m: RawMessage) => boolean, what?: string, timeoutMs?: number): Promise<RawMessage>;
  /** Close with a close frame. */
  close(code?: number): void;
  /** Cut the socket without a close frame (a network drop). */
  terminate(): void;
}

/** What the handler returns: `true` (or a promise of it) when it handled the message itself. */
export type RawHandler = (message: RawMessage, conn: RawConnection) => boolean | void | Promise<boolean | void>;

export interface RawAgentOptions {
  /** Sees every client message first. Return true to suppress the default answer. */
  onMessage?: RawHandler;
  /** Called for each new connection before any message. */
  onConnection?: (conn: RawConnection) => void;
  /** Merged into the default `agentCapabilities` of the `initialize` answer. */
  agentCapabilities?: Record<string, unknown>;
  protocolVersion?: number;
  /** The `authMethods` of the `initialize` answer (default none). */
  authMethods?: unknown[];
  /** Session ids handed out by the default `session/new`: `${prefix}${n}`. */
  sessionPrefix?: string;
}

export interface RawAgent {
  url: string;
  readonly connections: RawConnection[];
  /** The most recent connection. */
  readonly current: RawConnection | undefined;
  /** Resolves with the next connection (or the existing one with this index). */
  connection(index: number, timeoutMs?: number): Promise<RawConnection>;
  /** Terminates every open socket without a close frame; resolves once they are all closed. */
  dropConnections(): Promise<void>;
  close(): Promise<void>;
}

export const isRequest = (m: RawMessage, method?: string): boolean =>
  typeof m.method === 'string' && m.id !== undefined && m.id !== null && (method === undefined || m.method === method);
export const isNotification = (m: RawMessage, method?: string): boolean =>
  typeof m.method === 'string' && m.id === undefined && (method === undefined || m.method === method);
export const isResponse = (m: RawMessage, id?: JsonRpcId): boolean => m.method === undefined && 'id' in m && (id === undefined || m.id === id);

export async function startRawAgent(options: RawAgentOptions = {}): Promise<RawAgent> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const { port } = wss.address() as AddressInfo;
  const connections: RawConnection[] = [];
  const connectionWaiters: Array<() => void> = [];
  let sessionCounter = 0;
  const prefix = options.sessionPrefix ?? 'sess-';

  const defaultAnswer = (m: RawMessage, conn: RawConnection) => {
    if (!isRequest(m)) return;
    switch (m.method) {
      case 'initialize':
        conn.respond(m.id, {
          protocolVersion: options.protocolVersion ?? 1,
          agentCapabilities: { loadSession: false, ...options.agentCapabilities },
          agentInfo: { name: 'raw-test-agent', version: '0.0.0' },
          authMethods: options.authMethods ?? [],
        });
        return;
      case 'session/new':
        conn.respond(m.id, { sessionId: `${prefix}${++sessionCounter}` });
        return;
      case 'session/load':
      case 'session/resume':
        conn.respond(m.id, {});
        return;
      default:
        // Everything else is the test's business: left unanswered on purpose.
        return;
    }
  };

  wss.on('connection', (socket) => {
    const received: RawMessage[] = [];
    const waiters = new Set<() => void>();
    let closed = false;
    let nextId = 1000;
    const pendingOut = new Map<JsonRpcId, (m: RawMessage) => void>();

    const conn: RawConnection = {
      index: connections.length,
      socket,
      received,
      get closed() {
        return closed;
      },
      send(message) {
        conn.sendText(JSON.stringify(message));
      },
      sendText(text) {
        if (socket.readyState === socket.OPEN) socket.send(text, { binary: false });
      },
      sendBinary(data) {
        if (socket.readyState === socket.OPEN) socket.send(data, { binary: true });
      },
      respond(id, result) {
        conn.send({ jsonrpc: '2.0', id, result });
      },
      respondError(id, code, message, data) {
        conn.send({ jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } });
      },
      notify(method, params) {
        conn.send({ jsonrpc: '2.0', method, params });
      },
      update(sessionId, update) {
        conn.notify('session/update', { sessionId, update });
      },
      request(method, params) {
        const id = nextId++;
        const response = new Promise<RawMessage>((resolve) => pendingOut.set(id, resolve));
        conn.send({ jsonrpc: '2.0', id, method, params });
        return { id, response };
      },
      responsesTo(id) {
        return received.filter((m) => isResponse(m, id));
      },
      waitFor(predicate, what = 'message', timeoutMs = 5000) {
        return new Promise((resolve, reject) => {
          const check = () => {
            const found = received.find(predicate);
            if (!found) return false;
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
            return true;
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            reject(new Error(`raw agent: timed out waiting for ${what}; received ${JSON.stringify(received.map((m) => m.method ?? `response ${m.id}`))}`));
          }, timeoutMs);
          if (!check()) waiters.add(check);
        });
      },
      close(code = 1000) {
        socket.close(code);
      },
      terminate() {
        socket.terminate();
      },
    };
    connections.push(conn);
    for (const wake of connectionWaiters.splice(0)) wake();
    options.onConnection?.(conn);

    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let message: RawMessage;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      received.push(message);
      if (isResponse(message) && message.id != null) {
        const resolve = pendingOut.get(message.id);
        if (resolve) {
          pendingOut.delete(message.id);
          resolve(message);
        }
      }
      void (async () => {
        const handled = await options.onMessage?.(message, conn);
        if (handled !== true) defaultAnswer(message, conn);
      })();
      for (const check of [...waiters]) check();
    });
    socket.on('close', () => {
      closed = true;
    });
  });

  return {
    url: `ws://127.0.0.1:${port}`,
    connections,
    get current() {
      return connections[connections.length - 1];
    },
    connection(index, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`raw agent: no connection #${index}`)), timeoutMs);
        const check = () => {
          const found = connections[index];
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else connectionWaiters.push(check);
        };
        check();
      });
    },
    async dropConnections() {
      const open = [...wss.clients];
      await Promise.all(
        open.map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === socket.CLOSED) return resolve();
              socket.once('close', () => resolve());
              socket.terminate();
            }),
        ),
      );
    },
    async close() {
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
