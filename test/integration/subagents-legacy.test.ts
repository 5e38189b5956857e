/**
 * Both sub-agent wire shapes over a real loopback WebSocket: the legacy `subagent_spawned` /
 * `subagent_state_update` pair (codex-acp, early claude-agent-acp) and `subagent_update`, each
 * replayed from its fixture (test/fixtures/subagents) by a raw agent to a client with the
 * `subagents` option, end in the same child sessions on the parent.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AcpClient, AcpSnapshot, SubagentState } from '../../src/core/index.js';
import { makeClient, WORKSPACE } from '../helpers/demo.js';
import { isRequest, startRawAgent, type RawAgent } from '../helpers/raw-agent.js';
import { waitForSnapshot } from '../helpers/wait.js';

const PARENT = 'parent';
const fixture = (name: string): unknown[] =>
  readFileSync(new URL(`../fixtures/subagents/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { msg: unknown }).msg);

let agent: RawAgent | undefined;
let client: AcpClient | undefined;
afterEach(async () => {
  await client?.disconnect();
  await agent?.close();
  client = agent = undefined;
});

/** Replays the fixture's notifications once the session `parent` exists; resolves when the child it starts is idle. */
async function replay(name: string, subagents = true): Promise<AcpSnapshot> {
  agent = await startRawAgent({
    onMessage: (m, conn) => {
      if (!isRequest(m, 'session/new')) return false;
      conn.respond(m.id, { sessionId: PARENT });
      return true;
    },
  });
  client = makeClient(agent.url, { subagents }).client;
  await client.connect();
  await client.newSession({ cwd: WORKSPACE });
  const messages = fixture(name);
  for (const message of messages) agent.current!.send(message);
  if (!subagents) {
    // Nothing is routed to children: the last update (on the parent) is its thread's last item.
    return waitForSnapshot(client, (s) => s.sessions[PARENT]?.thread.items.size === 3, 5000, `${name}: the parent's updates`);
  }
  return waitForSnapshot(client, (s) => s.sessions[PARENT]?.subagents?.['child-1']?.state?.state === 'idle', 5000, `${name}: child-1 idle`);
}

/** A child as the UI reads it, without the clock's timestamps (two replays never share them). */
function view(child: SubagentState) {
  const { session, run, ...record } = child;
  const untimed = (item: object) => Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'startedAt' && key !== 'endedAt'));
  return { ...record, items: session.thread.items.toArray().map(untimed), steps: run.steps, latestStep: run.latestStep };
}
const children = (s: AcpSnapshot) => Object.values(s.sessions[PARENT]?.subagents ?? {}).map(view);

describe('sub-agents in either wire shape', () => {
  it('the subagent_update fixture: a child and its own child, each finished, with their threads', async () => {
    const s = await replay('subagent-update.ndjson');
    expect(children(s)).toMatchObject([
      { sessionId: 'child-1', parentSessionId: PARENT, title: 'Agent child-1', description: 'Task for child-1', canCancel: false, steps: 1 },
      { sessionId: 'grandchild-1', parentSessionId: 'child-1', title: 'Agent dchild-1', description: 'Task for grandchild-1', canCancel: false },
    ]);
    expect(children(s).map((c) => [c.state, c.items.map((i) => ('text' in i ? i.text : i.kind))])).toEqual([
      [{ state: 'idle', stopReason: 'end_turn', error: null, usage: null }, ['tool_call', 'Weather found']],
      [{ state: 'idle', stopReason: 'end_turn', error: null, usage: null }, ['Nested result']],
    ]);
    expect(s.diagnostics).toEqual([]);
  });

  it('the legacy subagent_spawned / subagent_state_update fixture ends in the same children, and is never an unsupported item', async () => {
    const expected = children(await replay('subagent-update.ndjson'));
    await client!.disconnect();
    await agent!.close();
    const s = await replay('subagents-legacy.ndjson');
    expect(children(s)).toEqual(expected);
    expect(s.sessions[PARENT]!.thread.items.toArray().map((i) => i.kind)).toEqual(['agent_message']);
    expect(s.diagnostics).toEqual([]);
  });

  it('with subagents: false, the legacy kinds are unsupported items and the children’s traffic unknown sessions, as subagent_update’s', async () => {
    const s = await replay('subagents-legacy.ndjson', false);
    const parent = s.sessions[PARENT]!;
    expect(parent.subagents).toBeUndefined();
    expect(parent.thread.items.toArray().map((i) => (i.kind === 'unsupported' ? i.sessionUpdate : i.kind))).toEqual([
      'agent_message',
      'subagent_spawned',
      'subagent_state_update',
    ]);
    expect(s.diagnostics.filter((d) => d.kind === 'unknown_session').map((d) => d.message.match(/session (\S+);/)?.[1])).toEqual(['child-1', 'grandchild-1']);
  });
});
