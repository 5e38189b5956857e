/**
 * The protocol rules issue 18's audit found bent, each over a real loopback WebSocket against a
 * raw agent (the agent's side of the wire is the test's): MCP server transports the agent did
 * not advertise, MCP servers resent on restore, agent requests that arrive while a turn is
 * cancelling, `$/cancel_request` for `terminal/wait_for_exit`, host-side aborts and the sign-in
 * timeout, what closing or deleting a session settles, and relative paths.
 */
import { describe, expect, it } from 'vitest';
import type { AcpClient, McpServer, TerminalAdapter } from '../../../src/core/index.js';
import { WORKSPACE } from '../../helpers/demo.js';
import { perTestAgents, sent, settle } from '../../helpers/faults.js';
import { isNotification, isRequest, isResponse, type RawAgentOptions } from '../../helpers/raw-agent.js';
import { waitForSnapshot } from '../../helpers/wait.js';

const { pool, rawAgent } = perTestAgents();

async function connected(options: RawAgentOptions = {}, clientOptions: Parameters<typeof pool.make>[1] = {}) {
  const agent = await rawAgent(options);
  const { client } = pool.make(agent.url, clientOptions);
  await client.connect();
  return { agent, client, conn: agent.current! };
}

const STDIO: McpServer = { name: 'files', command: '/usr/bin/mcp-files', args: ['--root', '/workspace'], env: [] };
const HTTP = { type: 'http', name: 'search', url: 'https://mcp.example.com/search', headers: [] } as McpServer;
const SSE = { type: 'sse', name: 'events', url: 'https://mcp.example.com/events', headers: [] } as McpServer;
const OPTIONS = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'deny', name: 'Deny', kind: 'reject_once' },
];

describe('MCP server transports the agent did not advertise', () => {
  it('refuses HTTP and SSE servers with a clear error and sends nothing; stdio always goes', async () => {
    const { client } = await connected();
    for (const server of [HTTP, SSE]) {
      const error = await client.newSession({ cwd: WORKSPACE, mcpServers: [STDIO, server] }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'unsupported' });
      expect((error as Error).message).toContain(`"${server.name}"`);
      expect((error as Error).message).toMatch(server === HTTP ? /HTTP/ : /SSE/);
    }
    expect(sent(client, 'session/new')).toEqual([]);
    await client.newSession({ cwd: WORKSPACE, mcpServers: [STDIO] });
    expect(sent(client, 'session/new')[0]!.params.mcpServers).toEqual([STDIO]);
  });

  it('sends HTTP and SSE servers to an agent that advertised them', async () => {
    const { client } = await connected({ agentCapabilities: { mcpCapabilities: { http: true, sse: true } } });
    await client.newSession({ cwd: WORKSPACE, mcpServers: [HTTP, SSE] });
    expect(sent(client, 'session/new')[0]!.params.mcpServers).toEqual([HTTP, SSE]);
  });

  it('refuses them on session/load too', async () => {
    const { client } = await connected({ agentCapabilities: { loadSession: true } });
    await expect(client.loadSession('old', { cwd: WORKSPACE, mcpServers: [HTTP] })).rejects.toMatchObject({ code: 'unsupported' });
    expect(sent(client, 'session/load')).toEqual([]);
    expect(client.getSnapshot().sessions.old).toBeUndefined();
  });
});

describe('MCP servers and the host’s _meta are kept per session', () => {
  it.each([
    ['session/resume', { sessionCapabilities: { resume: {} } }],
    ['session/load', { loadSession: true }],
  ])('resends them with %s after a reconnect', async (method, agentCapabilities) => {
    const { agent, client } = await connected({ agentCapabilities }, { reconnect: { initialDelayMs: 10, maxDelayMs: 50, jitter: 0 } });
    const _meta = { host: { project: 'p1' } };
    const { sessionId } = await client.newSession({ cwd: WORKSPACE, mcpServers: [STDIO], additionalDirectories: [], _meta });
    expect(client.getSnapshot().sessions[sessionId]).toMatchObject({ mcpServers: [STDIO], setupMeta: _meta });
    await agent.dropConnections();
    const next = await agent.connection(1);
    const restore = await next.waitFor((m) => isRequest(m, method), method);
    expect(restore.params).toMatchObject({ sessionId, cwd: WORKSPACE, mcpServers: [STDIO], _meta });
    await waitForSnapshot(client, (s) => s.sessions[sessionId]?.status === 'active', 5000, 'restored');
  });
});

