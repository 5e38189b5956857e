/**
 * The demo agent's `/subagents` (UNSTABLE, ACP RFD "subagents") over a real loopback WebSocket,
 * against the real client (`createAcpClient` from `src/core`, the SDK underneath): two child
 * sessions announced on the parent, each working with its own session id, briefed by the parent
 * with inter-session messages; the test writer's permission request (shown on its parent, naming
 * the child), a child stopped on its own and both stopped with their parent; and, for a client that
 * did not advertise the capability, none of it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import { createDemoAgent } from '../../demo-agent/agent.mjs';
import type { AcpClient, AcpClientOptions, AcpSnapshot, SubagentState, ThreadItem } from '../../src/core/index.js';
import { makeClient, startDemo, WORKSPACE, type DemoServer } from '../helpers/demo.js';
import { waitForSnapshot } from '../helpers/wait.js';

let server: DemoServer;
const clients: AcpClient[] = [];

beforeAll(async () => {
  server = await startDemo({ delayMs: 0 });
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.disconnect()));
});

type Frame = { method?: string; id?: unknown; params?: { sessionId?: string; update?: { sessionUpdate: string } & Record<string, unknown> } };

/** A connected client and every frame it received (the log keeps them all while watched). */
async function connectedOnly(overrides: Partial<AcpClientOptions> = {}) {
  const { client, fs } = makeClient(server.url, overrides);
  clients.push(client);
  const received: Frame[] = [];
  client.traffic.subscribe((entry) => {
    if (entry.dir === 'in' && entry.msg) received.push(entry.msg as Frame);
  });
  await client.connect();
  return { client, fs, received };
}

/** The same, with a new session. */
async function connected(overrides: Partial<AcpClientOptions> = {}) {
  const connection = await connectedOnly(overrides);
  const { sessionId } = await connection.client.newSession({ cwd: WORKSPACE });
  return { ...connection, sessionId };
}

const CHILD_UPDATES = ['subagent_update', 'session_message', 'session_message_chunk'];
const children = (s: AcpSnapshot, parent: string): SubagentState[] => Object.values(s.sessions[parent]?.subagents ?? {});
const byTitle = (s: AcpSnapshot, parent: string, title: string) => children(s, parent).find((c) => c.title === title);
const kinds = (items: readonly ThreadItem[]) => items.map((i) => i.kind);
const agentText = (items: readonly ThreadItem[]) =>
  items
    .filter((i) => i.kind === 'agent_message')
    .map((i) => ('text' in i ? i.text : ''))
    .join('\n');

