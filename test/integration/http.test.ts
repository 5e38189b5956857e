/**
 * createAcpClient over Streamable HTTP, on real loopback HTTP: against the demo agent served by the
 * SDK's own `AcpServer` (the real SDK on both sides), through acp-react-bridge, and against small
 * raw HTTP servers for what misbehaving servers and proxies do.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AcpServer } from '@agentclientprotocol/sdk/experimental/server';
import { createNodeHttpHandler } from '@agentclientprotocol/sdk/experimental/node';
import { createDemoAgent, DemoSessionStore } from '../../demo-agent/agent.mjs';
import type { AcpClient, AcpClientOptions } from '../../src/core/index.js';
import { makeClient, WORKSPACE } from '../helpers/demo.js';
import { waitForSnapshot } from '../helpers/wait.js';
import { closeAllBridges, startTestBridge } from '../bridge/helpers.js';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  await closeAllBridges();
});

async function listen(handler: Handler): Promise<string> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handler(request, response, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/acp`;
}

/**
 * The demo agent behind the SDK's `AcpServer` (one session store, so sessions survive a new
 * connection), with a front that can forget connections: their requests get 404 as from a server
 * that restarted or lost them, while their streams stay open.
 */
async function startDemoHttp() {
  const store = new DemoSessionStore();
  const acpServer = new AcpServer({ createAgent: () => createDemoAgent({ store }) });
  const sdk = createNodeHttpHandler(acpServer);
  const lost = new Set<string>();
  const seen = new Set<string>();
  const server = createServer((request, response) => {
    const id = request.headers['acp-connection-id'];
    if (typeof id === 'string' && lost.has(id)) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Unknown Acp-Connection-Id');
      return;
    }
    if (typeof id === 'string') seen.add(id);
    sdk(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    await acpServer.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/acp`,
    loseConnections: () => seen.forEach((id) => lost.add(id)),
  };
}

function client(url: string, overrides: Partial<AcpClientOptions> = {}): AcpClient {
  const { client: made } = makeClient(url, { WebSocket: undefined, ...overrides });
  cleanups.push(() => made.disconnect());
  return made;
}

const threadText = (c: AcpClient, sessionId: string) =>
  c
    .getSnapshot()
    .sessions[sessionId]!.thread.items.toArray()
    .map((item) => JSON.stringify(item))
    .join('\n');

describe('Streamable HTTP: the demo agent behind the SDK server', () => {
  it('infers HTTP from the URL and runs a full turn, with the traffic recorded', async () => {
    const demo = await startDemoHttp();
    const c = client(demo.url);
    await c.connect();
    expect(c.getSnapshot().agent?.info?.name).toBe('acp-react-demo-agent');
    const sessionId = (await c.newSession({ cwd: WORKSPACE })).sessionId;
    await c.prompt(sessionId, '/hello');
    const snapshot = c.getSnapshot();
    expect(snapshot.sessions[sessionId]!.thread.items.toArray().some((item) => item.kind === 'agent_message')).toBe(true);
    const methods = c.traffic.entries().map((e) => `${e.dir} ${(e.msg as { method?: string } | undefined)?.method ?? ''}`);
    expect(methods).toContain('out initialize');
    expect(methods).toContain('in session/update');
  });

  it('reconnects and restores its sessions when the server no longer knows the connection (404)', async () => {
    const demo = await startDemoHttp();
    const c = client(demo.url);
    const errors: string[] = [];
    c.subscribe(() => {
      const message = c.getSnapshot().error?.message;
      if (message && errors.at(-1) !== message) errors.push(message);
    });
    await c.connect();
    const sessionId = (await c.newSession({ cwd: WORKSPACE })).sessionId;
    await c.prompt(sessionId, '/hello');
    demo.loseConnections();
    await expect(c.prompt(sessionId, '/again')).rejects.toBeDefined();
    await waitForSnapshot(c, (s) => s.status === 'ready' && s.sessions[sessionId]?.status === 'active', 15_000, 'a restored session');
    expect(errors.some((message) => /no longer knows this connection \(HTTP 404/.test(message))).toBe(true);
    await c.prompt(sessionId, '/after-the-reconnect');
    expect(threadText(c, sessionId)).toMatch(/after-the-reconnect/);
  });

  it('refuses a session past maxHttpSessions with a clear error, and frees the stream of a closed one', async () => {
    const demo = await startDemoHttp();
    const c = client(demo.url, { maxHttpSessions: 2 });
    await c.connect();
    const first = (await c.newSession({ cwd: WORKSPACE })).sessionId;
    await c.newSession({ cwd: WORKSPACE });
    const refusal = await c.newSession({ cwd: WORKSPACE }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ data: { reason: 'session_limit', limit: 2 } });
    expect((refusal as Error).message).toMatch(/already holds 2 sessions open over HTTP .* six HTTP\/1.1 connections per host/);
    // The sessions there keep working.
    await c.prompt(first, '/still-here');
    expect(threadText(c, first)).toMatch(/still-here/);
    await c.closeSession(first);
    await expect(c.newSession({ cwd: WORKSPACE })).resolves.toMatchObject({ sessionId: expect.any(String) });
  });
});

describe('Streamable HTTP through acp-react-bridge', () => {
  it('shows why the bridge ended the connection', async () => {
    const { bridge } = await startTestBridge();
    const c = client(bridge.httpUrl, { reconnect: false });
    await c.connect();
    const sessionId = (await c.newSession({ cwd: '/tmp' })).sessionId;
    await c.prompt(sessionId, 'crash').catch(() => {});
    const snapshot = await waitForSnapshot(c, (s) => s.status === 'error', 15_000, 'the connection to end');
    expect(snapshot.error?.message).toMatch(/ended the connection: agent exited with code 3/);
  });
});

describe('Streamable HTTP: servers that do not speak it', () => {
  const initializeOk = (response: ServerResponse, body: string, headers: Record<string, string> = {}) => {
    const { id } = JSON.parse(body) as { id: number };
    const result = { protocolVersion: 1, agentCapabilities: {}, authMethods: [] };
    response.writeHead(200, { 'Content-Type': 'application/json', 'Acp-Connection-Id': 'c1', ...headers }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));
  };

  it.each([
    [415, 'Unsupported Media Type', /refused the initialize \(HTTP 415.*does not take JSON-RPC over POST/],
    [404, 'Not Found', /refused the initialize \(HTTP 404.*check its path/],
  ])('an initialize answered %i', async (status, text, message) => {
    const url = await listen((_request, response) => response.writeHead(status, { 'Content-Type': 'text/plain' }).end(text));
    const c = client(url, { reconnect: false });
    await expect(c.connect()).rejects.toMatchObject({ code: 'connection_failed', message: expect.stringMatching(message) });
    expect(c.getSnapshot().error?.message).toMatch(message);
  });

  it.each([
    ['an endpoint without SSE (JSON on GET)', 200, 'application/json', /answered the event stream request with application\/json, not text\/event-stream/],
    ['a 406 to the event stream', 406, 'text/plain', /refused the event stream \(HTTP 406.*serves no ACP event streams/],
    ['a 405 to the event stream', 405, 'text/plain', /refused the event stream \(HTTP 405.*serves no event streams \(SSE\)/],
  ])('%s', async (_name, status, type, message) => {
    const url = await listen((request, response, body) => {
      if (request.method === 'POST' && !request.headers['acp-connection-id']) return initializeOk(response, body);
      if (request.method === 'GET') return response.writeHead(status, { 'Content-Type': type }).end('{}');
      response.writeHead(202).end();
    });
    const c = client(url, { reconnect: { initialDelayMs: 20, maxDelayMs: 50, jitter: 0, maxAttempts: 1 } });
    await c.connect().catch(() => {});
    await waitForSnapshot(c, (s) => message.test(s.error?.message ?? '') && ['reconnecting', 'error'].includes(s.status), 10_000, 'the error');
  });

  it('a proxy that buffers the event stream: the stream is given up with a reason, and the client reconnects', async () => {
    let initializes = 0;
    const url = await listen((request, response, body) => {
      if (request.method === 'POST' && !request.headers['acp-connection-id']) {
        initializes++;
        return initializeOk(response, body);
      }
      // Headers out, then nothing: what a page sees behind a proxy that buffers the body.
      if (request.method === 'GET') return void response.writeHead(200, { 'Content-Type': 'text/event-stream' }).flushHeaders();
      response.writeHead(202).end();
    });
    const c = client(url, { eventStreamTimeoutMs: 300, reconnect: { initialDelayMs: 20, maxDelayMs: 50, jitter: 0 } });
    await c.connect();
    const snapshot = await waitForSnapshot(c, (s) => /may be buffering it/.test(s.error?.message ?? ''), 10_000, 'the buffering error');
    expect(snapshot.error?.message).toMatch(/Nothing arrived on the agent's event stream for 0.3 s/);
    await vi.waitFor(() => expect(initializes).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
  });

  it('keeps the server cookies and sends them back, across a reconnect too (affinity)', async () => {
    const cookies: (string | undefined)[] = [];
    let connection = 0;
    const url = await listen((request, response, body) => {
      cookies.push(`${request.method} ${request.headers.cookie ?? '-'}`);
      if (request.method === 'POST' && !request.headers['acp-connection-id']) {
        connection++;
        return initializeOk(response, body, { 'Acp-Connection-Id': `c${connection}`, 'Set-Cookie': 'backend=b7; Path=/' });
      }
      if (request.method === 'GET' && connection === 1) return response.writeHead(200, { 'Content-Type': 'text/event-stream' }).end(': bye\n\n');
      if (request.method === 'GET') return void response.writeHead(200, { 'Content-Type': 'text/event-stream' }).write(': open\n\n');
      response.writeHead(202).end();
    });
    const c = client(url, { reconnect: { initialDelayMs: 20, maxDelayMs: 50, jitter: 0 } });
    await c.connect();
    await vi.waitFor(() => expect(connection).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(cookies[0]).toBe('POST -');
    expect(cookies.slice(1)).toContain('GET backend=b7');
    // The second connection's initialize reaches the same backend.
    expect(cookies.filter((line) => line?.startsWith('POST'))[1]).toBe('POST backend=b7');
  });

  it('refuses an oversized agent request on the stream, answers the agent, and reads on', async () => {
    const posted: string[] = [];
    const url = await listen((request, response, body) => {
      if (request.method === 'POST' && !request.headers['acp-connection-id']) return initializeOk(response, body);
      if (request.method === 'POST') posted.push(body);
      if (request.method === 'GET') {
        const big = JSON.stringify({ jsonrpc: '2.0', id: 'big', method: 'fs/read_text_file', params: { sessionId: 's', path: `/${'x'.repeat(5000)}` } });
        response.writeHead(200, { 'Content-Type': 'text/event-stream' });
        return void response.write(`data: ${big}\n\ndata: {"jsonrpc":"2.0","method":"_x/after","params":{}}\n\n`);
      }
      response.writeHead(202).end();
    });
    const c = client(url, { maxMessageBytes: 1000 });
    await c.connect();
    await vi.waitFor(() => expect(posted).toHaveLength(1), { timeout: 10_000 });
    expect(JSON.parse(posted[0]!)).toMatchObject({ id: 'big', error: { code: -32600, message: expect.stringMatching(/exceeds the 1000 limit/) } });
    await vi.waitFor(() => expect(c.traffic.entries().some((e) => (e.msg as { method?: string } | undefined)?.method === '_x/after')).toBe(true), {
      timeout: 10_000,
    });
    expect(c.traffic.entries().some((e) => e.error && /exceeds the 1000 limit/.test(e.error))).toBe(true);
    expect(c.getSnapshot().status).toBe('ready');
  });
});