describe('agent requests that arrive while the turn is cancelling', () => {
  it('answers a permission request cancelled at once, without asking the user', async () => {
    const { client, conn } = await connected();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    void client.prompt(sessionId, 'go').catch(() => {});
    await conn.waitFor((m) => isRequest(m, 'session/prompt'), 'prompt');
    await client.cancel(sessionId);
    await conn.waitFor((m) => isNotification(m, 'session/cancel'), 'cancel');
    const { response } = conn.request('session/request_permission', { sessionId, toolCall: { toolCallId: 'late', title: 'Late' }, options: OPTIONS });
    expect((await response).result).toEqual({ outcome: { outcome: 'cancelled' } });
    expect(client.getSnapshot().permissionRequests.filter((r) => r.status === 'pending')).toEqual([]);
  });

  it('answers an elicitation cancel at once, session-scoped or scoped to the prompt', async () => {
    const { client, conn } = await connected();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    void client.prompt(sessionId, 'go').catch(() => {});
    const prompt = await conn.waitFor((m) => isRequest(m, 'session/prompt'), 'prompt');
    await client.cancel(sessionId);
    const form = { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } };
    const answers = await Promise.all([
      conn.request('elicitation/create', { ...form, sessionId }).response,
      conn.request('elicitation/create', { ...form, requestId: prompt.id }).response,
    ]);
    expect(answers.map((a) => a.result)).toEqual([{ action: 'cancel' }, { action: 'cancel' }]);
    expect(client.getSnapshot().elicitations.filter((e) => e.status === 'pending')).toEqual([]);
  });
});

describe('terminal/wait_for_exit and $/cancel_request', () => {
  it('answers a cancelled wait with -32800 while the command keeps running', async () => {
    const killed: string[] = [];
    // A command that never exits by itself.
    const terminal: TerminalAdapter = { create: (request) => ({ kill: () => void killed.push(request.command) }) };
    const { client, conn } = await connected({}, { terminal });
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const created = await conn.request('terminal/create', { sessionId, command: 'tail', args: ['-f', 'log'] }).response;
    const { terminalId } = created.result as { terminalId: string };
    const wait = conn.request('terminal/wait_for_exit', { sessionId, terminalId });
    await settle();
    conn.notify('$/cancel_request', { requestId: wait.id });
    const answer = await wait.response;
    expect(answer.error?.code).toBe(-32800);
    expect(killed).toEqual([]);
    // The terminal is still usable.
    const output = await conn.request('terminal/output', { sessionId, terminalId }).response;
    expect(output.result).toMatchObject({ output: '', truncated: false });
  });
});

describe('host aborts and the sign-in timeout', () => {
  /** Starts `call` against an agent that never answers `method`, aborts it, and checks both sides. */
  async function abortCase(
    client: AcpClient,
    conn: Awaited<ReturnType<typeof connected>>['conn'],
    method: string,
    call: (signal: AbortSignal) => Promise<unknown>,
  ) {
    const controller = new AbortController();
    const result = call(controller.signal).catch((e: unknown) => e);
    const request = await conn.waitFor((m) => isRequest(m, method), method);
    controller.abort();
    expect(await result).toMatchObject({ code: -32800 });
    const cancel = await conn.waitFor((m) => isNotification(m, '$/cancel_request'), '$/cancel_request');
    expect(cancel.params).toEqual({ requestId: request.id });
    // The client stays usable.
    expect(client.getSnapshot().status).toBe('ready');
  }
  const LOGIN = [{ id: 'login', name: 'Log in' }];
  const caps = { loadSession: true, sessionCapabilities: { list: {}, resume: {} } };

  it('session/list', async () => {
    const { client, conn } = await connected({ agentCapabilities: caps });
    await abortCase(client, conn, 'session/list', (signal) => client.listSessions({}, { signal }));
  });

  it('session/load puts back what was there', async () => {
    const { client, conn } = await connected({ agentCapabilities: caps, onMessage: (m) => m.method === 'session/load' });
    await abortCase(client, conn, 'session/load', (signal) => client.loadSession('old', { cwd: WORKSPACE, signal }));
    expect(client.getSnapshot().sessions.old).toBeUndefined();
  });

  it('session/resume', async () => {
    const { client, conn } = await connected({ agentCapabilities: caps, onMessage: (m) => m.method === 'session/resume' });
    await abortCase(client, conn, 'session/resume', (signal) => client.resumeSession('old', { cwd: WORKSPACE, signal }));
  });

  it('authenticate, and its state is cleared', async () => {
    const { client, conn } = await connected({ agentCapabilities: caps, authMethods: LOGIN });
    await abortCase(client, conn, 'authenticate', (signal) => client.authenticate('login', undefined, { signal }));
    expect(client.getSnapshot().auth.pendingMethodId).toBeNull();
  });

  it('an already aborted signal sends nothing', async () => {
    const { client } = await connected({ agentCapabilities: caps });
    await expect(client.listSessions({}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: -32800 });
    expect(sent(client, 'session/list')).toEqual([]);
  });

  it('authenticate times out (authenticateTimeoutMs) and tells the agent to stop', async () => {
    const { client, conn } = await connected({ authMethods: LOGIN }, { authenticateTimeoutMs: 200 });
    const error = await client.authenticate('login').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout' });
    expect((error as Error).message).toMatch(/authenticate within 0\.2 s/);
    await conn.waitFor((m) => isNotification(m, '$/cancel_request'), '$/cancel_request');
    expect(client.getSnapshot().auth).toMatchObject({ pendingMethodId: null, error: { code: 'timeout' } });
  });
});