describe('/subagents over a real WebSocket', () => {
  it('with `subagents: false`: no subagent_update, no inter-session message, nothing with another session id; the turn says why', async () => {
    const { client, received, sessionId } = await connected({ subagents: false });
    await expect(client.prompt(sessionId, '/subagents')).resolves.toBe('end_turn');

    const updates = received.filter((f) => f.method === 'session/update');
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.filter((f) => CHILD_UPDATES.includes(f.params!.update!.sessionUpdate))).toEqual([]);
    // Every update and request the agent sent names the session itself.
    expect(received.filter((f) => f.method && f.params?.sessionId !== undefined && f.params.sessionId !== sessionId)).toEqual([]);
    const s = client.getSnapshot();
    expect(s.sessions[sessionId]!.subagents).toBeUndefined();
    expect(agentText(s.sessions[sessionId]!.thread.items.toArray())).toContain('did not advertise `clientCapabilities.subagents`');
  });

  it('with it: two children announced on the parent, each with its own thread (brief, plan, tool calls, diff), idle with stop reason and usage', async () => {
    // The host's policy rejects the test writer's file (the user's answer is the next test's).
    const { client, received, sessionId } = await connected({ subagents: true, permissionPolicy: () => 'reject_once' });
    await expect(client.prompt(sessionId, '/subagents check greet')).resolves.toBe('end_turn');

    const s = client.getSnapshot();
    expect(children(s, sessionId)).toHaveLength(2);
    const explorer = byTitle(s, sessionId, 'Explorer')!;
    const writer = byTitle(s, sessionId, 'Test writer')!;
    expect(explorer).toMatchObject({ description: 'Read the code: check greet', cwd: WORKSPACE, canCancel: false });
    expect(writer).toMatchObject({ description: 'Write a test: check greet', cwd: `${WORKSPACE}/test`, canCancel: false });
    for (const child of [explorer, writer]) {
      expect(child.sessionId).not.toBe(sessionId);
      expect(child.state).toMatchObject({ state: 'idle', stopReason: 'end_turn', usage: { totalTokens: expect.any(Number) } });
      expect(child.state!.usage!.totalTokens).toBeGreaterThan(0);
    }

    // Each child's own traffic (its session id) built its thread.
    const explorerItems = explorer.session.thread.items.toArray();
    expect(kinds(explorerItems)).toEqual(['session_message', 'thought', 'tool_call', 'tool_call', 'agent_message']);
    expect(explorer.run.steps).toBe(2);
    expect(explorer.session.plan?.map((e) => e.status)).toEqual(['completed', 'completed', 'completed']);
    expect(agentText(explorerItems)).toContain("returns `'Hello, !'`");
    const writerCall = writer.session.thread.items.toArray().find((i) => i.kind === 'tool_call');
    expect(writerCall).toMatchObject({ title: 'Write test/greeting.test.ts', toolKind: 'edit' });
    expect(writerCall && 'content' in writerCall ? writerCall.content : []).toEqual([
      expect.objectContaining({ type: 'diff', path: `${WORKSPACE}/test/greeting.test.ts`, oldText: null }),
    ]);

    // The briefs: an outgoing view in the parent's transcript naming the child, an incoming view in
    // the child's naming the parent (its text streamed in chunks), each naming the other's message.
    const parentItems = s.sessions[sessionId]!.thread.items.toArray();
    for (const child of [explorer, writer]) {
      const outgoing = parentItems.find((i) => i.kind === 'session_message' && i.recipientSessionId === child.sessionId);
      const incoming = child.session.thread.items.toArray().find((i) => i.kind === 'session_message');
      expect(outgoing).toMatchObject({ senderSessionId: sessionId, recipientMessageId: incoming && 'messageId' in incoming ? incoming.messageId : 'none' });
      expect(incoming).toMatchObject({
        senderSessionId: sessionId,
        recipientSessionId: child.sessionId,
        senderMessageId: outgoing && 'messageId' in outgoing ? outgoing.messageId : 'none',
        text: outgoing && 'text' in outgoing ? outgoing.text : 'none',
      });
    }
    expect(parentItems.filter((i) => i.kind === 'unsupported')).toEqual([]);
    // The announcement came before anything else naming the child.
    for (const child of [explorer, writer]) {
      const first = received.findIndex((f) => f.params?.sessionId === child.sessionId || f.params?.update?.recipientSessionId === child.sessionId);
      const announced = received.findIndex((f) => f.params?.update?.sessionUpdate === 'subagent_update' && f.params.update.sessionId === child.sessionId);
      expect(announced).toBeGreaterThanOrEqual(0);
      expect(announced).toBeLessThan(first);
    }
    // The test writer asked for permission with its own session id, not its parent's.
    const asked = received.filter((f) => f.method === 'session/request_permission');
    expect(asked.map((f) => f.params!.sessionId)).toEqual([writer.sessionId]);

    const parentText = agentText(s.sessions[sessionId]!.thread.items.toArray());
    expect(parentText).toContain('**Explorer** (done)');
    expect(parentText).toContain('**Test writer** (done): the test was rejected, nothing was written.');
    expect(s.sessions[sessionId]!.turn.state).toBe('idle');
  });

  it('the test writer asks permission with its own id: shown on its parent, naming the child; allowed, it writes through fs/* as itself', async () => {
    const { client, fs, received, sessionId } = await connected({ subagents: true });
    const turn = client.prompt(sessionId, '/subagents');
    const asking = await waitForSnapshot(client, (s) => s.permissionRequests.some((r) => r.status === 'pending'));
    const writer = byTitle(asking, sessionId, 'Test writer')!;
    const [request] = asking.permissionRequests;
    expect(request).toMatchObject({ sessionId, subagentSessionId: writer.sessionId, toolCall: { title: 'Write test/greeting.test.ts' } });
    expect(writer.state).toMatchObject({ state: 'running' });
    expect(client.respondToPermission(request!.requestId, 'allow_once')).toBe(true);
    await expect(turn).resolves.toBe('end_turn');

    const s = client.getSnapshot();
    expect(fs.read(`${WORKSPACE}/test/greeting.test.ts`)).toContain("expect(greet('')).toBe('Hello, !');");
    const writes = received.filter((f) => f.method === 'fs/write_text_file');
    expect(writes.map((f) => f.params!.sessionId)).toEqual([writer.sessionId]);
    const reads = received.filter((f) => f.method === 'fs/read_text_file');
    expect(reads.map((f) => f.params!.sessionId)).toEqual([byTitle(s, sessionId, 'Explorer')!.sessionId]);
    expect(
      byTitle(s, sessionId, 'Test writer')!
        .session.thread.items.toArray()
        .find((i) => i.kind === 'tool_call'),
    ).toMatchObject({ status: 'completed' });
    expect(agentText(s.sessions[sessionId]!.thread.items.toArray())).toContain('**Test writer** (done): added `test/greeting.test.ts`');
  });

  it('cancelSubagent while the test writer waits: that child stops (idle, cancelled; its request withdrawn), the explorer finishes, the turn ends normally', async () => {
    const { client, received, sessionId } = await connected({ subagents: true });
    const turn = client.prompt(sessionId, '/subagents');
    const asking = await waitForSnapshot(client, (s) => s.permissionRequests.some((r) => r.status === 'pending'));
    const writer = byTitle(asking, sessionId, 'Test writer')!;
    expect(writer.canCancel).toBe(true);
    await client.cancelSubagent(sessionId, writer.sessionId);
    await expect(turn).resolves.toBe('end_turn');

    const s = client.getSnapshot();
    expect(byTitle(s, sessionId, 'Test writer')!.state).toMatchObject({ state: 'idle', stopReason: 'cancelled' });
    expect(byTitle(s, sessionId, 'Explorer')!.state).toMatchObject({ state: 'idle', stopReason: 'end_turn' });
    expect(s.permissionRequests.map((r) => r.status)).toEqual(['cancelled']);
    expect(
      byTitle(s, sessionId, 'Test writer')!
        .session.thread.items.toArray()
        .find((i) => i.kind === 'tool_call'),
    ).toMatchObject({ status: 'failed' });
    expect(received.some((f) => f.method === 'fs/write_text_file')).toBe(false);
    expect(agentText(s.sessions[sessionId]!.thread.items.toArray())).toContain('**Test writer** (stopped)');
    expect(s.sessions[sessionId]!.turn).toMatchObject({ state: 'idle', stopReason: 'end_turn' });
  });

  it("the session's own cancel stops both children: each idle with stopReason cancelled, the turn cancelled", async () => {
    const { client, sessionId } = await connected({ subagents: true });
    const turn = client.prompt(sessionId, '/subagents');
    await waitForSnapshot(client, (s) => s.permissionRequests.some((r) => r.status === 'pending'));
    await client.cancel(sessionId);
    await expect(turn).resolves.toBe('cancelled');

    const s = client.getSnapshot();
    expect(children(s, sessionId).map((c) => c.state?.stopReason)).toEqual(['cancelled', 'cancelled']);
    expect(children(s, sessionId).every((c) => c.state?.state === 'idle' && !c.canCancel)).toBe(true);
    expect(s.permissionRequests.map((r) => r.status)).toEqual(['cancelled']);
  });

  it('session/load replays the children with their own ids to a client with sub-agents on, and none of it to one with `subagents: false`', async () => {
    const first = await connected({ subagents: true, permissionPolicy: () => 'allow_once' });
    const { sessionId } = first;
    await expect(first.client.prompt(sessionId, '/subagents')).resolves.toBe('end_turn');
    const live = first.client.getSnapshot().sessions[sessionId]!;
    const childIds = Object.keys(live.subagents ?? {});

    const withOptIn = await connectedOnly({ subagents: true });
    const loaded = await withOptIn.client.loadSession(sessionId, { cwd: WORKSPACE });
    expect(Object.keys(loaded.subagents ?? {})).toEqual(childIds);
    for (const id of childIds) {
      const [was, is] = [live.subagents![id]!, loaded.subagents![id]!];
      expect(is).toMatchObject({ title: was.title, description: was.description, cwd: was.cwd, state: was.state, canCancel: false });
      expect(kinds(is.session.thread.items.toArray())).toEqual(kinds(was.session.thread.items.toArray()));
    }

    const without = await connectedOnly({ subagents: false });
    const plain = await without.client.loadSession(sessionId, { cwd: WORKSPACE });
    expect(plain.subagents).toBeUndefined();
    expect(without.received.filter((f) => f.params?.sessionId !== undefined && f.params.sessionId !== sessionId)).toEqual([]);
    expect(without.received.filter((f) => CHILD_UPDATES.includes(f.params?.update?.sessionUpdate ?? ''))).toEqual([]);
    expect(agentText(plain.thread.items.toArray())).toContain('**Test writer** (done)');
  });

  it('in process, createDemoAgent().connect(clientApp) reads the capability too: the test writer asks with its own id', async () => {
    const m = acp.methods;
    const asked: string[] = [];
    let client: acp.ClientConnection | undefined;
    const app = acp
      .client({ name: 'in-process' })
      .onConnect((connection) => {
        client = connection;
      })
      .onRequest(m.client.session.requestPermission, ({ params }) => {
        asked.push(params.sessionId);
        return { outcome: { outcome: 'selected', optionId: 'reject_once' } };
      });
    // A bare stable SDK client logs every unstable update it cannot parse (and drops it): expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const connection = createDemoAgent().connect(app);
    try {
      const agent = client!.agent;
      await agent.request(m.agent.initialize, { protocolVersion: 1, clientCapabilities: { subagents: {} } as acp.ClientCapabilities });
      const { sessionId } = await agent.request(m.agent.session.new, { cwd: WORKSPACE, mcpServers: [] });
      await expect(agent.request(m.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: '/subagents' }] })).resolves.toMatchObject({
        stopReason: 'end_turn',
      });
      expect(asked).toEqual([expect.stringMatching(new RegExp(`^${sessionId}:.+-tests$`))]);
    } finally {
      connection.close();
      logged.mockRestore();
    }
  });
});
