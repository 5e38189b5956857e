/**
 * Which ACP version the demo agent speaks: `--protocol 2` auth, `auto` (the SDK's protocol router,
 * sessions shared across versions and replayed in each client's terms), the `?protocol=` query,
 * the command line, and how a v2 turn that threw ends.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import * as v2 from '@agentclientprotocol/sdk/experimental/v2/unstable';
import { startDemoAgentServer } from '../../demo-agent/server.mjs';
import { parseDemoAgentQuery } from '../../demo-agent/agent.mjs';
import { idleAfterError } from '../../demo-agent/handlers-v2.mjs';
import { TurnStop } from '../../demo-agent/helpers.mjs';
import { recordedStream, wireUpdates } from './recorded-stream.js';
import { CWD, connectV1, connectV2, kinds, type Server } from './v2-client.js';

const m = v2.methods;

describe('demo agent auth over v2', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startDemoAgentServer({ protocol: 2, requireAuth: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('needs auth/login before session/new, and auth/logout requires it again', async () => {
    const c = connectV2(server.url);
    await c.init();
    await expect(c.newSession()).rejects.toMatchObject({ code: -32000 });
    await expect(c.agent.request(m.agent.auth.login, { methodId: 'nope' })).rejects.toMatchObject({ code: -32602 });
    await expect(c.newSession()).rejects.toThrow(/auth\/login/);
    await c.agent.request(m.agent.auth.login, { methodId: 'demo-login' });
    const { sessionId } = await c.newSession();
    expect(sessionId).toEqual(expect.any(String));
    await c.agent.request(m.agent.auth.logout, {});
    await expect(c.newSession()).rejects.toMatchObject({ code: -32000 });
    c.close();
  });
});

describe('demo agent with --protocol auto', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startDemoAgentServer({ protocol: 'auto' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers v2 to a v2 client and v1 to a v1 client', async () => {
    const c = connectV2(server.url);
    expect((await c.init()).protocolVersion).toBe(2);
    const { sessionId } = await c.newSession();
    expect((await c.turn(sessionId, '/refuse')).idle.stopReason).toBe('refusal');
    c.close();

    const conn = connectV1(server.url);
    const init = await conn.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
    expect(init.protocolVersion).toBe(1);
    expect(init.agentInfo?.name).toBe('acp-react-demo-agent');
    const session = await conn.agent.request(acp.methods.agent.session.new, { cwd: CWD, mcpServers: [] });
    const answer = await conn.agent.request(acp.methods.agent.session.prompt, { sessionId: session.sessionId, prompt: [{ type: 'text', text: '/refuse' }] });
    expect(answer.stopReason).toBe('refusal');
    conn.close();
  });

  it('replays a session a v2 client made to a v1 client in v1 terms (session/load), and the reverse in v2 terms', async () => {
    const c = connectV2(server.url);
    await c.init();
    const { sessionId } = await c.newSession();
    await c.turn(sessionId, 'Add a punctuation option to greet()');
    c.close();

    const parsed: acp.SessionNotification[] = [];
    const { stream, received } = recordedStream(server.url);
    const conn = acp
      .client({ name: 'v1-replay' })
      .onNotification(acp.methods.client.session.update, ({ params }) => {
        parsed.push(params);
      })
      .connect(stream);
    await conn.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
    await conn.agent.request(acp.methods.agent.session.load, { sessionId, cwd: CWD, mcpServers: [] });
    conn.close();
    const raw = wireUpdates(received);
    // every replayed update is one the stable v1 client takes: no v2-only kinds, the checklist as `plan`
    expect(parsed.length, 'updates the v1 client could not parse').toBe(raw.length);
    const replayed = raw.map((u) => u.sessionUpdate);
    for (const kind of ['terminal_update', 'terminal_output_chunk', 'state_update', 'plan_update']) expect(replayed).not.toContain(kind);
    expect(replayed).toContain('plan');
    expect(replayed).toContain('tool_call');

    // the reverse: a session a v1 client worked in, replayed to a v2 client
    const v1 = connectV1(server.url);
    await v1.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
    const made = await v1.agent.request(acp.methods.agent.session.new, { cwd: CWD, mcpServers: [] });
    await v1.agent.request(acp.methods.agent.session.prompt, { sessionId: made.sessionId, prompt: [{ type: 'text', text: '/plan' }] });
    v1.close();
    const later = connectV2(server.url);
    await later.init();
    await later.agent.request(m.agent.session.resume, { sessionId: made.sessionId, cwd: CWD, mcpServers: [], replayFrom: { type: 'start' } });
    later.close();
    later.assertAllParsed();
    const back = kinds(later.of(made.sessionId));
    expect(back).toContain('plan_update');
    expect(back).not.toContain('plan');
  });

  it('serves both versions on the direct transport too', async () => {
    const direct = await startDemoAgentServer({ protocol: 'auto', transport: 'direct' });
    try {
      const c = connectV2(direct.url);
      expect((await c.init()).protocolVersion).toBe(2);
      const { sessionId } = await c.newSession();
      expect((await c.turn(sessionId, '/refuse')).idle.stopReason).toBe('refusal');
      c.close();
      const conn = connectV1(direct.url);
      const init = await conn.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
      expect(init.protocolVersion).toBe(1);
      conn.close();
    } finally {
      await direct.close();
    }
  });

  it('serves each connection the version its URL query picks (?protocol=2 on a default server)', async () => {
    expect(parseDemoAgentQuery(new URLSearchParams('protocol=2')).protocol).toBe(2);
    expect(parseDemoAgentQuery(new URLSearchParams('protocol=auto')).protocol).toBe('auto');
    expect(parseDemoAgentQuery(new URLSearchParams('protocol=7')).protocol).toBeUndefined();
    const plain = await startDemoAgentServer();
    try {
      const c = connectV2(`${plain.url}?protocol=2`);
      expect((await c.init()).protocolVersion).toBe(2);
      c.close();
      const conn = connectV1(plain.url);
      const init = await conn.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
      expect(init.protocolVersion).toBe(1);
      conn.close();
    } finally {
      await plain.close();
    }
  });
});

describe('acp-react-demo-agent --protocol', () => {
  const cli = fileURLToPath(new URL('../../demo-agent/cli.mjs', import.meta.url));

  it('serves v2 with --protocol 2', async () => {
    const child = spawn(process.execPath, [cli, '--port', '0', '--delay', '0', '--protocol', '2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
      expect(line).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/acp$/);
      const c = connectV2(line);
      expect((await c.init()).protocolVersion).toBe(2);
      c.close();
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('refuses an unknown protocol with a clear message', async () => {
    const child = spawn(process.execPath, [cli, '--port', '0', '--protocol', '3'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toContain('--protocol must be 1, 2 or auto, got "3"');
  });
});

describe('idleAfterError', () => {
  it('ends a turn whose script threw with idle error, carrying the code and message; a dropped connection ends nothing', () => {
    expect(idleAfterError(new acp.RequestError(-32000, 'Authentication required'))).toEqual({
      state: 'idle',
      stopReason: 'error',
      error: { code: -32000, message: 'Authentication required' },
    });
    expect(idleAfterError(new Error('boom'))).toEqual({ state: 'idle', stopReason: 'error', error: { code: -32603, message: 'boom' } });
    expect(idleAfterError(new TurnStop('dropped'))).toBeNull();
  });
});
