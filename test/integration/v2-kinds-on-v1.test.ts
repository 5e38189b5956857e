/**
 * The client's `session/update` path folds ACP v2 kinds that a v1 agent sends (over a real
 * loopback WebSocket, the client's own session routing and chunk joining in between): an
 * agent-started turn driven by `state_update`, a whole `agent_message`, an agent-owned terminal
 * with base64 output in `snapshot.terminals`. Each is used and diagnosed as `protocol_oddity`;
 * nothing is lost.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AcpClient } from '../../src/core/index.js';
import { makeClient, WORKSPACE } from '../helpers/demo.js';
import { startRawAgent, type RawAgent } from '../helpers/raw-agent.js';
import { waitForSnapshot } from '../helpers/wait.js';

let agent: RawAgent | undefined;
let client: AcpClient | undefined;

afterEach(async () => {
  await client?.disconnect();
  await agent?.close();
  client = agent = undefined;
});

describe('ACP v2 kinds from a v1 agent', () => {
  it('are folded into the session and the terminals, each with a protocol_oddity diagnostic', async () => {
    agent = await startRawAgent();
    client = makeClient(agent.url).client;
    await client.connect();
    expect(client.getSnapshot().agent?.protocolVersion).toBe(1);
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const conn = agent.current!;
    const updates = [
      { sessionUpdate: 'state_update', state: 'running' },
      { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: { type: 'text', text: 'Draft' } },
      { sessionUpdate: 'agent_message', messageId: 'm1', content: [{ type: 'text', text: 'Final answer' }] },
      { sessionUpdate: 'terminal_update', terminalId: 'term-1', command: 'npm test', cwd: '/ws' },
      { sessionUpdate: 'terminal_output_chunk', terminalId: 'term-1', data: Buffer.from('1 passed\n').toString('base64') },
      { sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' },
      { sessionUpdate: 'session_info_update', title: 'done' },
    ];
    for (const update of updates) conn.update(sessionId, update);
    const snap = await waitForSnapshot(client, (s) => s.sessions[sessionId]?.info.title === 'done', 5000, 'the last update');
    const session = snap.sessions[sessionId]!;
    expect(session.turns).toMatchObject([{ turnId: 'agent:1', status: 'ended', stopReason: 'end_turn' }]);
    expect(session.turn).toMatchObject({ state: 'idle', stopReason: 'end_turn' });
    expect(session.thread.items.toArray()).toMatchObject([{ kind: 'agent_message', messageId: 'm1', text: 'Final answer' }]);
    expect(snap.terminals['term-1']).toMatchObject({ sessionId, command: 'npm test', cwd: '/ws', output: '1 passed\n' });
    const oddities = snap.diagnostics.filter((d) => d.kind === 'protocol_oddity');
    expect(oddities.map((d) => (d.raw as { sessionUpdate: string }).sessionUpdate)).toEqual([
      'state_update',
      'agent_message',
      'terminal_update',
      'terminal_output_chunk',
      'state_update',
    ]);
  });
});
