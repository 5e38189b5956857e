// @ts-check
/**
 * Serves the demo agent over WebSocket on loopback: `ws://127.0.0.1:PORT/acp`.
 *
 * One agent app per socket, so per-connection options can come from the URL query. All sockets
 * share one session store, so sessions survive a dropped connection and can be loaded or resumed
 * from the next one.
 *
 * Two transports:
 * - `acp-server` (default): the SDK's experimental `AcpServer` (first frame must be `initialize`,
 *   otherwise the socket closes with 1002; a second `initialize` is rejected; connection limits).
 * - `direct`: each socket is wrapped as an SDK `Stream` (one JSON text frame per message) and
 *   connected with `agent.connect(stream)`. The agent side is about 2.5x cheaper per message, but it
 *   does not pace output, so an in-process client floods; end to end against the SDK client both are
 *   equally fast. Protocol rules come from the SDK app: requests before `initialize` get -32600, a
 *   second `initialize` gets -32600, batches -32600, bad JSON -32700, binary frames are ignored.
 * Both send an `Acp-Connection-Id` header on the 101 response. The ACP version each socket is served
 * in comes from the `protocol` option or its `?protocol=` query (`createDemoAgentFor`: 1, 2 or auto).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { AcpServer } from '@agentclientprotocol/sdk/experimental/server';
import { DemoSessionStore, parseDemoAgentQuery } from './agent.mjs';
import { createDemoAgentFor } from './agent-v2.mjs';

/**
 * @typedef {import('./options.mjs').DemoAgentOptions} DemoAgentOptions
 * @typedef {DemoAgentOptions & { port?: number, host?: string, path?: string, transport?: 'direct' | 'acp-server' }} DemoAgentServerOptions
 *
 * @typedef {object} DemoAgentServer
 * @property {string} url  `ws://HOST:PORT/acp`
 * @property {number} port
 * @property {DemoSessionStore} store  the shared session store
 * @property {number} connections  open WebSocket connections (live getter)
 * @property {() => Promise<number>} dropConnections  terminates every socket abruptly (no close frame), like a network cut; resolves with how many were dropped once they are all gone. Sessions stay in the store.
 * @property {() => Promise<void>} close  drops every socket and stops listening
 */

const CONNECTION_ID_HEADER = 'Acp-Connection-Id';
/** Above this many unsent bytes, a write waits until ws has flushed it (backpressure). */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;

/**
 * Wraps a `ws` socket as an SDK stream: one JSON-RPC message per text frame.
 * @param {import('ws').WebSocket} ws
 * @returns {import('@agentclientprotocol/sdk').Stream}
 */
function socketStream(ws) {
  /** @type {ReadableStreamDefaultController<any>} */
  let controller;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    try {
      controller.close();
    } catch {
      // already closed
    }
  };
  const readable = new ReadableStream({
    start(c) {
      controller = c;
    },
    cancel() {
      ended = true;
      ws.close(1000);
    },
  });
  ws.on('message', (data, isBinary) => {
    if (ended || isBinary) return;
    let message;
    try {
      message = JSON.parse(String(data));
    } catch {
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    controller.enqueue(message);
  });
  ws.on('close', end);
  ws.on('error', end);
  const writable = new WritableStream({
    write(message) {
      if (ws.readyState !== ws.OPEN) throw new Error('WebSocket is closed');
      const text = JSON.stringify(message);
      if (ws.bufferedAmount < HIGH_WATER_BYTES) {
        ws.send(text);
        return undefined;
      }
      return new Promise((resolve, reject) => ws.send(text, (error) => (error ? reject(error) : resolve(undefined))));
    },
    close() {
      ws.close(1000);
    },
    abort() {
      ws.terminate();
    },
  });
  return { readable, writable };
}

/**
 * @param {DemoAgentServerOptions} [options]
 * @returns {Promise<DemoAgentServer>}
 */
export async function startDemoAgentServer(options = {}) {
  const { port = 0, host = '127.0.0.1', path = '/acp', transport = 'acp-server', ...agentOptions } = options;
  const store = agentOptions.store ?? new DemoSessionStore();
  const base = { ...agentOptions, store };

  const acpServer = new AcpServer({ createAgent: () => createDemoAgentFor(base) });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 32 * 1024 * 1024 });
  /** @type {Set<import('ws').WebSocket>} */
  const sockets = new Set();
  let closing = false;

  const http = createServer((req, res) => {
    const body = `Demo ACP agent. Connect a WebSocket to ws://${req.headers.host ?? `${host}:${port}`}${path}\n`;
    res.writeHead(req.url?.startsWith(path) ? 426 : 404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(body);
  });

  http.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (closing || url.pathname !== path) {
      socket.end(`HTTP/1.1 ${closing ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    /** @type {{ connectionId: string, accept(ws: import('ws').WebSocket): void, reject(): void } | undefined} */
    let upgrade;
    let accepted = false;
    /** @param {string[]} headers @param {import('node:http').IncomingMessage} request */
    const onHeaders = (headers, request) => {
      if (request === req && upgrade) headers.push(`${CONNECTION_ID_HEADER}: ${upgrade.connectionId}`);
    };
    const cleanup = () => {
      wss.off('headers', onHeaders);
      socket.off('close', cleanup);
      socket.off('close', onFailed);
      socket.off('error', onFailed);
    };
    const onFailed = () => {
      if (accepted) return;
      cleanup();
      upgrade?.reject();
    };
    const agent = createDemoAgentFor({ ...base, ...parseDemoAgentQuery(url.searchParams) });
    /** @param {import('ws').WebSocket} ws */
    const track = (ws) => {
      sockets.add(ws);
      ws.once('close', () => sockets.delete(ws));
    };
    if (transport === 'direct') {
      upgrade = { connectionId: randomUUID(), accept() {}, reject() {} };
      wss.on('headers', onHeaders);
      socket.once('close', cleanup);
      wss.handleUpgrade(req, socket, head, (ws) => {
        cleanup();
        track(ws);
        agent.connect(socketStream(ws));
      });
      return;
    }
    try {
      upgrade = acpServer.prepareWebSocketUpgrade({ agent });
      wss.on('headers', onHeaders);
      socket.once('close', onFailed);
      socket.once('error', onFailed);
      wss.handleUpgrade(req, socket, head, (ws) => {
        accepted = true;
        cleanup();
        track(ws);
        upgrade?.accept(ws);
      });
    } catch (error) {
      cleanup();
      upgrade?.reject();
      socket.destroy(error instanceof Error ? error : undefined);
    }
  });

  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve(undefined);
    });
  });
  const address = http.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  /** @returns {Promise<number>} */
  async function dropConnections() {
    const dropped = [...sockets];
    await Promise.all(
      dropped.map(
        (ws) =>
          new Promise((resolve) => {
            if (ws.readyState === ws.CLOSED) return resolve(undefined);
            ws.once('close', () => resolve(undefined));
            ws.terminate();
          }),
      ),
    );
    return dropped.length;
  }

  return {
    url: `ws://${urlHost}:${actualPort}${path}`,
    port: actualPort,
    store,
    get connections() {
      return sockets.size;
    },
    dropConnections,
    async close() {
      if (closing) return;
      closing = true;
      await dropConnections();
      await acpServer.close();
      await new Promise((resolve) => wss.close(() => resolve(undefined)));
      await new Promise((resolve) => {
        http.close(() => resolve(undefined));
        http.closeAllConnections();
      });
    },
  };
}
