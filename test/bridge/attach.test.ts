// attachBridge: the bridge mounted on a host's own HTTP server at a path, next to the host's pages
// and another WebSocket endpoint, driven over loopback by the real SDK client and raw sockets.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { WebSocketServer } from 'ws';
import * as acp from '@agentclientprotocol/sdk';
import { attachBridge } from '../../bridge/index.mjs';
import { AGENT_SCRIPT, RawClient, connectSdk, expectRefusal, initialize, waitForExit, waitForLog } from './helpers';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A host app: its own page at every path, listening on a free loopback port. */
async function startHostServer(): Promise<{ server: Server; base: string }> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' }).end(`host page ${request.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, base: `127.0.0.1:${port}` };
}

function attach(server: Server, options: { path: string; allowOrigins?: string[]; token?: string }) {
  const logs: string[] = [];
  const bridge = attachBridge(server, {
    command: process.execPath,
    args: [AGENT_SCRIPT],
    killTimeoutMs: 2000,
    log: (level, message) => logs.push(`${level}: ${message}`),
    ...options,
  });
  cleanups.push(() => bridge.close());
  return { bridge, logs };
}

describe('attachBridge: the bridge on a host server', () => {
  it('runs a full turn over a WebSocket at its path while the host keeps serving its pages', async () => {
    const { server, base } = await startHostServer();
    const { bridge } = attach(server, { path: '/acp' });
    expect(bridge.path).toBe('/acp');

    const client = connectSdk(`ws://${base}/acp`, { headers: { Origin: 'http://localhost:3000' } });
    try {
      expect((await initialize(client.conn)).agentInfo?.name).toBe('stdio-fixture-agent');
      const { sessionId } = await client.conn.agent.request(acp.methods.agent.session.new, { cwd: process.cwd(), mcpServers: [] });
      const { stopReason } = await client.conn.agent.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: 'mounted' }],
      });
      expect(stopReason).toBe('end_turn');
      expect(client.chunks().at(-1)).toBe('echo: mounted');
      expect(bridge.agentPids()).toHaveLength(1);

      // Plain requests, even to the bridge's own path, are the host's.
      expect(await (await fetch(`http://${base}/acp`)).text()).toBe('host page /acp');
      expect(await (await fetch(`http://${base}/`)).text()).toBe('host page /');
    } finally {
      client.conn.close();
    }
  });

  it("leaves upgrades to other paths to the host's other WebSocket endpoints", async () => {
    const { server, base } = await startHostServer();
    const hmr = new WebSocketServer({ noServer: true });
    server.on('upgrade', (request, socket, head) => {
      if (request.url !== '/hmr') return;
      hmr.handleUpgrade(request, socket, head, (ws) => ws.send(JSON.stringify({ hello: 'from the host' })));
    });
    cleanups.push(() => new Promise((resolve) => hmr.close(() => resolve())));
    const { bridge } = attach(server, { path: '/acp' });

    const other = await RawClient.open(`ws://${base}/hmr`);
    expect(await other.waitFor((message) => 'hello' in message)).toEqual({ hello: 'from the host' });
    await other.close();
    expect(bridge.agentPids()).toEqual([]);

    // The query string is not part of the path.
    const agentSocket = await RawClient.open(`ws://${base}/acp?session=1`);
    expect((await agentSocket.request('initialize', { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} })).result).toBeDefined();
    await agentSocket.close();
  });

  it('refuses upgrades to other paths with 404 when nothing else listens for them', async () => {
    const { server, base } = await startHostServer();
    attach(server, { path: '/acp' });
    expect((await expectRefusal(`ws://${base}/elsewhere`)).status).toBe(404);
    expect((await expectRefusal(`ws://${base}/acp/extra`)).status).toBe(404);
  });

  it('applies the Origin and token checks of the standalone bridge', async () => {
    const { server, base } = await startHostServer();
    const { logs } = attach(server, { path: '/agent', allowOrigins: ['https://ide.example.com'], token: 'secret-token' });
    expect((await expectRefusal(`ws://${base}/agent?token=secret-token`, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await expectRefusal(`ws://${base}/agent`, { origin: 'https://ide.example.com' })).status).toBe(401);
    await waitForLog(logs, /refused connection .*401/);
    const accepted = await RawClient.open(`ws://${base}/agent`, { origin: 'https://ide.example.com', protocols: ['acp-token.secret-token'] });
    expect(accepted.ws.protocol).toBe('acp-token.secret-token');
    await accepted.close();
  });

  it('close() closes its sockets with 1001 and stops its agents; the host server keeps running', async () => {
    const { server, base } = await startHostServer();
    const { bridge } = attach(server, { path: '/acp' });
    const client = await RawClient.open(`ws://${base}/acp`);
    await client.request('initialize', { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} });
    const [pid] = bridge.agentPids();
    expect(pid).toBeTypeOf('number');

    await bridge.close();
    expect((await client.closed).code).toBe(1001);
    await waitForExit(pid);
    expect(server.listening).toBe(true);
    expect(server.listenerCount('upgrade')).toBe(0);
    expect(await (await fetch(`http://${base}/`)).text()).toBe('host page /');
  });

  it('needs an absolute path and a runnable command', async () => {
    const { server } = await startHostServer();
    const options = { command: process.execPath, args: [AGENT_SCRIPT], log: () => {} };
    expect(() => attachBridge(server, { ...options, path: 'acp' })).toThrow(/must be a URL path starting with "\/"/);
    expect(() => attachBridge(server, { ...options } as never)).toThrow(/`path`/);
    expect(() => attachBridge(server, { path: '/acp', command: 'acp-react-no-such-agent', log: () => {} })).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
    expect(server.listenerCount('upgrade')).toBe(0);
  });
});
