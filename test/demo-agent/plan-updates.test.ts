/**
 * v1 plan operations: a client that advertises `clientCapabilities.plan` gets `plan_update` (a
 * checklist keyed `main`, and in the default turn a Markdown plan document with an absolute `path`)
 * instead of the legacy `plan`; one that does not still gets `plan`. The SDK's v1 UNSTABLE client app
 * (whose schema has plan operations) on the other side of a loopback WebSocket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as acp from '@agentclientprotocol/sdk/unstable';
import { startDemoAgentServer } from '../../demo-agent/server.mjs';
import { recordedStream, wireUpdates } from './recorded-stream.js';

const m = acp.methods;
const CWD = '/home/demo/project';

function connect(url: string) {
  const updates: acp.SessionUpdate[] = [];
  const { stream, received } = recordedStream(url);
  const conn = acp
    .client({ name: 'plan-updates-test' })
    .onNotification(m.client.session.update, ({ params }) => {
      updates.push(params.update);
    })
    .onRequest(m.client.session.requestPermission, () => ({ outcome: { outcome: 'selected', optionId: 'allow_once' } }))
    .connect(stream);
  return {
    conn,
    updates,
    /** The updates as they were on the wire. */
    get raw() {
      return wireUpdates(received);
    },
  };
}

describe('demo agent plan updates on v1', () => {
  let server: Awaited<ReturnType<typeof startDemoAgentServer>>;
  beforeAll(async () => {
    server = await startDemoAgentServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const run = async (caps: acp.ClientCapabilities, text: string, url = server.url) => {
    const c = connect(url);
    await c.conn.agent.request(m.agent.initialize, { protocolVersion: 1, clientCapabilities: caps });
    const { sessionId } = await c.conn.agent.request(m.agent.session.new, { cwd: CWD, mcpServers: [] });
    const { stopReason } = await c.conn.agent.request(m.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] });
    c.conn.close();
    expect(stopReason).toBe('end_turn');
    expect(c.updates.length, 'updates the client could not parse').toBe(c.raw.length);
    return c;
  };

  it('sends plan_update (checklist and a Markdown document with an absolute path) to a client that advertised plan', async () => {
    const { updates, raw } = await run({ plan: {} }, 'Add a punctuation option to greet()');
    const kinds = updates.map((u) => u.sessionUpdate);
    expect(kinds).not.toContain('plan');
    const plans = updates.flatMap((u) => (u.sessionUpdate === 'plan_update' ? [u.plan] : []));
    const checklists = plans.filter((p) => p.type === 'items');
    expect(checklists.length).toBeGreaterThanOrEqual(3);
    for (const p of checklists) expect(p).toMatchObject({ planId: 'main', entries: expect.any(Array) });
    const last = checklists.at(-1);
    expect(last?.type === 'items' && last.entries.every((e) => e.status === 'completed')).toBe(true);
    const doc = plans.find((p) => p.type === 'markdown');
    expect(doc?.type === 'markdown' && doc.content).toMatch(/^# /);
    // `path` is beyond the SDK's schema (which strips it): it is on the wire
    const wireDoc = raw.find((u) => u.sessionUpdate === 'plan_update' && u.plan.type === 'markdown');
    expect(wireDoc.plan).toMatchObject({ planId: 'design', path: `${CWD}/PLAN.md` });

    const { updates: slash } = await run({ plan: {} }, '/plan');
    expect(slash.some((u) => u.sessionUpdate === 'plan')).toBe(false);
    // /plan: a draft document (no path) beside the checklist, removed once the checklist is done
    const ops = slash.flatMap((u) =>
      u.sessionUpdate === 'plan_update' ? [`${u.plan.type}:${u.plan.planId}`] : u.sessionUpdate === 'plan_removed' ? [`removed:${u.planId}`] : [],
    );
    expect(ops[0]).toBe('markdown:draft');
    expect(ops.at(-1)).toBe('removed:draft');
    expect(ops.slice(1, -1).every((op) => op === 'items:main')).toBe(true);
  });

  it('reads the opt-in behind the protocol router too (?protocol=auto, a v1 client)', async () => {
    const { updates } = await run({ plan: {} }, '/plan', `${server.url}?protocol=auto`);
    expect(updates.some((u) => u.sessionUpdate === 'plan_update')).toBe(true);
    expect(updates.some((u) => u.sessionUpdate === 'plan')).toBe(false);
  });

  it('keeps sending the legacy plan to a client that did not', async () => {
    const { updates } = await run({}, '/plan');
    expect(updates.some((u) => u.sessionUpdate === 'plan')).toBe(true);
    expect(updates.some((u) => u.sessionUpdate === 'plan_update')).toBe(false);
  });
});
