/**
 * Dropped connections: pending agent requests become `interrupted` (never `cancelled`: nobody
 * cancelled them), running turns end `interrupted`, and each open session is restored the best
 * way the agent allows: resume keeps the transcript, load replaces it with the replay, neither
 * marks it lost with a reason. The reconnect countdown is visible and can be skipped.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AcpClient, AcpSnapshot, ThreadItem } from '../../../src/core/index.js';
import { startDemo, WORKSPACE, type DemoServer } from '../../helpers/demo.js';
import { clientPool, itemsOf, sent, textChunk } from '../../helpers/faults.js';
import { isRequest, startRawAgent, type RawAgent, type RawConnection, type RawHandler } from '../../helpers/raw-agent.js';
import { waitForSnapshot } from '../../helpers/wait.js';

const pool = clientPool();
afterEach(() => pool.disposeAll());
const FAST_RECONNECT = { initialDelayMs: 20, maxDelayMs: 200, jitter: 0 };

type Status = AcpSnapshot['status'];

/** Every distinct connection status, in order. */
function statusHistory(client: AcpClient): Status[] {
  const history: Status[] = [client.getSnapshot().status];
  client.subscribe(() => {
    const status = client.getSnapshot().status;
    if (history[history.length - 1] !== status) history.push(status);
  });
  return history;
}

const signature = (items: readonly ThreadItem[]) =>
  items.map((i) => (i.kind === 'tool_call' ? `tool:${i.toolCallId}` : 'messageId' in i ? `${i.kind}:${i.messageId ?? i.id}` : i.kind));

describe('against the demo agent (resume)', () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemo();
  });
  afterAll(() => server.close());

  it('a cut mid-permission and mid-elicitation interrupts both, then resumes both sessions with their transcripts once', async () => {
    const { client } = pool.make(server.url, { reconnect: FAST_RECONNECT });
    await client.connect();
    const a = (await client.newSession({ cwd: WORKSPACE })).sessionId;
    const b = (await client.newSession({ cwd: WORKSPACE })).sessionId;
    await client.prompt(a, '/plan');
    const turnA = client.prompt(a, '/edit');
    const turnB = client.prompt(b, '/form');
    await waitForSnapshot(
      client,
      (s) => s.permissionRequests.some((r) => r.status === 'pending') && s.elicitations.some((e) => e.status === 'pending'),
      5000,
      'permission and elicitation pending',
    );
    const before = client.getSnapshot();
    const beforeA = signature(itemsOf(before, a));
    const beforeB = signature(itemsOf(before, b));
    const history = statusHistory(client);

    await server.dropConnections();
    await expect(turnA).rejects.toMatchObject({ code: 'connection_closed' });
    await expect(turnB).rejects.toMatchObject({ code: 'connection_closed' });
    const dropped = client.getSnapshot();
    expect(dropped.permissionRequests.map((r) => r.status)).toEqual(['interrupted']);
    expect(dropped.elicitations.map((e) => e.status)).toEqual(['interrupted']);
    for (const id of [a, b]) {
      expect(dropped.sessions[id]!.turns.at(-1)!.status).toBe('interrupted');
      expect(dropped.sessions[id]!.turn.state).toBe('idle');
    }
    // Answering an interrupted request does nothing.
    expect(client.respondToPermission(dropped.permissionRequests[0]!.requestId, dropped.permissionRequests[0]!.options[0]!.optionId)).toBe(false);

    const restored = await waitForSnapshot(
      client,
      (s) => s.status === 'ready' && s.sessions[a]?.status === 'active' && s.sessions[b]?.status === 'active',
      10_000,
      'restore',
    );
    expect(history).toEqual(['ready', 'reconnecting', 'ready']);
    expect(
      sent(client, 'session/resume')
        .map((m) => m.params.sessionId)
        .sort(),
    ).toEqual([a, b].sort());
    expect(sent(client, 'session/load')).toEqual([]);
    // Resumed: the transcripts are what they were, nothing added twice, nothing lost.
    expect(signature(itemsOf(restored, a))).toEqual(beforeA);
    expect(signature(itemsOf(restored, b))).toEqual(beforeB);
    // The interrupted states stay interrupted (they were not cancelled by anyone).
    expect(restored.permissionRequests[0]!.status).toBe('interrupted');
    expect(restored.elicitations[0]!.status).toBe('interrupted');
    await expect(client.prompt(b, '/plan')).resolves.toBe('end_turn');
  });
});

