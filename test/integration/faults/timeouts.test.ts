/**
 * Agents that go silent, speak another protocol version, or send frames above the size limit:
 * the client must fail clearly instead of hanging, tell the agent what it gave up on, and never
 * loop on reconnects it cannot win.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../../src/core/index.js';
import { WORKSPACE } from '../../helpers/demo.js';
import { itemsOf, perTestAgents, sent, settle, textChunk } from '../../helpers/faults.js';
import { isNotification, isRequest } from '../../helpers/raw-agent.js';
import { waitForSnapshot } from '../../helpers/wait.js';

const { pool, rawAgent } = perTestAgents();

describe('silent agents', () => {
  it('initialize never answered: connect rejects with a clear timeout, status error, and the agent is told to stop', async () => {
    const agent = await rawAgent({ onMessage: (m) => isRequest(m, 'initialize') });
    const { client } = pool.make(agent.url, { initializeTimeoutMs: 300 });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'timeout' });
    expect((error as Error).message).toMatch(/did not answer initialize within 0\.3 s/);
    const conn = agent.connections[0]!;
    const init = conn.received.find((m) => isRequest(m, 'initialize'))!;
    // The cancellation reached the agent before the socket closed.
    await conn.waitFor((m) => isNotification(m, '$/cancel_request') && m.params?.requestId === init.id, '$/cancel_request for initialize');
    await settle();
    const s = client.getSnapshot();
    expect(s.status).toBe('error');
    // The reason stays the timeout: closing the abandoned socket must not overwrite it.
    expect(s.error).toMatchObject({ code: 'timeout' });
    expect(agent.connections).toHaveLength(1);
  });

  it('session/new never answered: rejects with timeout, sends $/cancel_request, and the client stays ready and usable', async () => {
    let silent = true;
    const agent = await rawAgent({ onMessage: (m) => isRequest(m, 'session/new') && silent });
    const { client } = pool.make(agent.url, { requestTimeoutMs: 300 });
    await client.connect();
    await expect(client.newSession({ cwd: WORKSPACE })).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(/did not answer session\/new within 0\.3 s/),
    });
    const conn = agent.current!;
    const request = conn.received.find((m) => isRequest(m, 'session/new'))!;
    await conn.waitFor((m) => isNotification(m, '$/cancel_request') && m.params?.requestId === request.id, '$/cancel_request');
    expect(client.getSnapshot().status).toBe('ready');
    expect(sent(client, '$/cancel_request')).toHaveLength(1);

    // A late answer to the abandoned request is dropped quietly (no session appears, no error).
    conn.respond(request.id, { sessionId: 'too-late' });
    silent = false;
    const session = await client.newSession({ cwd: WORKSPACE });
    expect(session.sessionId).toMatch(/^sess-/);
    expect(client.getSnapshot().sessions['too-late']).toBeUndefined();
    expect(client.getSnapshot().diagnostics.filter((d) => d.kind === 'protocol_error')).toEqual([]);
    expect(client.getSnapshot().status).toBe('ready');
  });
});

describe('protocol version', () => {
  it('an agent answering a version the client does not speak is refused with -32022 naming both, status error, and no reconnect loop', async () => {
    const agent = await rawAgent({ protocolVersion: 3 });
    const { client } = pool.make(agent.url, { reconnect: { initialDelayMs: 10, maxDelayMs: 20, jitter: 0 } });
    await expect(client.connect()).rejects.toMatchObject({
      code: -32022,
      message: expect.stringMatching(/^The agent answered ACP protocol version 3; this client speaks version/),
    });
    // Give a reconnect loop every chance to show itself (backoff is 10 ms).
    await settle(300);
    const s = client.getSnapshot();
    expect(s.status).toBe('error');
    expect(s.error).toMatchObject({ code: -32022 });
    expect(s.reconnect.nextAttemptAt).toBeNull();
    expect(agent.connections).toHaveLength(1);
    // retryNow is the explicit way to try again, and it fails the same way without looping.
    client.retryNow();
    await waitForSnapshot(client, () => agent.connections.length === 2, 5000, 'retry');
    await settle(300);
    expect(agent.connections).toHaveLength(2);
    expect(client.getSnapshot()).toMatchObject({ status: 'error', error: { code: -32022 } });
  });
});

describe('initialize answered with an error', () => {
  it('"authentication required" marks the snapshot\'s auth, as an answer to any other request does', async () => {
    const agent = await rawAgent({
      onMessage: (m, conn) => {
        if (!isRequest(m, 'initialize')) return false;
        conn.respondError(m.id, -32000, 'Authentication required');
        return true;
      },
    });
    const { client } = pool.make(agent.url, { reconnect: false });
    await expect(client.connect()).rejects.toMatchObject({ code: -32000, message: expect.stringMatching(/Authentication required/) });
    expect(client.getSnapshot().auth).toMatchObject({ required: true, reason: { code: -32000 } });
  });

  it('an answer over maxMessageBytes fails with message_too_large, naming the limit', async () => {
    const LIMIT = 10_000;
    const agent = await rawAgent({
      onMessage: (m, conn) => {
        if (!isRequest(m, 'initialize')) return false;
        conn.respond(m.id, { protocolVersion: 1, agentCapabilities: {}, authMethods: [], _meta: { padding: 'x'.repeat(LIMIT) } });
        return true;
      },
    });
    const { client } = pool.make(agent.url, { reconnect: false, maxMessageBytes: LIMIT });
    await expect(client.connect()).rejects.toMatchObject({ code: ErrorCodes.messageTooLarge });
  });
});

describe('oversized frames', () => {
  const LIMIT = 10_000;

  it('refuses a frame above maxMessageBytes with a diagnostic naming the limit; the connection survives', async () => {
    const agent = await rawAgent();
    const { client } = pool.make(agent.url, { maxMessageBytes: LIMIT });
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const conn = agent.current!;
    conn.update(sessionId, textChunk('before ', 'a'));
    conn.update(sessionId, textChunk('x'.repeat(LIMIT + 100), 'huge'));
    conn.update(sessionId, textChunk('after', 'b'));
    const s = await waitForSnapshot(client, (x) => itemsOf(x, sessionId).some((i) => i.kind === 'agent_message' && i.text === 'after'), 5000, 'after');
    expect(s.status).toBe('ready');
    expect(itemsOf(s, sessionId).map((i) => (i.kind === 'agent_message' ? i.messageId : i.kind))).toEqual(['a', 'b']);
    const diagnostic = s.diagnostics.find((d) => d.kind === 'malformed_frame')!;
    expect(diagnostic.message).toMatch(/10000/);
    const refused = client.traffic.entries().filter((e) => e.dir === 'in' && e.error);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.error).toMatch(/10000/);
    // The traffic log does not keep the whole huge frame.
    expect(refused[0]!.raw!.length).toBeLessThan(1000);
    // Later requests still work.
    await expect(client.newSession({ cwd: WORKSPACE })).resolves.toMatchObject({ sessionId: expect.any(String) });
  });

  it('an oversized response fails its request at once instead of leaving it pending', async () => {
    const agent = await rawAgent({
      onMessage: (m, conn) => {
        if (!isRequest(m, 'session/new')) return;
        conn.respond(m.id, { sessionId: 'big', _meta: { padding: 'p'.repeat(LIMIT) } });
        return true;
      },
    });
    // No request timeout: without the fix this would wait forever.
    const { client } = pool.make(agent.url, { maxMessageBytes: LIMIT, requestTimeoutMs: 0 });
    await client.connect();
    await expect(client.newSession({ cwd: WORKSPACE })).rejects.toMatchObject({
      code: 'message_too_large',
      message: expect.stringMatching(/10000/),
    });
    expect(client.getSnapshot().status).toBe('ready');
    expect(client.getSnapshot().sessions.big).toBeUndefined();
  });

  it('an oversized request from the agent is answered with an error, so the agent does not wait forever', async () => {
    const agent = await rawAgent();
    const { client } = pool.make(agent.url, { maxMessageBytes: LIMIT });
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const conn = agent.current!;
    const { id, response } = conn.request('fs/write_text_file', { sessionId, path: '/workspace/big.txt', content: 'z'.repeat(LIMIT) });
    const answer = await response;
    expect(answer.error).toMatchObject({ message: expect.stringMatching(/10000/) });
    expect(conn.responsesTo(id)).toHaveLength(1);
    expect(client.getSnapshot().status).toBe('ready');

    // The id is found wherever it sits at the top level, never inside params.
    const content = 'z'.repeat(LIMIT);
    conn.sendText(
      `{"jsonrpc":"2.0","method":"fs/write_text_file","params":{"id":999,"sessionId":"${sessionId}","path":"/workspace/b.txt","content":"${content}"},"id":"late-id"}`,
    );
    const late = await conn.waitFor((m) => m.id === 'late-id', 'answer to late-id');
    expect(late.error).toMatchObject({ message: expect.stringMatching(/10000/) });
    await settle();
    expect(conn.responsesTo(999)).toEqual([]);
    expect(client.getSnapshot().status).toBe('ready');
  });
});
