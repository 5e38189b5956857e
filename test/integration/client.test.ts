/**
 * createAcpClient against the scripted demo agent over a real loopback WebSocket, with the real
 * SDK on both sides.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AcpClient, AcpClientOptions, AcpSnapshot, SessionState, ThreadItem, ToolCallItem } from '../../src/core/index.js';
import { AcpClientError } from '../../src/core/index.js';
import { makeClient, startDemo, WORKSPACE, type DemoServer } from '../helpers/demo.js';
import { waitForSnapshot } from '../helpers/wait.js';

let server: DemoServer;
const clients: AcpClient[] = [];

beforeAll(async () => {
  server = await startDemo();
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.disconnect()));
});

function connectClient(overrides = {}, url = server.url) {
  const made = makeClient(url, overrides);
  clients.push(made.client);
  return made;
}

const items = (s: AcpSnapshot, id: string): readonly ThreadItem[] => s.sessions[id]!.thread.items.toArray();
const toolCalls = (s: AcpSnapshot, id: string) => items(s, id).filter((i): i is ToolCallItem => i.kind === 'tool_call');

/** Answers every permission request of `sessionId` with the option of `kind`, as a user would. */
function autoAnswer(client: AcpClient, kind: string) {
  return client.subscribe(() => {
    for (const r of client.getSnapshot().permissionRequests) {
      if (r.status !== 'pending') continue;
      const option = r.options.find((o) => o.kind === kind);
      if (option) client.respondToPermission(r.requestId, option.optionId);
    }
  });
}

describe('connection and initialize', () => {
  it('initializes and advertises exactly the capabilities the host supplied', async () => {
    const { client } = connectClient();
    await client.connect();
    const snapshot = client.getSnapshot();
    expect(snapshot.status).toBe('ready');
    expect(snapshot.agent?.info?.name).toBe('acp-react-demo-agent');
    expect(snapshot.agent?.capabilities.loadSession).toBe(true);
    expect(snapshot.agent?.authMethods.map((m) => m.id)).toContain('demo-login');

    const init = client.traffic.entries().find((e) => e.dir === 'out' && (e.msg as { method?: string }).method === 'initialize');
    const caps = (init!.msg as { params: { clientCapabilities: Record<string, unknown> } }).params.clientCapabilities;
    expect(caps.fs).toEqual({ readTextFile: true, writeTextFile: true });
    expect(caps.terminal).toBe(true);
    expect(caps.elicitation).toEqual({ form: {}, url: {} });
  });

  it('advertises no fs or terminal when the host gives no adapters', async () => {
    const { client } = connectClient({ fs: undefined, terminal: undefined });
    await client.connect();
    const init = client.traffic.entries().find((e) => e.dir === 'out' && (e.msg as { method?: string }).method === 'initialize');
    const caps = (init!.msg as { params: { clientCapabilities: Record<string, unknown> } }).params.clientCapabilities;
    expect(caps.fs).toEqual({ readTextFile: false, writeTextFile: false });
    expect(caps.terminal).toBe(false);
  });

  it('advertises plan operations and sub-agents by default; `subagents: false` takes sub-agents out', async () => {
    const advertised = async (overrides: Partial<AcpClientOptions>) => {
      const { client } = connectClient(overrides);
      await client.connect();
      const init = client.traffic.entries().find((e) => e.dir === 'out' && (e.msg as { method?: string }).method === 'initialize');
      return (init!.msg as { params: { clientCapabilities: Record<string, unknown> } }).params.clientCapabilities;
    };
    expect(await advertised({})).toMatchObject({ plan: {}, subagents: {} });
    const off = await advertised({ subagents: false });
    expect(off.plan).toEqual({});
    expect(off).not.toHaveProperty('subagents');
  });

  it('leaves no socket open when disposed or disconnected while still connecting', async () => {
    // An agent of its own, to count its connections. With adapters, connecting first fetches the
    // workspace module, so a dispose right after connect() lands before the socket is opened.
    const own = await startDemo();
    try {
      const { client } = makeClient(own.url);
      const connecting = client.connect();
      client.dispose();
      await connecting.catch(() => {});
      const { client: other } = makeClient(own.url);
      const pending = other.connect();
      await other.disconnect();
      await pending;
      // Both attempts settled; a leaked socket would show here (the agent counts open ones).
      await expect.poll(() => own.connections, { timeout: 2000 }).toBe(0);
      expect(client.getSnapshot().status).toBe('closed');
      expect(other.getSnapshot().status).toBe('closed');
      // Connecting again works as before.
      await other.connect();
      expect(other.getSnapshot().status).toBe('ready');
      await other.disconnect();
    } finally {
      await own.close();
    }
  });

  it('fails clearly when nothing listens, and a prompt while disconnected is refused', async () => {
    const { client } = connectClient({ url: 'ws://127.0.0.1:9', reconnect: false });
    await expect(client.connect()).rejects.toMatchObject({ code: 'connection_failed' });
    expect(client.getSnapshot().status).toBe('error');
    expect(client.getSnapshot().error?.message).toMatch(/Could not connect/);
    await expect(client.prompt('nope', 'hi')).rejects.toMatchObject({ code: 'not_connected' });
  });
});

