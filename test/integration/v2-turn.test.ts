/**
 * A turn over ACP v2 with default options, against an agent on the SDK's own v2 app over a real
 * loopback WebSocket (`test/helpers/v2-agent.ts`): `session/prompt` answers `{ messageId }` at once
 * and the turn is reported by `state_update`; `prompt()` still resolves at the turn's end.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AcpClient, AcpClientOptions, AcpSnapshot, ThreadItem } from '../../src/core/index.js';
import { makeClient, WORKSPACE } from '../helpers/demo.js';
import { serveSdkAgent, type SdkAgentServer } from '../helpers/sdk-agent-server.js';
import { scriptedV2Agent } from '../helpers/v2-agent.js';
import { waitForSnapshot } from '../helpers/wait.js';

let server: SdkAgentServer;
let agent: ReturnType<typeof scriptedV2Agent>;
const clients: AcpClient[] = [];

beforeAll(async () => {
  agent = scriptedV2Agent({ availableCommands: [{ name: 'review', description: 'Review the diff', type: 'command' } as never] });
  server = await serveSdkAgent(agent.app as never);
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.disconnect()));
});

async function connected(overrides: Partial<AcpClientOptions> = {}) {
  const { client } = makeClient(server.url, { fs: undefined, terminal: undefined, ...overrides });
  clients.push(client);
  await client.connect();
  const { sessionId } = await client.newSession({ cwd: WORKSPACE });
  return { client, sessionId };
}

const items = (s: AcpSnapshot, id: string): readonly ThreadItem[] => s.sessions[id]!.thread.items.toArray();
const texts = (s: AcpSnapshot, id: string) => items(s, id).map((i) => ('text' in i ? `${i.kind}:${i.text}` : i.kind));

describe('a v2 turn', () => {
  it('connects in v2 with one initialize on the wire, and folds session/new’s commands', async () => {
    const { client, sessionId } = await connected();
    const s = client.getSnapshot();
    expect(s.agent).toMatchObject({ protocolVersion: 2, info: { name: 'scripted-v2-agent' } });
    const sent = client.traffic.entries().filter((e) => e.dir === 'out' && (e.msg as { method?: string }).method === 'initialize');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.msg).toMatchObject({ params: { protocolVersion: 2, info: { name: 'acp-react-tests' }, clientInfo: { name: 'acp-react-tests' } } });
    expect(s.sessions[sessionId]!.commands.map((c) => c.name)).toEqual(['review']);
    expect(s.diagnostics.filter((d) => d.kind !== 'unknown_session')).toEqual([]);
  });

  it('a full turn: the prompt resolves end_turn, the user message is shown once', async () => {
    const { client, sessionId } = await connected();
    await expect(client.prompt(sessionId, 'hello')).resolves.toBe('end_turn');
    const s = client.getSnapshot();
    expect(texts(s, sessionId)).toEqual(['user_message:hello', 'agent_message:Hello over v2.']);
    expect(s.sessions[sessionId]!.turn).toMatchObject({ state: 'idle', stopReason: 'end_turn' });
    expect(s.sessions[sessionId]!.turns).toHaveLength(1);
  });

  it('the prompt resolves only once the idle state ends the turn, not at the acceptance', async () => {
    const { client, sessionId } = await connected();
    let settled = false;
    const done = client.prompt(sessionId, 'gate').finally(() => (settled = true));
    await waitForSnapshot(client, (s) => items(s, sessionId).some((i) => i.kind === 'agent_message'), 5000, 'the first chunk');
    // The acceptance (`{ messageId }`) came before the chunk.
    expect(client.traffic.entries().some((e) => e.dir === 'in' && (e.msg as { result?: { messageId?: unknown } }).result?.messageId)).toBe(true);
    expect(settled).toBe(false);
    expect(client.getSnapshot().sessions[sessionId]!.turn.state).toBe('running');
    agent.release();
    await expect(done).resolves.toBe('end_turn');
  });

  it('requires_action: the permission request (v2 title and subject) is shown and answered', async () => {
    const { client, sessionId } = await connected();
    const done = client.prompt(sessionId, 'ask');
    const s = await waitForSnapshot(client, (x) => x.permissionRequests.some((r) => r.status === 'pending'), 5000, 'the permission request');
    const request = s.permissionRequests.find((r) => r.status === 'pending')!;
    expect(request).toMatchObject({ sessionId, toolCall: { toolCallId: 'tool-1', title: 'Edit main.ts' } });
    expect(client.respondToPermission(request.requestId, 'allow')).toBe(true);
    await expect(done).resolves.toBe('end_turn');
    expect(texts(client.getSnapshot(), sessionId)).toContain('agent_message:Permission: allow.');
  });

  it('cancel: session/cancel, and the idle cancelled resolves the prompt cancelled', async () => {
    const { client, sessionId } = await connected();
    const done = client.prompt(sessionId, 'wait');
    await waitForSnapshot(client, (s) => items(s, sessionId).some((i) => i.kind === 'agent_message'), 5000, 'the first chunk');
    await client.cancel(sessionId);
    await expect(done).resolves.toBe('cancelled');
    expect(client.getSnapshot().sessions[sessionId]!.turn).toMatchObject({ state: 'idle', stopReason: 'cancelled' });
    expect(agent.of('session/cancel').at(-1)).toEqual({ sessionId });
  });

  it('a dropped connection rejects the waiting prompt as interrupted', async () => {
    const { client, sessionId } = await connected({ reconnect: false });
    const done = client.prompt(sessionId, 'gate');
    await waitForSnapshot(client, (s) => items(s, sessionId).some((i) => i.kind === 'agent_message'), 5000, 'the first chunk');
    server.dropSockets();
    await expect(done).rejects.toMatchObject({ code: 'connection_closed', turnStarted: true });
    expect(client.getSnapshot().sessions[sessionId]!.turns.at(-1)).toMatchObject({ status: 'interrupted' });
    agent.release();
  });

  it('closing the session mid-turn resolves the waiting prompt cancelled', async () => {
    const { client, sessionId } = await connected();
    const done = client.prompt(sessionId, 'gate');
    await waitForSnapshot(client, (s) => items(s, sessionId).some((i) => i.kind === 'agent_message'), 5000, 'the first chunk');
    await client.closeSession(sessionId);
    await expect(done).resolves.toBe('cancelled');
    expect(client.getSnapshot().sessions[sessionId]).toBeUndefined();
    agent.release();
  });

  it('an idle error rejects the prompt with its code and marks auth required', async () => {
    const { client, sessionId } = await connected();
    await expect(client.prompt(sessionId, 'auth')).rejects.toMatchObject({ code: -32000, message: 'Authentication required', turnStarted: true });
    const s = client.getSnapshot();
    expect(s.auth.required).toBe(true);
    // Why: the agent's answer, not a sign-in that failed.
    expect(s.auth).toMatchObject({ reason: { code: -32000, message: 'Authentication required' }, error: null });
    expect(s.sessions[sessionId]!.turn).toMatchObject({ state: 'idle', error: { code: -32000 } });
  });

  it('signs in with auth/login and out with auth/logout', async () => {
    const { client } = await connected();
    await client.authenticate('login');
    expect(agent.of('auth/login').at(-1)).toMatchObject({ methodId: 'login' });
    await client.logout();
    expect(agent.of('auth/logout')).not.toHaveLength(0);
    expect(client.getSnapshot().auth.required).toBe(true);
  });

  it('setMode is refused clearly: v2 has no session modes', async () => {
    const { client, sessionId } = await connected();
    await expect(client.setMode(sessionId, 'code')).rejects.toMatchObject({
      code: 'unsupported',
      message: expect.stringMatching(/ACP v2 has no session modes/),
    });
  });

  it("the agent's extension requests and notifications reach the host's handlers", async () => {
    const { client, sessionId } = await connected();
    const progress = new Promise<unknown>((resolve) => client.onExtNotification('_test/progress', resolve));
    client.onExtMethod('_test/lookup', async (params) => ({ value: 42, asked: params }));
    await expect(client.prompt(sessionId, 'ext')).resolves.toBe('end_turn');
    expect(texts(client.getSnapshot(), sessionId)).toContain('agent_message:Lookup: {"value":42,"asked":{"key":"answer"}}.');
    await expect(progress).resolves.toEqual({ done: 1 });
  });

  it('MCP servers: stdio ones get their type; SSE ones are refused before anything is sent', async () => {
    const { client } = await connected();
    const before = agent.of('session/new').length;
    await client.newSession({ cwd: WORKSPACE, mcpServers: [{ name: 'files', command: '/bin/mcp-files', args: [], env: [] }] });
    expect(agent.of('session/new').at(-1).mcpServers).toEqual([{ type: 'stdio', name: 'files', command: '/bin/mcp-files', args: [], env: [] }]);
    await expect(
      client.newSession({ cwd: WORKSPACE, mcpServers: [{ type: 'sse', name: 'events', url: 'http://127.0.0.1:9/sse', headers: [] }] }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/SSE/) });
    expect(agent.of('session/new')).toHaveLength(before + 1);
  });

  it('MCP servers over stdio are refused when the v2 agent does not advertise them', async () => {
    const httpOnly = scriptedV2Agent({ mcp: { http: {} } });
    const other = await serveSdkAgent(httpOnly.app as never);
    try {
      const { client } = makeClient(other.url, { fs: undefined, terminal: undefined });
      clients.push(client);
      await client.connect();
      await expect(client.newSession({ cwd: WORKSPACE, mcpServers: [{ name: 'files', command: '/bin/mcp-files', args: [], env: [] }] })).rejects.toMatchObject({
        code: 'unsupported',
        message: expect.stringMatching(/stdio MCP servers/),
      });
      expect(httpOnly.of('session/new')).toEqual([]);
      await client.disconnect();
    } finally {
      await other.close();
    }
  });
});
