/**
 * Requests and updates that name sessions the client does not hold: a closed session's late
 * updates are dropped quietly, an invented session cannot grow memory, and a permission request
 * for an unknown session is answered (cancelled) instead of waiting forever.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { WORKSPACE } from '../../helpers/demo.js';
import { clientPool, settle, textChunk } from '../../helpers/faults.js';
import { startRawAgent, type RawAgent } from '../../helpers/raw-agent.js';
import { waitForSnapshot } from '../../helpers/wait.js';

const pool = clientPool();
let agent: RawAgent;
beforeAll(async () => {
  agent = await startRawAgent({
    agentCapabilities: { sessionCapabilities: { close: {} } },
    onMessage(message, conn) {
      if (message.method !== 'session/close') return false;
      conn.respond(message.id, {});
      return true;
    },
  });
});
afterAll(() => agent.close());
afterEach(() => pool.disposeAll());

it('drops late updates for a closed session without diagnostics', async () => {
  const { client } = pool.make(agent.url);
  await client.connect();
  const conn = agent.current!;
  const { sessionId } = await client.newSession({ cwd: WORKSPACE });
  await client.closeSession(sessionId);
  conn.update(sessionId, { sessionUpdate: 'session_info_update', title: 'late title' });
  conn.update(sessionId, textChunk('late chunk'));
  await settle();
  expect(client.getSnapshot().sessions[sessionId]).toBeUndefined();
  expect(client.getSnapshot().diagnostics.filter((d) => d.kind === 'unknown_session')).toEqual([]);
});

it('bounds updates for invented sessions', async () => {
  const { client } = pool.make(agent.url);
  await client.connect();
  const conn = agent.current!;
  for (let i = 0; i < 100; i++) conn.update(`invented-${i}`, textChunk(`x${i}`));
  await waitForSnapshot(client, (s) => s.diagnostics.filter((d) => d.kind === 'unknown_session').length === 100, 10_000, '100 diagnostics');
  const diagnostics = client.getSnapshot().diagnostics.filter((d) => d.kind === 'unknown_session');
  expect(diagnostics).toHaveLength(100);
  expect(diagnostics.filter((d) => /dropped/.test(d.message)).length).toBeGreaterThan(50);
  expect(client.getSnapshot().status).toBe('ready');
});

it('answers a permission request for an unknown session with cancelled', async () => {
  const { client } = pool.make(agent.url);
  await client.connect();
  const conn = agent.current!;
  const { response } = conn.request('session/request_permission', {
    sessionId: 'nobody',
    toolCall: { toolCallId: 't', title: 'Delete everything' },
    options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
  });
  expect((await response).result).toEqual({ outcome: { outcome: 'cancelled' } });
  expect(client.getSnapshot().permissionRequests).toEqual([]);
});
