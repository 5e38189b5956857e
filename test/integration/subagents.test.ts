/**
 * Sub-agent runs end to end: the demo agent's `/delegate` sends a `Task` tool call and a run whose
 * updates name it in `_meta.claudeCode.parentToolUseId` (as claude-agent-acp does), over a real
 * loopback WebSocket with the real SDK on both sides; the client's snapshot nests the run under
 * the Task, keeps it nested through a session load's replay, and settles it on cancel.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AcpClient, AcpSnapshot, ThreadItem, ToolCallItem } from '../../src/core/index.js';
import { makeClient, startDemo, WORKSPACE, type DemoServer } from '../helpers/demo.js';
import { waitForSnapshot } from '../helpers/wait.js';

let server: DemoServer;
let slow: DemoServer;
const clients: AcpClient[] = [];

beforeAll(async () => {
  server = await startDemo();
  // Chunks 20 ms apart and steps 80 ms apart: time to cancel while the sub-agent works.
  slow = await startDemo({ delayMs: 20 });
});
afterAll(async () => {
  await Promise.all([server.close(), slow.close()]);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.disconnect()));
});

async function connected(url = server.url) {
  const { client } = makeClient(url);
  clients.push(client);
  await client.connect();
  return client;
}

const items = (s: AcpSnapshot, id: string): readonly ThreadItem[] => s.sessions[id]!.thread.items.toArray();
const isToolCall = (i: ThreadItem): i is ToolCallItem => i.kind === 'tool_call';
const task = (s: AcpSnapshot, id: string) => items(s, id).find((i): i is ToolCallItem => isToolCall(i) && i.toolKind === 'think');
const runItems = (call: ToolCallItem | undefined) => call?.run?.thread.items.toArray() ?? [];
/** What an item of a run shows: a tool call's status, a message's text. */
const shown = (i: ThreadItem) => [i.kind, isToolCall(i) ? i.status : 'text' in i ? i.text : null];

describe('/delegate: a sub-agent run over a real WebSocket', () => {
  it('nests the run under its Task: prompt, thought, tool calls (results included) and answer; the thread keeps only the Task', async () => {
    const client = await connected();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await expect(client.prompt(sessionId, '/delegate check the greeting')).resolves.toBe('end_turn');

    const s = client.getSnapshot();
    expect(items(s, sessionId).map((i) => i.kind)).toEqual(['user_message', 'agent_message', 'tool_call', 'agent_message']);
    const parent = task(s, sessionId)!;
    expect(parent).toMatchObject({ title: 'Sub-agent: check the greeting', status: 'completed', _meta: { claudeCode: { toolName: 'Task' } } });
    const run = runItems(parent);
    expect(run.map((i) => i.kind)).toEqual(['user_message', 'thought', 'tool_call', 'tool_call', 'agent_message']);
    expect(run[0]).toMatchObject({ text: expect.stringContaining('check the greeting') });
    // The search's result came in an update without the parent id: it still reached the nested card.
    expect(run[2]).toMatchObject({ toolKind: 'search', status: 'completed', rawOutput: { matches: [{ file: 'src/greeting.ts', line: 1 }] } });
    expect(run[3]).toMatchObject({ toolKind: 'read', status: 'completed', locations: [{ path: '/workspace/src/greeting.ts', line: 1 }] });
    expect(run[4]).toMatchObject({ kind: 'agent_message', text: expect.stringContaining('No test calls it yet') });
    expect(parent.run).toMatchObject({ steps: 2, latestStep: 3 });
    // Nothing of the run leaked to the top level.
    expect(items(s, sessionId).filter(isToolCall)).toHaveLength(1);
  });

  it('a session load’s replay nests the run again, item for item', async () => {
    const client = await connected();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await client.prompt(sessionId, '/delegate');
    const live = runItems(task(client.getSnapshot(), sessionId)).map(shown);

    const other = await connected();
    const loaded = await other.loadSession(sessionId, { cwd: WORKSPACE });
    const replayed = loaded.thread.items.toArray();
    expect(replayed.filter(isToolCall)).toHaveLength(1);
    const nested = runItems(replayed.find(isToolCall)).map(shown);
    expect(nested).toEqual(live);
  });

  it('cancelling while the sub-agent works settles its run: no nested tool call left running, none shown twice', async () => {
    const client = await connected(slow.url);
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const turn = client.prompt(sessionId, '/delegate');
    await waitForSnapshot(client, (s) => runItems(task(s, sessionId)).some((i) => isToolCall(i) && i.toolKind === 'search'), 10_000, 'the nested search');
    await client.cancel(sessionId);
    await expect(turn).resolves.toBe('cancelled');

    const s = client.getSnapshot();
    const parent = task(s, sessionId)!;
    expect(parent.status).toBe('cancelled');
    expect(items(s, sessionId).filter(isToolCall)).toHaveLength(1);
    const nested = runItems(parent).filter(isToolCall);
    expect(nested.length).toBeGreaterThan(0);
    for (const call of nested) expect(['completed', 'cancelled']).toContain(call.status);
  });
});