describe('sessions and turns', () => {
  it('runs a full turn: thought, plan, markdown, read, edit with permission and diff, terminal, usage', async () => {
    const { client, fs } = connectClient();
    await client.connect();
    const session = await client.newSession({ cwd: WORKSPACE });
    await waitForSnapshot(client, (s) => s.sessions[session.sessionId]!.commands.length > 0, 5000, 'commands');
    expect(session.configOptions?.map((o) => o.id)).toEqual(expect.arrayContaining(['mode', 'model']));
    const stop = autoAnswer(client, 'allow_once');
    const stopReason = await client.prompt(session.sessionId, 'Please add a punctuation option');
    stop();
    expect(stopReason).toBe('end_turn');

    const snapshot = client.getSnapshot();
    const s = snapshot.sessions[session.sessionId]!;
    const kinds = items(snapshot, session.sessionId).map((i) => i.kind);
    expect(kinds[0]).toBe('user_message');
    expect(kinds).toContain('thought');
    expect(kinds).toContain('agent_message');
    const thought = items(snapshot, session.sessionId).find((i) => i.kind === 'thought');
    expect(thought && thought.kind === 'thought' && thought.endedAt).not.toBeNull();
    expect(s.plan?.every((e) => e.status === 'completed')).toBe(true);
    expect(s.usage?.size).toBe(200_000);
    expect(s.turn).toMatchObject({ state: 'idle', stopReason: 'end_turn' });

    const calls = toolCalls(snapshot, session.sessionId);
    expect(calls.map((c) => c.toolKind)).toEqual(expect.arrayContaining(['read', 'edit', 'execute']));
    const edit = calls.find((c) => c.toolKind === 'edit')!;
    expect(edit.status).toBe('completed');
    expect(edit.content.some((c) => c.type === 'diff')).toBe(true);
    // The agent wrote the file through the fs adapter.
    expect(fs.read('/workspace/src/greeting.ts')).toMatch(/punctuation/i);
    // The terminal ran in the simulated adapter and its output stayed after release.
    const terminalId = calls.flatMap((c) => c.content).find((c) => c.type === 'terminal');
    expect(terminalId).toBeDefined();
    const terminal = snapshot.terminals[(terminalId as { terminalId: string }).terminalId]!;
    expect(terminal.output).toMatch(/passed/);
    expect(terminal.exitStatus?.exitCode).toBe(0);
    expect(terminal.released).toBe(true);
    // The permission was answered exactly once with the chosen option.
    const answered = snapshot.permissionRequests.filter((r) => r.sessionId === session.sessionId);
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ status: 'answered' });
    expect(client.respondToPermission(answered[0]!.requestId, answered[0]!.options[0]!.optionId)).toBe(false);
  });

  it('keeps two permission requests at once on two sessions of one connection, each answered once', async () => {
    const { client } = connectClient();
    await client.connect();
    const a = await client.newSession({ cwd: WORKSPACE });
    const b = await client.newSession({ cwd: WORKSPACE });
    const turns = [client.prompt(a.sessionId, '/edit'), client.prompt(b.sessionId, '/edit')];
    const snapshot = await waitForSnapshot(client, (s) => s.permissionRequests.filter((r) => r.status === 'pending').length === 2, 5000, 'two permissions');
    const [first, second] = snapshot.permissionRequests;
    expect(new Set([first!.sessionId, second!.sessionId])).toEqual(new Set([a.sessionId, b.sessionId]));
    const reject = first!.options.find((o) => o.kind === 'reject_once')!;
    const allow = second!.options.find((o) => o.kind === 'allow_once')!;
    expect(client.respondToPermission(first!.requestId, reject.optionId)).toBe(true);
    expect(client.respondToPermission(first!.requestId, reject.optionId)).toBe(false);
    expect(client.respondToPermission(second!.requestId, allow.optionId)).toBe(true);
    await Promise.all(turns);
    const done = client.getSnapshot();
    const editOf = (id: string) => toolCalls(done, id).find((c) => c.toolKind === 'edit')!;
    expect(editOf(first!.sessionId).status).toBe('failed');
    expect(editOf(second!.sessionId).status).toBe('completed');
  });

  it('cancel mid-turn: the turn ends cancelled (not an error), pending permissions answered cancelled, late updates applied', async () => {
    const { client } = connectClient();
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const turn = client.prompt(sessionId, '/edit');
    await waitForSnapshot(client, (s) => s.permissionRequests.some((r) => r.status === 'pending'), 5000, 'permission');
    await client.cancel(sessionId);
    const afterCancel = client.getSnapshot();
    expect(afterCancel.permissionRequests[0]!.status).toBe('cancelled');
    expect(toolCalls(afterCancel, sessionId).find((c) => c.toolKind === 'edit')!.status).toBe('cancelled');
    await expect(turn).resolves.toBe('cancelled');
    const s = client.getSnapshot().sessions[sessionId]!;
    expect(s.turn).toMatchObject({ state: 'idle', stopReason: 'cancelled', error: null });
    // The agent's final update after the cancel was still applied (its rawOutput), while the card
    // keeps showing the user's cancel rather than the agent's "failed".
    const edit = toolCalls(client.getSnapshot(), sessionId).find((c) => c.toolKind === 'edit')!;
    expect(edit.rawOutput).toMatchObject({ cancelled: true });
    expect(edit.status).toBe('cancelled');
  });

  it('cancel during a slow stream stops it with stopReason cancelled', async () => {
    const { client } = connectClient();
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const turn = client.prompt(sessionId, '/slow');
    await waitForSnapshot(client, (s) => items(s, sessionId).some((i) => i.kind === 'agent_message'), 5000, 'first chunk');
    await client.cancel(sessionId);
    await expect(turn).resolves.toBe('cancelled');
  });

  it('refuses a second prompt while a turn runs, and content the agent cannot take', async () => {
    const { client } = connectClient();
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const turn = client.prompt(sessionId, '/slow');
    const refused = await client.prompt(sessionId, 'again').catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'invalid_state' });
    // Refused before a turn started: nothing went to the agent, so the caller gives the text back.
    expect((refused as AcpClientError).turnStarted).toBeUndefined();
    await client.cancel(sessionId);
    await turn;
    const unsupported = await client.prompt(sessionId, [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }]).catch((error: unknown) => error);
    expect(unsupported).toMatchObject({ code: 'unsupported' });
    expect((unsupported as AcpClientError).turnStarted).toBeUndefined();
  });

  it('sets mode and config options (select and boolean) and takes the agent answer as the state', async () => {
    const { client } = connectClient();
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await client.setMode(sessionId, 'architect');
    expect(client.getSnapshot().sessions[sessionId]!.modes?.currentModeId).toBe('architect');
    const model = client.getSnapshot().sessions[sessionId]!.configOptions!.find((o) => o.id === 'model')!;
    const values = model.type === 'select' ? model.options.flatMap((o) => ('options' in o ? o.options : [o])).map((o) => o.value) : [];
    const other = values.find((v) => v !== (model as { currentValue: string }).currentValue)!;
    const options = await client.setConfigOption(sessionId, 'model', other);
    expect(options.find((o) => o.id === 'model')!.currentValue).toBe(other);
    expect(client.getSnapshot().sessions[sessionId]!.configOptions).toBe(options);
    const bool = options.find((o) => o.type === 'boolean');
    expect(bool).toBeDefined();
    const next = await client.setConfigOption(sessionId, bool!.id, !bool!.currentValue);
    expect(next.find((o) => o.id === bool!.id)!.currentValue).toBe(!bool!.currentValue);
  });

  it('lists sessions with cursor pagination, loads one with its replayed history without duplicates, closes and deletes', async () => {
    const { client } = connectClient();
    await client.connect();
    const created: string[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await client.newSession({ cwd: '/workspace/list' });
      created.push(s.sessionId);
    }
    await client.prompt(created[0]!, '/plan');
    const before = items(client.getSnapshot(), created[0]!).length;

    const page1 = await client.listSessions({ cwd: '/workspace/list' });
    expect(page1.sessions.length).toBe(5);
    expect(page1.nextCursor).toBeTruthy();
    const page2 = await client.listSessions({ cwd: '/workspace/list', cursor: page1.nextCursor! });
    expect([...page1.sessions, ...page2.sessions].map((s) => s.sessionId).sort()).toEqual([...created].sort());

    // A second client (another tab) loads the session: the replay arrives before the response.
    const other = connectClient().client;
    await other.connect();
    const loaded = await other.loadSession(created[0]!, { cwd: '/workspace/list' });
    const replayed = loaded.thread.items.toArray();
    expect(replayed.length).toBeGreaterThan(0);
    expect(replayed[0]!.kind).toBe('user_message');
    expect(replayed.length).toBe(before);
    const again = await other.loadSession(created[0]!, { cwd: '/workspace/list' });
    expect(again.thread.items.size).toBe(before);

    await client.closeSession(created[1]!);
    expect(client.getSnapshot().sessions[created[1]!]).toBeUndefined();
    await client.deleteSession(created[2]!);
    await client.deleteSession(created[2]!);
    const after = await client.listSessions({ cwd: '/workspace/list' });
    const rest = after.nextCursor ? (await client.listSessions({ cwd: '/workspace/list', cursor: after.nextCursor })).sessions : [];
    expect([...after.sessions, ...rest].map((s) => s.sessionId)).not.toContain(created[2]);
  });

  it('answers form and URL elicitations and sees URL completion', async () => {
    const { client } = connectClient();
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const form = client.prompt(sessionId, '/form');
    const withForm = await waitForSnapshot(client, (s) => s.elicitations.some((e) => e.status === 'pending'), 5000, 'form');
    const elicitation = withForm.elicitations[0]!;
    expect(elicitation.mode).toBe('form');
    expect(elicitation.toolCallId).toBeTruthy();
    expect(Object.keys(elicitation.requestedSchema?.properties ?? {}).length).toBeGreaterThan(5);
    client.respondToElicitation(elicitation.requestId, { action: 'decline' });
    await form;
    expect(client.getSnapshot().elicitations[0]!.status).toBe('declined');
    expect(
      items(client.getSnapshot(), sessionId)
        .filter((i) => i.kind === 'agent_message')
        .map((i) => (i as { text: string }).text)
        .join(''),
    ).toMatch(/declin/i);

    const login = client.prompt(sessionId, '/login');
    const withUrl = await waitForSnapshot(client, (s) => s.elicitations.some((e) => e.mode === 'url' && e.status === 'pending'), 5000, 'url');
    const url = withUrl.elicitations.find((e) => e.mode === 'url')!;
    expect(url.url).toMatch(/^https:\/\//);
    client.respondToElicitation(url.requestId, { action: 'accept' });
    await waitForSnapshot(client, (s) => s.elicitations.find((e) => e.requestId === url.requestId)?.status === 'completed', 5000, 'completion');
    await login;
  });
});

