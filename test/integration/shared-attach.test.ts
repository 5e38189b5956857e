/**
 * The client on acp-react-bridge --shared (issue 30): `createAcpClient({ attach })` joins a session
 * another page runs instead of opening one, shows who is attached, settles a permission another
 * page answered, and after a dropped connection catches up from the last entry it saw, with no
 * duplicate. Real clients over real WebSockets, the real bridge, the SDK fixture agent over stdio.
 */
import { createServer, Socket, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AcpClient, AcpSnapshot, ThreadItem } from '../../src/core/index.js';
import { closeAllBridges, startTestBridge } from '../bridge/helpers.js';
import { clientPool } from '../helpers/faults.js';
import { waitForSnapshot } from '../helpers/wait.js';

const pool = clientPool();
const proxies: Server[] = [];
afterEach(async () => {
  await pool.disposeAll();
  await Promise.all(proxies.splice(0).map((proxy) => new Promise((resolve) => proxy.close(resolve))));
  await closeAllBridges();
});

const FAST = { initialDelayMs: 20, maxDelayMs: 50, jitter: 0 };
const items = (s: AcpSnapshot, id: string): readonly ThreadItem[] => s.sessions[id]?.thread.items.toArray() ?? [];
const texts = (s: AcpSnapshot, id: string, kind: ThreadItem['kind']) =>
  items(s, id).flatMap((item) => (item.kind === kind && 'text' in item ? [item.text] : []));

/** A client named `name`, connected. */
async function page(url: string, name: string, overrides: Parameters<typeof pool.make>[1] = {}): Promise<AcpClient> {
  const { client } = pool.make(url, { clientInfo: { name, version: '1.0.0' }, ...overrides });
  await client.connect();
  return client;
}

/** A TCP proxy in front of the bridge whose connections the test can cut (a dropped network). */
async function cuttableProxy(target: string): Promise<{ url: string; cut(): void }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = new Socket();
    outbound.connect(Number(port), hostname);
    inbound.pipe(outbound).pipe(inbound);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
  });
  proxies.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const proxyPort = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `ws://127.0.0.1:${proxyPort}`,
    cut: () => sockets.forEach((socket) => socket.destroy()),
  };
}

