/**
 * v1's plan operations over a real loopback WebSocket: a raw agent sends the legacy `plan`, then
 * `plan_update` of each kind (by `planId` and by the RFD's `id`), a malformed one and a
 * `plan_removed`; the client keeps every plan by id, shows the malformed one as an unsupported
 * item and loses nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AcpClient } from '../../src/core/index.js';
import { makeClient, WORKSPACE } from '../helpers/demo.js';
import { startRawAgent, type RawAgent } from '../helpers/raw-agent.js';
import { waitForSnapshot } from '../helpers/wait.js';

const entry = (content: string, status = 'pending') => ({ content, priority: 'high', status });
let agent: RawAgent | undefined;
let client: AcpClient | undefined;

afterEach(async () => {
  await client?.disconnect();
  await agent?.close();
  client = agent = undefined;
});

describe('plan_update and plan_removed from a v1 agent', () => {
  it('several plans of each kind are kept by id beside the legacy plan; a malformed one is shown, not lost', async () => {
    agent = await startRawAgent();
    client = makeClient(agent.url).client;
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const conn = agent.current!;
    const malformed = { sessionUpdate: 'plan_update', plan: { type: 'diagram', planId: 'sketch', svg: '<svg/>' } };
    for (const update of [
      { sessionUpdate: 'plan', entries: [entry('Legacy step')] },
      { sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'steps', entries: [entry('Read'), entry('Write')] } },
      { sessionUpdate: 'plan_update', plan: { type: 'markdown', planId: 'design', content: '## Steps\n- [ ] A', path: '/ws/PLAN.md' } },
      { sessionUpdate: 'plan_update', plan: { type: 'file', id: 'doc', uri: 'file:///ws/plan.md' } },
      malformed,
      { sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'steps', entries: [entry('Read', 'completed'), entry('Write', 'in_progress')] } },
      { sessionUpdate: 'plan_removed', planId: 'doc' },
      { sessionUpdate: 'session_info_update', title: 'done' },
    ]) {
      conn.update(sessionId, update);
    }
    const s = (await waitForSnapshot(client, (snap) => snap.sessions[sessionId]?.info.title === 'done', 5000, 'the last update')).sessions[sessionId]!;
    expect(s.plans).toEqual({
      main: { planId: 'main', type: 'items', entries: [entry('Legacy step')], _meta: null },
      steps: { planId: 'steps', type: 'items', entries: [entry('Read', 'completed'), entry('Write', 'in_progress')], _meta: null },
      design: { planId: 'design', type: 'markdown', content: '## Steps\n- [ ] A', path: '/ws/PLAN.md', _meta: null },
    });
    expect(s.plan).toEqual([entry('Legacy step')]);
    const unsupported = s.thread.items.toArray().filter((i) => i.kind === 'unsupported');
    expect(unsupported).toEqual([
      expect.objectContaining({ sessionUpdate: 'plan_update', reason: expect.stringMatching(/Unknown plan type "diagram"/), raw: malformed }),
    ]);
  });
});