describe('auth', () => {
  it('surfaces auth-required as state, authenticates, then works; logout is gated', async () => {
    const authServer = await startDemo({ requireAuth: true });
    try {
      const { client } = connectClient({}, authServer.url);
      await client.connect();
      const error = await client.newSession({ cwd: WORKSPACE }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AcpClientError);
      expect((error as AcpClientError).code).toBe(-32000);
      expect(client.getSnapshot().auth.required).toBe(true);
      expect(client.getSnapshot().status).toBe('ready');
      await expect(client.authenticate('demo-terminal-login')).rejects.toMatchObject({ code: 'unsupported' });
      await client.authenticate('demo-login');
      expect(client.getSnapshot().auth).toMatchObject({ required: false, pendingMethodId: null });
      const session = await client.newSession({ cwd: WORKSPACE });
      expect(session.sessionId).toBeTruthy();
      await client.logout();
      expect(client.getSnapshot().auth.required).toBe(true);
    } finally {
      await authServer.close();
    }
  });
});

describe('dropped connections', () => {
  it('restores the session after the socket is cut mid-turn, marks the turn and permission interrupted, keeps the transcript once', async () => {
    const { client } = connectClient();
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await client.prompt(sessionId, '/plan');
    const turn = client.prompt(sessionId, '/edit');
    await waitForSnapshot(client, (s) => s.permissionRequests.some((r) => r.status === 'pending'), 5000, 'permission');
    const beforeDrop = items(client.getSnapshot(), sessionId).length;

    await server.dropConnections();
    // The turn had started: the error says so (the message reached the agent).
    await expect(turn).rejects.toMatchObject({ code: 'connection_closed', turnStarted: true });
    const dropped = client.getSnapshot();
    expect(['reconnecting', 'ready']).toContain(dropped.status);
    expect(dropped.permissionRequests.find((r) => r.sessionId === sessionId)!.status).toBe('interrupted');
    expect(dropped.sessions[sessionId]!.turns.at(-1)!.status).toBe('interrupted');

    const restored = await waitForSnapshot(client, (s) => s.status === 'ready' && s.sessions[sessionId]?.status === 'active', 10_000, 'restore');
    // Resumed (no replay): the local transcript is kept, nothing duplicated.
    expect(items(restored, sessionId).length).toBe(beforeDrop);
    const s: SessionState = restored.sessions[sessionId]!;
    expect(s.turn.state).toBe('idle');
    // And the session works again.
    await expect(client.prompt(sessionId, '/plan')).resolves.toBe('end_turn');
  });
});
