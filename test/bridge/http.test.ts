// The bridge's Streamable HTTP endpoint, over real loopback HTTP with the SDK's own HTTP client
// (`createHttpStream`) and raw `fetch` for what a client should not do.
import { createServer } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import { createHttpStream } from '@agentclientprotocol/sdk/experimental/http-client';
import { attachBridge } from '../../bridge/server.mjs';
import { AGENT_SCRIPT, closeAllBridges, INIT_PARAMS, isAlive, RawClient, startTestBridge, waitForExit, waitForLog, EMOJI_TEXT } from './helpers.js';

afterEach(closeAllBridges);

function connectHttp(url: string, notifications: { method: string; params: unknown }[] = []) {
  const chunks: string[] = [];
  const conn = acp
    .client({ name: 'bridge-http-test' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      const { update } = params;
      if (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text') chunks.push(update.content.text);
    })
    .onNotification(
      '_acp-react/bridge/features',
      (params) => params,
      ({ params }) => {
        notifications.push({ method: '_acp-react/bridge/features', params });
      },
    )
    .onNotification(
      '_acp-react/bridge/closing',
      (params) => params,
      ({ params }) => {
        notifications.push({ method: '_acp-react/bridge/closing', params });
      },
    )
    .connect(createHttpStream(url, { cookies: 'omit' }));
  return { conn, chunks };
}

async function initialize(conn: acp.ClientConnection): Promise<acp.InitializeResponse> {
  return conn.agent.request(acp.methods.agent.initialize, { ...INIT_PARAMS, clientInfo: { name: 'bridge-http-test', version: '0' } });
}

/** POSTs an initialize by hand; resolves with the connection id and the agent's pid. */
async function rawInitialize(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS }),
  });
  const body = (await response.json()) as { result: { _meta: { pid: number } } };
  return { response, connectionId: response.headers.get('Acp-Connection-Id') ?? '', pid: body.result._meta.pid };
}

describe('acp-react-bridge over Streamable HTTP', () => {
  it('runs a full turn through the SDK HTTP client, next to WebSocket clients on the same port', async () => {
    const { bridge } = await startTestBridge();
    expect(bridge.httpUrl).toBe(bridge.url.replace('ws://', 'http://'));
    const notifications: { method: string; params: unknown }[] = [];
    const { conn, chunks } = connectHttp(`${bridge.httpUrl}/acp`, notifications);
    const init = await initialize(conn);
    expect(init.agentInfo?.name).toBe('stdio-fixture-agent');
    expect(init._meta?.['acp-react/bridge']).toMatchObject({ protocolVersion: 1 });
    const { sessionId } = await conn.agent.request(acp.methods.agent.session.new, { cwd: '/tmp', mcpServers: [] });
    const { stopReason } = await conn.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'hi over http' }] });
    expect(stopReason).toBe('end_turn');
    expect(chunks[0]).toBe('Hello');
    expect(chunks).toContain(EMOJI_TEXT);
    expect(chunks.at(-1)).toBe('echo: hi over http');
    await vi.waitFor(() => expect(notifications.map((n) => n.method)).toContain('_acp-react/bridge/features'));

    // A WebSocket client on the same endpoint gets an agent of its own.
    const ws = await RawClient.open(bridge.url);
    await ws.request('initialize', INIT_PARAMS);
    expect(bridge.agentPids()).toHaveLength(2);
    await ws.close();

    const pid = init._meta?.pid as number;
    conn.close();
    await conn.closed;
    await waitForExit(pid); // the DELETE ended the connection and its agent
  });

  it('stops the agent of a connection that never opens its event stream', async () => {
    const { bridge, logs } = await startTestBridge({ httpIdleTimeoutMs: 200 });
    const { response, pid, connectionId } = await rawInitialize(bridge.httpUrl);
    expect(response.status).toBe(200);
    expect(connectionId).not.toBe('');
    expect(isAlive(pid)).toBe(true);
    await waitForExit(pid);
    await waitForLog(logs, /no event stream open for 200 ms; closing the connection/);
    // The connection is gone: the SDK answers it 404, which tells a client to start over.
    const after = await fetch(bridge.httpUrl, { headers: { Accept: 'text/event-stream', 'Acp-Connection-Id': connectionId } });
    expect(after.status).toBe(404);
  });

  it('stops the agent when the event stream of an abandoned connection closes', async () => {
    const { bridge } = await startTestBridge({ httpIdleTimeoutMs: 300 });
    const { pid, connectionId } = await rawInitialize(bridge.httpUrl);
    const abort = new AbortController();
    const events = await fetch(bridge.httpUrl, { headers: { Accept: 'text/event-stream', 'Acp-Connection-Id': connectionId }, signal: abort.signal });
    expect(events.status).toBe(200);
    expect(events.headers.get('x-accel-buffering')).toBe('no');
    const reader = events.body!.getReader();
    // The stream speaks at once (a comment), then the bridge's features notification.
    let text = '';
    while (!text.includes('_acp-react/bridge/features')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text.startsWith(': stream open')).toBe(true);
    expect(isAlive(pid)).toBe(true);
    abort.abort(); // the page went away without a DELETE
    await waitForExit(pid);
    expect(bridge.agentPids()).toEqual([]);
  });

  it('tells the client why it ends the connection (the agent exited) before the stream ends', async () => {
    const { bridge } = await startTestBridge();
    const notifications: { method: string; params: unknown }[] = [];
    const { conn } = connectHttp(bridge.httpUrl, notifications);
    await initialize(conn);
    const { sessionId } = await conn.agent.request(acp.methods.agent.session.new, { cwd: '/tmp', mcpServers: [] });
    await expect(conn.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'crash' }] })).rejects.toBeDefined();
    await conn.closed;
    expect(notifications).toContainEqual({ method: '_acp-react/bridge/closing', params: { code: 1011, reason: expect.stringMatching(/exited with code 3/) } });
    expect(bridge.agentPids()).toEqual([]);
  });
});