describe('createAcpClient({ attach }) on acp-react-bridge --shared', () => {
  it('joins a session another page runs: its history, the prompts of others, the live stream, and who is attached', async () => {
    const { url } = await startTestBridge({ shared: true });
    const a = await page(url, 'Ada');
    const { sessionId } = await a.newSession({ cwd: process.cwd() });
    await a.prompt(sessionId, 'flood 3 4');

    const b = await page(url, 'Bob', { attach: { sessionId, role: 'observer' } });
    const joined = await waitForSnapshot(b, (s) => s.sessions[sessionId]?.status === 'active', 10_000, 'the attached session');
    expect(joined.sessions[sessionId]?.cwd).toBe(process.cwd());
    expect(joined.sessions[sessionId]?.role).toBe('observer');
    // The prompt another page sent is in the thread, then the agent's answer, once.
    expect(texts(joined, sessionId, 'user_message')).toEqual(['flood 3 4']);
    expect(texts(joined, sessionId, 'agent_message')).toEqual(['1:xxxx2:xxxx3:xxxx']);
    const attached = await waitForSnapshot(b, (s) => s.sessions[sessionId]?.attached?.length === 2, 10_000, 'both pages in the presence list');
    expect(attached.sessions[sessionId]?.attached?.map(({ name, role, self }) => ({ name, role, self }))).toEqual([
      { name: 'Ada', role: 'controller', self: false },
      { name: 'Bob', role: 'observer', self: true },
    ]);
    // Ada's client learns of Bob too.
    await waitForSnapshot(a, (s) => s.sessions[sessionId]?.attached?.some((p) => p.name === 'Bob') ?? false, 10_000, 'Ada sees Bob');
    expect(a.getSnapshot().sessions[sessionId]?.role).toBe('controller');

    await a.prompt(sessionId, 'flood 2 1');
    const live = await waitForSnapshot(b, (s) => texts(s, sessionId, 'agent_message').at(-1) === '1:x2:x', 10_000, 'the next turn, live');
    expect(texts(live, sessionId, 'user_message')).toEqual(['flood 3 4', 'flood 2 1']);
    expect(texts(live, sessionId, 'agent_message')).toEqual(['1:xxxx2:xxxx3:xxxx', '1:x2:x']);
  });

  it('joins over Streamable HTTP as well: the history, then the live stream', async () => {
    const { url, bridge } = await startTestBridge({ shared: true });
    const a = await page(url, 'Ada');
    const { sessionId } = await a.newSession({ cwd: process.cwd() });
    await a.prompt(sessionId, 'flood 3 4');
    const b = await page(bridge.httpUrl, 'Bob', { attach: { sessionId } });
    const joined = await waitForSnapshot(b, (s) => s.sessions[sessionId]?.status === 'active', 10_000, 'attached over HTTP');
    expect(texts(joined, sessionId, 'agent_message')).toEqual(['1:xxxx2:xxxx3:xxxx']);
    await a.prompt(sessionId, 'flood 1 1');
    await waitForSnapshot(b, (s) => texts(s, sessionId, 'agent_message').at(-1) === '1:x', 10_000, 'live over HTTP');
  });

  it('shows a permission another page answered as answered, by whom, and never sends the agent a second answer', async () => {
    const { url } = await startTestBridge({ shared: true });
    const a = await page(url, 'Ada');
    const { sessionId } = await a.newSession({ cwd: process.cwd() });
    const b = await page(url, 'Bob', { attach: { sessionId } });
    await waitForSnapshot(b, (s) => s.sessions[sessionId]?.status === 'active', 10_000, 'attached');
    const turn = a.prompt(sessionId, 'permission');
    const [onA, onB] = await Promise.all(
      [a, b].map((client) => waitForSnapshot(client, (s) => s.permissionRequests.some((r) => r.status === 'pending'), 10_000, 'the permission request')),
    );
    const requestOnB = onB?.permissionRequests.find((r) => r.status === 'pending');
    expect(onA?.permissionRequests.find((r) => r.status === 'pending')?.toolCall.toolCallId).toBe('call-1');
    b.respondToPermission(requestOnB?.requestId ?? '', 'reject');
    const settled = await waitForSnapshot(a, (s) => s.permissionRequests.every((r) => r.status !== 'pending'), 10_000, 'settled on Ada');
    expect(settled.permissionRequests[0]).toMatchObject({ status: 'answered', optionId: 'reject', answeredBy: 'Bob' });
    expect(await turn).toBe('end_turn');
    const info = await a.extMethod('_fixture/info', {});
    expect(Object.values((info as { answers: Record<string, number> }).answers)).toEqual([1]);
    expect(info).toMatchObject({ lastPermission: { outcome: { optionId: 'reject' } } });
  });

  it('reconnects a page that opened its session with session/new by attaching again, not resuming: another page’s turn meanwhile, once', async () => {
    const { url } = await startTestBridge({ shared: true });
    const proxy = await cuttableProxy(url);
    const a = await page(proxy.url, 'Ada', { reconnect: FAST });
    const { sessionId } = await a.newSession({ cwd: process.cwd() });
    await a.prompt(sessionId, 'flood 1 1');
    const b = await page(url, 'Bob', { attach: { sessionId } });
    await waitForSnapshot(a, (s) => s.sessions[sessionId]?.attached?.length === 2, 10_000, 'Ada sees Bob');
    expect(a.getSnapshot().sessions[sessionId]?.role).toBe('controller');
    const frames: { dir: string; msg?: unknown }[] = [];
    a.traffic.subscribe((entry) => frames.push(entry));

    proxy.cut();
    await waitForSnapshot(a, (s) => s.status !== 'ready', 10_000, 'the drop');
    await b.prompt(sessionId, 'flood 2 1');
    const caughtUp = await waitForSnapshot(
      a,
      (s) => s.sessions[sessionId]?.status === 'active' && texts(s, sessionId, 'agent_message').at(-1) === '1:x2:x',
      10_000,
      'Bob’s turn on Ada’s page',
    );
    expect(texts(caughtUp, sessionId, 'user_message')).toEqual(['flood 1 1', 'flood 2 1']);
    expect(texts(caughtUp, sessionId, 'agent_message')).toEqual(['1:x', '1:x2:x']);
    const methods = frames.flatMap((f) =>
      f.dir === 'out' && typeof (f.msg as { method?: unknown }).method === 'string' ? [(f.msg as { method: string }).method] : [],
    );
    expect(methods).toContain('_acp-react/bridge/session/attach');
    expect(methods).not.toContain('session/resume');
  });

  it('settles a form another page answered, without its values', async () => {
    const { url } = await startTestBridge({ shared: true });
    const a = await page(url, 'Ada');
    const { sessionId } = await a.newSession({ cwd: process.cwd() });
    const b = await page(url, 'Bob', { attach: { sessionId } });
    await waitForSnapshot(b, (s) => s.sessions[sessionId]?.status === 'active', 10_000, 'attached');
    const turn = a.prompt(sessionId, 'elicit');
    const [, onB] = await Promise.all(
      [a, b].map((client) => waitForSnapshot(client, (s) => s.elicitations.some((e) => e.status === 'pending'), 10_000, 'the form')),
    );
    const form = onB?.elicitations.find((e) => e.status === 'pending');
    b.respondToElicitation(form?.requestId ?? '', { action: 'accept', content: { name: 'Bob' } });
    const settled = await waitForSnapshot(a, (s) => s.elicitations.every((e) => e.status !== 'pending'), 10_000, 'settled on Ada');
    expect(settled.elicitations[0]).toMatchObject({ status: 'accepted', answeredBy: 'Bob' });
    expect(JSON.stringify(settled.elicitations[0])).not.toContain('"name":"Bob"');
    expect(await turn).toBe('end_turn');
  });

  it('never shows a silent gap: a page that missed more than the bridge keeps gets its session marked lost, with why', async () => {
    const { url } = await startTestBridge({ shared: true, sharedBufferBytes: 64 * 1024 });
    const a = await page(url, 'Ada');
    const { sessionId } = await a.newSession({ cwd: process.cwd() });
    const proxy = await cuttableProxy(url);
    const b = await page(proxy.url, 'Bob', { attach: { sessionId }, reconnect: FAST });
    await waitForSnapshot(b, (s) => s.sessions[sessionId]?.status === 'active', 10_000, 'attached');

    proxy.cut();
    await waitForSnapshot(b, (s) => s.status !== 'ready', 10_000, 'the drop');
    // More than the bound while Bob is away: the entries he missed are dropped from the log.
    await a.prompt(sessionId, 'flood 500 256');
    const lost = await waitForSnapshot(b, (s) => s.status === 'ready' && s.sessions[sessionId]?.status === 'lost', 10_000, 'the session marked lost');
    expect(lost.sessions[sessionId]?.statusReason).toMatch(/--shared-buffer-bytes/);
    expect(texts(lost, sessionId, 'agent_message')).toEqual([]);
  });

  it('catches up after a dropped connection from the last entry it saw: what it missed, once', async () => {
    const { url } = await startTestBridge({ shared: true });
    const a = await page(url, 'Ada');
    const { sessionId } = await a.newSession({ cwd: process.cwd() });
    await a.prompt(sessionId, 'flood 2 1');
    const proxy = await cuttableProxy(url);
    const b = await page(proxy.url, 'Bob', { attach: { sessionId, role: 'observer' }, reconnect: FAST });
    await waitForSnapshot(b, (s) => texts(s, sessionId, 'agent_message').length === 1, 10_000, 'the history');

    const frames: { dir: string; msg?: unknown }[] = [];
    b.traffic.subscribe((entry) => frames.push(entry));
    proxy.cut();
    await waitForSnapshot(b, (s) => s.status !== 'ready', 10_000, 'the drop');
    await a.prompt(sessionId, 'flood 3 1');
    await waitForSnapshot(b, (s) => s.status === 'ready', 10_000, 'the reconnect');
    const caughtUp = await waitForSnapshot(
      b,
      (s) => s.sessions[sessionId]?.status === 'active' && texts(s, sessionId, 'agent_message').at(-1) === '1:x2:x3:x',
      10_000,
      'the missed turn, and the session active again',
    );
    expect(texts(caughtUp, sessionId, 'user_message')).toEqual(['flood 2 1', 'flood 3 1']);
    expect(texts(caughtUp, sessionId, 'agent_message')).toEqual(['1:x2:x', '1:x2:x3:x']);
    expect(caughtUp.sessions[sessionId]?.status).toBe('active');
    // It asked for what came after the last entry it saw, and got only that.
    type Frame = { method?: string; params?: { sessionId?: string; afterSeq?: number; _meta?: Record<string, number> } };
    const asked = frames.findIndex((f) => f.dir === 'out' && (f.msg as Frame).method === '_acp-react/bridge/session/attach');
    const afterSeq = (frames[asked]?.msg as Frame).params?.afterSeq ?? -1;
    expect(afterSeq).toBeGreaterThan(0);
    const replayed = frames.slice(asked).flatMap((f) => {
      const seq = (f.msg as Frame | undefined)?.params?._meta?.['acp-react/seq'];
      return f.dir === 'in' && typeof seq === 'number' ? [seq] : [];
    });
    expect(replayed[0]).toBe(afterSeq + 1);
    expect(replayed).toEqual(replayed.map((_, i) => afterSeq + 1 + i));
  });
});
