/**
 * Races around agent requests and concurrent streams. Assertions are made on what the agent
 * actually received: every agent request gets exactly one response, whatever raced.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AcpClient, ToolCallItem } from '../../../src/core/index.js';
import { startDemo, WORKSPACE, type DemoServer } from '../../helpers/demo.js';
import { clientPool, itemsOf, settle, textChunk } from '../../helpers/faults.js';
import { isNotification, isRequest, startRawAgent, type RawAgent, type RawConnection } from '../../helpers/raw-agent.js';
import { waitForSnapshot } from '../../helpers/wait.js';

const pool = clientPool();
let agent: RawAgent;
beforeAll(async () => {
  agent = await startRawAgent();
});
afterAll(() => agent.close());
afterEach(() => pool.disposeAll());

const OPTIONS = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'deny', name: 'Deny', kind: 'reject_once' },
];
const permission = (conn: RawConnection, sessionId: string, toolCallId: string) =>
  conn.request('session/request_permission', { sessionId, toolCall: { toolCallId, title: `Run ${toolCallId}` }, options: OPTIONS });
const formElicitation = (conn: RawConnection, scope: Record<string, unknown>) =>
  conn.request('elicitation/create', {
    ...scope,
    mode: 'form',
    message: 'Your name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });

async function connected() {
  const { client } = pool.make(agent.url);
  await client.connect();
  const conn = agent.current!;
  const { sessionId } = await client.newSession({ cwd: WORKSPACE });
  return { client, conn, sessionId };
}

const pendingCounts = (client: AcpClient) => {
  const s = client.getSnapshot();
  return {
    permissions: s.permissionRequests.filter((r) => r.status === 'pending').length,
    elicitations: s.elicitations.filter((e) => e.status === 'pending').length,
  };
};

describe('cancel with agent requests pending', () => {
  it('answers two permissions and two elicitations exactly once, ends the turn cancelled, and applies late updates', async () => {
    const { client, conn, sessionId } = await connected();
    const turn = client.prompt(sessionId, 'go');
    const prompt = await conn.waitFor((m) => isRequest(m, 'session/prompt'), 'prompt');
    conn.update(sessionId, { sessionUpdate: 'tool_call', toolCallId: 'edit-1', title: 'Edit', kind: 'edit', status: 'pending' });
    const requests = [
      permission(conn, sessionId, 'edit-1'),
      permission(conn, sessionId, 'edit-2'),
      // Session-scoped, and request-scoped to the prompt itself (the same session's turn).
      formElicitation(conn, { sessionId }),
      formElicitation(conn, { requestId: prompt.id }),
    ];
    await waitForSnapshot(client, () => pendingCounts(client).permissions === 2 && pendingCounts(client).elicitations === 2, 5000, 'four pending');

    await client.cancel(sessionId);
    await conn.waitFor((m) => isNotification(m, 'session/cancel'), 'session/cancel');
    const answers = await Promise.all(requests.map((r) => r.response));
    expect(answers.map((a) => a.result)).toEqual([
      { outcome: { outcome: 'cancelled' } },
      { outcome: { outcome: 'cancelled' } },
      { action: 'cancel' },
      { action: 'cancel' },
    ]);
    // The agent cancels its own requests too, as agents do after session/cancel; they were
    // already answered, so nothing more may be sent.
    for (const r of requests) conn.notify('$/cancel_request', { requestId: r.id });
    // Late updates after the cancel, then the cancelled stop reason.
    conn.update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId: 'edit-1', status: 'failed', rawOutput: { cancelled: true } });
    conn.update(sessionId, textChunk('stopped as asked', 'late'));
    conn.respond(prompt.id, { stopReason: 'cancelled' });
    await expect(turn).resolves.toBe('cancelled');
    await settle();

    for (const r of requests) expect(conn.responsesTo(r.id)).toHaveLength(1);
    const s = client.getSnapshot();
    expect(s.permissionRequests.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    expect(s.elicitations.map((e) => e.status)).toEqual(['cancelled', 'cancelled']);
    // The request-scoped one is placed in the session of the request it is scoped to.
    expect(s.elicitations.map((e) => e.sessionId)).toEqual([sessionId, sessionId]);
    expect(s.sessions[sessionId]!.turn).toMatchObject({ state: 'idle', stopReason: 'cancelled', error: null });
    expect(s.sessions[sessionId]!.turns.at(-1)!.status).toBe('ended');
    const items = itemsOf(s, sessionId);
    // The late update was applied (rawOutput), and the card keeps the user's "cancelled".
    const card = items.find((i): i is ToolCallItem => i.kind === 'tool_call')!;
    expect(card.rawOutput).toEqual({ cancelled: true });
    expect(card.status).toBe('cancelled');
    expect(items.at(-1)).toMatchObject({ kind: 'agent_message', text: 'stopped as asked' });
    expect(s.status).toBe('ready');
  });

  it("answers the agent's $/cancel_request for a pending permission once, as cancelled", async () => {
    const { client, conn, sessionId } = await connected();
    const request = permission(conn, sessionId, 'tool-x');
    await waitForSnapshot(client, () => pendingCounts(client).permissions === 1, 5000, 'pending');
    conn.notify('$/cancel_request', { requestId: request.id });
    expect((await request.response).result).toEqual({ outcome: { outcome: 'cancelled' } });
    const state = client.getSnapshot().permissionRequests[0]!;
    expect(state.status).toBe('cancelled');
    expect(client.respondToPermission(state.requestId, 'allow')).toBe(false);
    conn.notify('$/cancel_request', { requestId: request.id });
    await settle();
    expect(conn.responsesTo(request.id)).toHaveLength(1);
    expect(client.getSnapshot().permissionRequests[0]!.status).toBe('cancelled');
  });

  it('a turn the agent answers with -32800 after our cancel ends cancelled, not failed', async () => {
    const { client, conn, sessionId } = await connected();
    const turn = client.prompt(sessionId, 'go');
    const prompt = await conn.waitFor((m) => isRequest(m, 'session/prompt'), 'prompt');
    await client.cancel(sessionId);
    await conn.waitFor((m) => isNotification(m, 'session/cancel'), 'session/cancel');
    conn.respondError(prompt.id, -32800, 'Request cancelled');
    await expect(turn).resolves.toBe('cancelled');
    expect(client.getSnapshot().sessions[sessionId]!.turn).toMatchObject({ state: 'idle', stopReason: 'cancelled', error: null });
  });
});

describe('answers from the user', () => {
  it('a double answer sends one response; an option that was not offered is refused and the request stays pending', async () => {
    const { client, conn, sessionId } = await connected();
    const p = permission(conn, sessionId, 'tool-y');
    const e = formElicitation(conn, { sessionId });
    await waitForSnapshot(client, () => pendingCounts(client).permissions === 1 && pendingCounts(client).elicitations === 1, 5000, 'pending');
    const { requestId } = client.getSnapshot().permissionRequests[0]!;
    const elicitationId = client.getSnapshot().elicitations[0]!.requestId;

    expect(client.respondToPermission(requestId, 'allow_always')).toBe(false);
    expect(client.respondToPermission(requestId, '')).toBe(false);
    expect(client.getSnapshot().permissionRequests[0]!.status).toBe('pending');
    await settle();
    expect(conn.responsesTo(p.id)).toHaveLength(0);

    expect(client.respondToPermission(requestId, 'deny')).toBe(true);
    expect(client.respondToPermission(requestId, 'allow')).toBe(false);
    expect(client.respondToPermission(requestId, null)).toBe(false);
    expect(client.respondToElicitation(elicitationId, { action: 'accept', content: { name: 'Ada' } })).toBe(true);
    expect(client.respondToElicitation(elicitationId, { action: 'decline' })).toBe(false);

    expect((await p.response).result).toEqual({ outcome: { outcome: 'selected', optionId: 'deny' } });
    expect((await e.response).result).toEqual({ action: 'accept', content: { name: 'Ada' } });
    await settle();
    expect(conn.responsesTo(p.id)).toHaveLength(1);
    expect(conn.responsesTo(e.id)).toHaveLength(1);
    const s = client.getSnapshot();
    expect(s.permissionRequests[0]).toMatchObject({ status: 'answered', optionId: 'deny' });
    expect(s.elicitations[0]).toMatchObject({ status: 'accepted', response: { action: 'accept', content: { name: 'Ada' } } });
  });

  it('refuses an elicitation with an undeclared mode with -32602 and a diagnostic', async () => {
    const { client, conn, sessionId } = await connected();
    const { id, response } = conn.request('elicitation/create', { sessionId, mode: '_custom', message: 'Scan this QR code' });
    const answer = await response;
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message).toMatch(/_custom/);
    expect(conn.responsesTo(id)).toHaveLength(1);
    const s = client.getSnapshot();
    expect(s.elicitations).toEqual([]);
    expect(s.diagnostics.filter((d) => d.kind === 'unsupported_elicitation_mode').map((d) => d.message)).toEqual([expect.stringContaining('_custom')]);
    expect(s.status).toBe('ready');
  });
});

describe('concurrency', () => {
  it('keeps two sessions apart while a turn runs in one and the agent streams into both', async () => {
    const { client, conn, sessionId: a } = await connected();
    const { sessionId: b } = await client.newSession({ cwd: WORKSPACE });
    const turn = client.prompt(a, 'work in A');
    const prompt = await conn.waitFor((m) => isRequest(m, 'session/prompt'), 'prompt');
    // Same messageIds and toolCallIds in both sessions: ids are per session.
    for (let i = 0; i < 20; i++) {
      conn.update(i % 2 ? b : a, textChunk(`${i % 2 ? 'B' : 'A'}${i} `, 'msg-1'));
    }
    conn.update(a, { sessionUpdate: 'tool_call', toolCallId: 'call-1', title: 'A tool', status: 'in_progress' });
    conn.update(b, { sessionUpdate: 'tool_call', toolCallId: 'call-1', title: 'B tool', status: 'completed' });
    conn.update(b, { sessionUpdate: 'plan', entries: [{ content: 'B plan', status: 'pending', priority: 'high' }] });
    const pb = permission(conn, b, 'call-1');
    await waitForSnapshot(client, () => pendingCounts(client).permissions === 1, 5000, 'permission for B');
    expect(client.getSnapshot().permissionRequests[0]!.sessionId).toBe(b);
    // Cancelling A must not touch B's pending request.
    await client.cancel(a);
    conn.respond(prompt.id, { stopReason: 'cancelled' });
    await expect(turn).resolves.toBe('cancelled');
    expect(client.getSnapshot().permissionRequests[0]!.status).toBe('pending');
    client.respondToPermission(client.getSnapshot().permissionRequests[0]!.requestId, 'allow');
    expect((await pb.response).result).toEqual({ outcome: { outcome: 'selected', optionId: 'allow' } });

    const s = client.getSnapshot();
    const text = (id: string) =>
      itemsOf(s, id)
        .filter((i) => i.kind === 'agent_message')
        .map((i) => (i as { text: string }).text);
    expect(text(a)).toEqual(['A0 A2 A4 A6 A8 A10 A12 A14 A16 A18 ']);
    expect(text(b)).toEqual(['B1 B3 B5 B7 B9 B11 B13 B15 B17 B19 ']);
    const tool = (id: string) => itemsOf(s, id).filter((i): i is ToolCallItem => i.kind === 'tool_call');
    expect(tool(a).map((t) => [t.title, t.status])).toEqual([['A tool', 'cancelled']]);
    expect(tool(b).map((t) => [t.title, t.status])).toEqual([['B tool', 'completed']]);
    expect(s.sessions[a]!.plan).toBeNull();
    expect(s.sessions[b]!.plan).toHaveLength(1);
    expect(s.sessions[b]!.turns).toEqual([]);
    expect(s.sessions[b]!.turn.state).toBe('idle');
    expect(itemsOf(s, b).some((i) => i.kind === 'user_message')).toBe(false);
  });

  describe('two clients on one page', () => {
    let one: DemoServer;
    let two: DemoServer;
    beforeAll(async () => {
      [one, two] = await Promise.all([startDemo(), startDemo()]);
    });
    afterAll(async () => {
      await Promise.all([one.close(), two.close()]);
    });

    it('each thread gets exactly its own agent text while both stream thousands of chunks at once', async () => {
      const N1 = 3000;
      const N2 = 2500;
      const c1 = pool.make(one.url, { trafficCapacity: 100 }).client;
      const c2 = pool.make(two.url, { trafficCapacity: 100 }).client;
      await Promise.all([c1.connect(), c2.connect()]);
      const [s1, s2] = await Promise.all([c1.newSession({ cwd: WORKSPACE }), c2.newSession({ cwd: WORKSPACE })]);
      const stops = await Promise.all([c1.prompt(s1.sessionId, `/stream ${N1}`), c2.prompt(s2.sessionId, `/stream ${N2}`)]);
      expect(stops).toEqual(['end_turn', 'end_turn']);
      const expected = (n: number) => Array.from({ length: n }, (_, i) => `w${i} `).join('');
      const agentText = (c: AcpClient, id: string) =>
        itemsOf(c.getSnapshot(), id)
          .filter((i) => i.kind === 'agent_message')
          .map((i) => (i as { text: string }).text);
      expect(agentText(c1, s1.sessionId)).toEqual([expected(N1)]);
      expect(agentText(c2, s2.sessionId)).toEqual([expected(N2)]);
      expect(Object.keys(c1.getSnapshot().sessions)).toEqual([s1.sessionId]);
      expect(Object.keys(c2.getSnapshot().sessions)).toEqual([s2.sessionId]);
    });
  });
});