describe('acp-react-bridge over Streamable HTTP: who may connect', () => {
  it('answers CORS preflights for allowed origins only, and exposes the connection id', async () => {
    const { bridge } = await startTestBridge({ allowOrigins: ['https://app.example.com'] });
    const preflight = (origin: string) =>
      fetch(bridge.httpUrl, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,acp-connection-id' },
      });
    const allowed = await preflight('https://app.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/Acp-Connection-Id/);
    const foreign = await preflight('https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    const { response, pid } = await rawInitialize(bridge.httpUrl, { Origin: 'http://localhost:5173' });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/Acp-Connection-Id/);
    expect(isAlive(pid)).toBe(true);
  });

  it('refuses a foreign Origin and a missing or wrong token before any agent starts', async () => {
    const { bridge, logs } = await startTestBridge({ token: 's3cret' });
    const post = (url: string, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS }),
      });
    const foreign = await post(`${bridge.httpUrl}/?token=s3cret`, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toMatch(/Origin "https:\/\/evil.example" is not allowed.*--allow-origin/);
    const missing = await post(bridge.httpUrl);
    expect(missing.status).toBe(401);
    expect(await missing.text()).toMatch(/missing token/);
    const wrong = await post(bridge.httpUrl, { Authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    await waitForLog(logs, /refused POST .* 401 invalid token/);
    expect(bridge.agentPids()).toEqual([]);

    const byQuery = await post(`${bridge.httpUrl}/?token=s3cret`);
    expect(byQuery.status).toBe(200);
    const byHeader = await post(bridge.httpUrl, { Authorization: 'Bearer s3cret' });
    expect(byHeader.status).toBe(200);
    // Every request is checked, not only the initialize.
    const events = await fetch(bridge.httpUrl, { headers: { Accept: 'text/event-stream', 'Acp-Connection-Id': byHeader.headers.get('Acp-Connection-Id')! } });
    expect(events.status).toBe(401);
  });

  it('answers what is not ACP over HTTP with the status the transport defines', async () => {
    const { bridge } = await startTestBridge();
    const plain = await fetch(bridge.httpUrl);
    expect(plain.status).toBe(426);
    expect(await plain.text()).toMatch(/WebSocket.*Streamable HTTP/);
    const text = await fetch(bridge.httpUrl, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    const { connectionId } = await rawInitialize(bridge.httpUrl);
    const notEvents = await fetch(bridge.httpUrl, { headers: { Accept: 'application/json', 'Acp-Connection-Id': connectionId } });
    expect(notEvents.status).toBe(406);
    const unknown = await fetch(bridge.httpUrl, { headers: { Accept: 'text/event-stream', 'Acp-Connection-Id': 'no-such-connection' } });
    expect(unknown.status).toBe(404);
  });

  it('with --shared, serves several HTTP pages at once, each with the role its token gives', async () => {
    const { bridge } = await startTestBridge({ shared: true, token: 'controller-secret', observerToken: 'observer-secret' });
    /** POSTs an initialize with a token: the answer's bridge entry says the page's role. */
    const initializeWith = async (token: string) => {
      const response = await fetch(bridge.httpUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { result: { _meta: Record<string, { features: { shared: { role: string } } }> } };
      return body.result._meta['acp-react/bridge']?.features.shared.role;
    };
    expect(await initializeWith('controller-secret')).toBe('controller');
    // The second page is not refused (the agent is one, the pages are many).
    expect(await initializeWith('observer-secret')).toBe('observer');
    const wrong = await fetch(bridge.httpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer nope' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS }),
    });
    expect(wrong.status).toBe(401);
    expect(bridge.agentPids()).toHaveLength(1);
  });
});

describe('attachBridge over Streamable HTTP', () => {
  it("serves HTTP at its path and leaves every other path to the host's handler", async () => {
    const server = createServer((_request, response) => response.end('host page'));
    const bridge = attachBridge(server, { path: '/acp', command: process.execPath, args: [AGENT_SCRIPT], log: () => {} });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const page = await fetch(`http://127.0.0.1:${port}/index.html`);
      expect(await page.text()).toBe('host page');
      expect(await (await fetch(`http://127.0.0.1:${port}/acp`)).text()).toBe('host page'); // a plain GET stays the host's
      const { conn, chunks } = connectHttp(`http://127.0.0.1:${port}/acp`);
      await initialize(conn);
      const { sessionId } = await conn.agent.request(acp.methods.agent.session.new, { cwd: '/tmp', mcpServers: [] });
      await conn.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'attached' }] });
      expect(chunks.at(-1)).toBe('echo: attached');
      conn.close();
      await conn.closed;
    } finally {
      await bridge.close();
      // Closed, the bridge gives the path back to the host.
      const { port } = server.address() as { port: number };
      expect(await (await fetch(`http://127.0.0.1:${port}/acp`, { method: 'POST', body: '{}' })).text()).toBe('host page');
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