describe('against a raw agent', () => {
  let handler: RawHandler | undefined;
  let capabilities: Record<string, unknown> = {};
  /** While false, `initialize` goes unanswered (an agent that accepts sockets but hangs). */
  let answerInitialize = true;
  let agent: RawAgent;
  beforeAll(async () => {
    agent = await startRawAgent({
      onMessage: (m, c) => {
        if (isRequest(m, 'initialize')) {
          if (!answerInitialize) return true;
          // Capabilities can change between tests (and between connections).
          c.respond(m.id, { protocolVersion: 1, agentCapabilities: capabilities, agentInfo: { name: 'raw', version: '0' }, authMethods: [] });
          return true;
        }
        return handler?.(m, c);
      },
    });
  });
  afterAll(() => agent.close());
  afterEach(() => {
    handler = undefined;
    capabilities = {};
    answerInitialize = true;
  });

  async function sessionWithHistory(overrides = {}) {
    const { client } = pool.make(agent.url, { reconnect: FAST_RECONNECT, ...overrides });
    await client.connect();
    const conn = agent.current!;
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const turn = client.prompt(sessionId, 'hello');
    const prompt = await conn.waitFor((m) => isRequest(m, 'session/prompt') && m.params.sessionId === sessionId, 'prompt');
    conn.update(sessionId, textChunk('Hi there', 'a1'));
    conn.respond(prompt.id, { stopReason: 'end_turn' });
    await turn;
    return { client, conn, sessionId };
  }

  it('an agent with only loadSession: the session is restored by load, the transcript replaced by the replay', async () => {
    capabilities = { loadSession: true };
    const { client, sessionId } = await sessionWithHistory();
    expect(itemsOf(client.getSnapshot(), sessionId).map((i) => i.kind)).toEqual(['user_message', 'agent_message']);
    const connectionsBefore = agent.connections.length;
    handler = (m, c: RawConnection) => {
      if (!isRequest(m, 'session/load')) return;
      // The history, replayed before the response, with the agent's own ids.
      c.update(sessionId, { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'hello' }, messageId: 'u1' });
      c.update(sessionId, textChunk('Hi ', 'a1'));
      c.update(sessionId, textChunk('there', 'a1'));
      c.update(sessionId, { sessionUpdate: 'tool_call', toolCallId: 'replayed-tool', title: 'Replayed', status: 'completed' });
      c.respond(m.id, {});
      return true;
    };
    await agent.dropConnections();
    const restored = await waitForSnapshot(
      client,
      (s) => s.status === 'ready' && s.sessions[sessionId]?.status === 'active' && agent.connections.length > connectionsBefore,
      10_000,
      'load',
    );
    const load = agent.current!.received.find((m) => isRequest(m, 'session/load'))!;
    expect(load.params).toMatchObject({ sessionId, cwd: WORKSPACE });
    expect(agent.current!.received.some((m) => isRequest(m, 'session/resume'))).toBe(false);
    const items = itemsOf(restored, sessionId);
    expect(items.map((i) => [i.kind, 'text' in i ? i.text : (i as { toolCallId: string }).toolCallId])).toEqual([
      ['user_message', 'hello'],
      ['agent_message', 'Hi there'],
      ['tool_call', 'replayed-tool'],
    ]);
    expect(restored.sessions[sessionId]!.turns).toEqual([]);
  });

  it('an agent that can neither resume nor load: the session is marked lost with a reason', async () => {
    capabilities = {};
    const { client, sessionId } = await sessionWithHistory();
    const before = signature(itemsOf(client.getSnapshot(), sessionId));
    await agent.dropConnections();
    const s = await waitForSnapshot(client, (x) => x.status === 'ready' && x.sessions[sessionId]?.status === 'lost', 10_000, 'lost');
    expect(s.sessions[sessionId]!.statusReason).toMatch(/neither resume nor load/);
    // The transcript stays readable, and the session refuses prompts clearly.
    expect(signature(itemsOf(s, sessionId))).toEqual(before);
    await expect(client.prompt(sessionId, 'again')).rejects.toMatchObject({ code: 'invalid_state', message: expect.stringMatching(/lost/) });
  });

  it('reconnect: false: a drop leaves status error with a clear reason, sessions lost, no new connection', async () => {
    capabilities = { sessionCapabilities: { resume: {} } };
    const { client, sessionId } = await sessionWithHistory({ reconnect: false });
    const connectionsBefore = agent.connections.length;
    await agent.dropConnections();
    const s = await waitForSnapshot(client, (x) => x.status === 'error', 5000, 'error');
    expect(s.error).toMatchObject({ code: 'connection_closed', message: expect.stringMatching(/connection to the agent closed/i) });
    expect(s.reconnect.nextAttemptAt).toBeNull();
    expect(s.sessions[sessionId]).toMatchObject({ status: 'lost', statusReason: expect.stringMatching(/closed/) });
    await expect(client.prompt(sessionId, 'again')).rejects.toMatchObject({ code: 'not_connected' });
    expect(agent.connections.length).toBe(connectionsBefore);
  });

  it('exposes the reconnect countdown, counts failed attempts, and retryNow skips the wait', async () => {
    capabilities = { sessionCapabilities: { resume: {} } };
    const { client, sessionId } = await sessionWithHistory({
      reconnect: { initialDelayMs: 60_000, maxDelayMs: 60_000, jitter: 0 },
      initializeTimeoutMs: 300,
    });
    const connectionsBefore = agent.connections.length;
    await agent.dropConnections();
    const waiting = await waitForSnapshot(client, (s) => s.status === 'reconnecting' && s.reconnect.nextAttemptAt !== null, 5000, 'countdown');
    expect(waiting.reconnect.attempt).toBe(1);
    // A minute away: the countdown a UI shows ("retrying in 60 s").
    expect(waiting.reconnect.nextAttemptAt! - Date.now()).toBeGreaterThan(30_000);
    expect(waiting.sessions[sessionId]!.status).toBe('restoring');

    // First retry: the agent accepts the socket but never answers initialize.
    const original = agent.connections.length;
    answerInitialize = false;
    client.retryNow();
    const failed = await waitForSnapshot(client, (s) => s.reconnect.attempt === 2 && s.reconnect.nextAttemptAt !== null, 5000, 'second attempt scheduled');
    expect(failed.status).toBe('reconnecting');
    expect(failed.error).toMatchObject({ code: 'timeout' });
    expect(agent.connections.length).toBe(original + 1);

    // Second retry, now answered: ready, countdown cleared, session resumed.
    answerInitialize = true;
    client.retryNow();
    const ready = await waitForSnapshot(client, (s) => s.status === 'ready' && s.sessions[sessionId]?.status === 'active', 5000, 'ready');
    expect(ready.reconnect).toEqual({ attempt: 0, nextAttemptAt: null });
    expect(ready.error).toBeNull();
    expect(agent.connections.length).toBe(connectionsBefore + 2);
  });
});
