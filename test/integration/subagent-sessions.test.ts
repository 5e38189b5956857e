/**
 * UNSTABLE child sessions (ACP RFD "subagents") end to end, over a real loopback WebSocket with
 * the real SDK on both sides: the demo agent's `/delegate` exposes its sub-agent as a child
 * session (`subagent_update`, then the child's own `session/update`s) only to a client that
 * advertised `clientCapabilities.subagents`, which `createAcpClient({ subagents: true })` does.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AcpClient, AcpClientOptions, AcpSnapshot, ThreadItem } from '../../src/core/index.js';
import { makeClient, startDemo, WORKSPACE, type DemoServer } from '../helpers/demo.js';
import { waitForSnapshot } from '../helpers/wait.js';

let server: DemoServer;
let slow: DemoServer;
const clients: AcpClient[] = [];

beforeAll(async () => {
  server = await startDemo();
  // Steps 80 ms apart: time to cancel the child while it works.
  slow = await startDemo({ delayMs: 20 });
});
afterAll(async () => {
  await Promise.all([server.close(), slow.close()]);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.disconnect()));
});

async function connected(overrides: Partial<AcpClientOptions>, url = server.url) {
  const { client } = makeClient(url, overrides);
  clients.push(client);
  await client.connect();
  return client;
}

const advertised = (client: AcpClient) =>
  (client.traffic.entries().find((e) => e.dir === 'out' && (e.msg as { method?: string }).method === 'initialize')!.msg as {
    params: { clientCapabilities: Record<string, unknown> };
  }).params.clientCapabilities;
const children = (s: AcpSnapshot, id: string) => Object.values(s.sessions[id]!.subagents ?? {});
const shown = (i: ThreadItem) => [i.kind, i.kind === 'tool_call' ? i.status : 'text' in i ? i.text : null];

describe('subagent_update over a real WebSocket', () => {
  it('without the opt-in: no capability, and /delegate nests its run under the Task by _meta as before', async () => {
    const client = await connected({});
    expect(advertised(client)).not.toHaveProperty('subagents');
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await client.prompt(sessionId, '/delegate');
    const s = client.getSnapshot().sessions[sessionId]!;
    expect(s.subagents).toBeUndefined();
    const task = s.thread.items.toArray().find((i) => i.kind === 'tool_call');
    expect(task?.kind === 'tool_call' && task.run?.steps).toBe(2);
  });

  it('with it: the capability is advertised and the child session is kept on its parent, with its own thread, steps and final state', async () => {
    const client = await connected({ subagents: true });
    expect(advertised(client).subagents).toEqual({});
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await expect(client.prompt(sessionId, '/delegate check the greeting')).resolves.toBe('end_turn');

    const s = client.getSnapshot();
    const [child] = children(s, sessionId);
    expect(children(s, sessionId)).toHaveLength(1);
    expect(child).toMatchObject({
      title: 'Sub-agent',
      description: 'check the greeting',
      state: { state: 'idle', stopReason: 'end_turn', usage: { totalTokens: expect.any(Number) } },
      // The agent withdrew the cancel capability when the child went idle.
      canCancel: false,
    });
    // The child's traffic built its own run; nothing of it reached the parent's thread, and none was an unknown session.
    expect(child!.run.thread.items.toArray().map(shown)).toEqual([
      ['user_message', expect.stringContaining('check the greeting')],
      ['thought', 'A search for the greeting first, then the file it is in.'],
      ['tool_call', 'completed'],
      ['tool_call', 'completed'],
      ['agent_message', expect.stringContaining('No test calls it yet')],
    ]);
    expect(child!.run).toMatchObject({ steps: 2, latestStep: 3 });
    const parent = s.sessions[sessionId]!.thread.items.toArray();
    expect(parent.map((i) => i.kind)).toEqual(['user_message', 'agent_message', 'tool_call', 'agent_message']);
    expect(parent.some((i) => i.kind === 'unsupported')).toBe(false);
    expect(s.diagnostics.filter((d) => d.message.includes(child!.sessionId))).toEqual([]);
    // Cancelling is refused once the agent no longer allows it.
    await expect(client.cancelSubagent(sessionId, child!.sessionId)).rejects.toMatchObject({ message: expect.stringContaining('does not support cancelling sub-agent') });
  });

  it('cancelSubagent sends session/cancel for the child while it may: the child stops, the parent turn goes on', async () => {
    const client = await connected({ subagents: true }, slow.url);
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const turn = client.prompt(sessionId, '/delegate');
    const at = await waitForSnapshot(client, (s) => children(s, sessionId).some((c) => c.canCancel && c.run.steps > 0));
    const running = children(at, sessionId)[0]!;
    await client.cancelSubagent(sessionId, running.sessionId);
    await expect(turn).resolves.toBe('end_turn');

    const s = client.getSnapshot();
    expect(children(s, sessionId)[0]).toMatchObject({ state: { state: 'idle', stopReason: 'cancelled' } });
    const sent = client.traffic.entries().filter((e) => e.dir === 'out' && (e.msg as { method?: string }).method === 'session/cancel');
    expect(sent.map((e) => (e.msg as { params: unknown }).params)).toEqual([{ sessionId: running.sessionId }]);
    expect(s.sessions[sessionId]!.turn.state).toBe('idle');
    expect(s.sessions[sessionId]!.thread.items.last()).toMatchObject({ kind: 'agent_message', text: expect.stringContaining('cancelled') });
  });
});