describe('closing or deleting a session settles what it had pending', () => {
  it.each(['closeSession', 'deleteSession'] as const)('%s answers its permission requests cancelled and ends its turn', async (action) => {
    const method = action === 'closeSession' ? 'session/close' : 'session/delete';
    const { client, conn } = await connected({
      agentCapabilities: { sessionCapabilities: { close: {}, delete: {} } },
      onMessage(m, c) {
        if (m.method !== method) return false;
        c.respond(m.id, {});
        return true;
      },
    });
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const other = await client.newSession({ cwd: WORKSPACE });
    const turn = client.prompt(sessionId, 'go');
    await conn.waitFor((m) => isRequest(m, 'session/prompt'), 'prompt');
    const mine = conn.request('session/request_permission', { sessionId, toolCall: { toolCallId: 'a', title: 'A' }, options: OPTIONS });
    const theirs = conn.request('session/request_permission', { sessionId: other.sessionId, toolCall: { toolCallId: 'b', title: 'B' }, options: OPTIONS });
    await waitForSnapshot(client, (s) => s.permissionRequests.filter((r) => r.status === 'pending').length === 2, 5000, 'two pending');
    await client[action](sessionId);
    expect((await mine.response).result).toEqual({ outcome: { outcome: 'cancelled' } });
    // The agent never answers the prompt of a session it closed: the turn still settles.
    await expect(turn).resolves.toBe('cancelled');
    const requests = client.getSnapshot().permissionRequests;
    expect(requests.find((r) => r.sessionId === sessionId)!.status).toBe('cancelled');
    // The other session's request still waits for its user.
    expect(requests.find((r) => r.sessionId === other.sessionId)!.status).toBe('pending');
    expect(conn.responsesTo(theirs.id)).toEqual([]);
    expect(conn.received.filter((m) => isResponse(m, mine.id))).toHaveLength(1);
  });
});

describe('outgoing paths must be absolute', () => {
  it.each([
    ['a relative cwd', { cwd: 'workspace' }, /cwd/],
    ['an empty cwd', { cwd: '' }, /cwd/],
    ['a relative additional directory', { cwd: WORKSPACE, additionalDirectories: ['../other'] }, /additionalDirectories/],
  ])('refuses %s with a clear error and sends nothing', async (_label, options, field) => {
    const { client } = await connected({ agentCapabilities: { loadSession: true, sessionCapabilities: { additionalDirectories: {} } } });
    const error = await client.newSession(options).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: -32602 });
    expect((error as Error).message).toMatch(field);
    expect((error as Error).message).toMatch(/absolute/);
    await expect(client.loadSession('old', options)).rejects.toMatchObject({ code: -32602 });
    expect(sent(client, 'session/new')).toEqual([]);
    expect(sent(client, 'session/load')).toEqual([]);
  });

  it('accepts POSIX and Windows absolute paths', async () => {
    const { client } = await connected({ agentCapabilities: { sessionCapabilities: { additionalDirectories: {} } } });
    await client.newSession({ cwd: 'C:\\Users\\me\\project', additionalDirectories: ['D:/shared', '/opt/lib'] });
    expect(sent(client, 'session/new')[0]!.params).toMatchObject({ cwd: 'C:\\Users\\me\\project', additionalDirectories: ['D:/shared', '/opt/lib'] });
  });
});
