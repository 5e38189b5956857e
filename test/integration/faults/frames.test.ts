/**
 * Malformed and invalid traffic from a misbehaving agent, over a real loopback WebSocket with the
 * real SDK client inside `createAcpClient`. Every bad frame is surrounded by valid updates: the
 * client must stay ready, keep every valid update in order, show or diagnose every invalid one,
 * and record all of them in the traffic log.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgentMessageItem, ToolCallItem, UnsupportedItem } from '../../../src/core/index.js';
import { WORKSPACE } from '../../helpers/demo.js';
import { clientPool, itemsOf, settle, textChunk } from '../../helpers/faults.js';
import { isRequest, startRawAgent, type RawAgent, type RawConnection, type RawHandler } from '../../helpers/raw-agent.js';
import { waitForSnapshot } from '../../helpers/wait.js';

const pool = clientPool();
afterEach(() => pool.disposeAll());

let handler: RawHandler | undefined;
let agent: RawAgent;
beforeAll(async () => {
  agent = await startRawAgent({ onMessage: (m, c) => handler?.(m, c) });
});
afterAll(() => agent.close());
afterEach(() => {
  handler = undefined;
});

async function connected() {
  const { client } = pool.make(agent.url);
  await client.connect();
  const conn = agent.current!;
  const { sessionId } = await client.newSession({ cwd: WORKSPACE });
  return { client, conn, sessionId };
}

/** Sends a valid chunk with its own messageId (one thread item each) so order is visible. */
const valid = (conn: RawConnection, sessionId: string, n: number) => conn.update(sessionId, textChunk(`v${n}`, `m${n}`));

describe('bad frames between valid updates', () => {
  it('keeps every valid update in order and shows, diagnoses and logs every bad one', async () => {
    const { client, conn, sessionId } = await connected();
    const bad: Array<() => void> = [
      () => conn.sendText('{"jsonrpc": "2.0", "method": "session/update", "params": {'),
      () => conn.sendBinary(new Uint8Array([0xde, 0xad, 0xbe, 0xef])),
      () => conn.sendText(JSON.stringify([{ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update: textChunk('from-batch', 'mb') } }])),
      () => conn.sendText('42'),
      () => conn.send({ jsonrpc: '2.0', id: 987654, result: { surprise: true } }),
      () => conn.notify('_vendor/heartbeat', { n: 1 }),
      () => conn.update(sessionId, { sessionUpdate: 'mystery_kind', foo: 1 }),
      () => conn.update(sessionId, { sessionUpdate: 'agent_message_chunk', messageId: 'holo', content: { type: 'hologram', frames: 3 } }),
      () => conn.update(sessionId, { sessionUpdate: 'usage_update', used: 'lots', size: 1000 }),
      () => conn.update(sessionId, { sessionUpdate: 'plan', entries: 'step one, step two' }),
      () =>
        conn.update(sessionId, {
          sessionUpdate: 'tool_call',
          toolCallId: 'tc-garbage',
          title: 'Tool with garbage content',
          kind: 'teleport',
          status: 'in_progress',
          content: [42, { type: 'content', content: { type: 'text', text: 'kept' } }, { type: 'bogus' }, null, { type: 'diff' }],
        }),
      () => conn.notify('session/update', { update: textChunk('no session id') }),
    ];
    let n = 0;
    valid(conn, sessionId, n++);
    for (const send of bad) {
      send();
      valid(conn, sessionId, n++);
    }
    const last = `v${n - 1}`;
    const s = await waitForSnapshot(client, (x) => itemsOf(x, sessionId).some((i) => i.kind === 'agent_message' && i.text === last), 5000, 'last chunk');

    expect(s.status).toBe('ready');
    const items = itemsOf(s, sessionId);
    // Every valid chunk, each once, in the order sent.
    const validTexts = items.filter((i): i is AgentMessageItem => i.kind === 'agent_message' && /^v\d+$/.test(i.text)).map((i) => i.text);
    expect(validTexts).toEqual(Array.from({ length: n }, (_, k) => `v${k}`));
    // The thread in full: the invalid updates sit exactly where they arrived.
    const shape = items.map((i) =>
      i.kind === 'agent_message' ? (i.messageId === 'holo' ? 'holo' : i.text) : i.kind === 'unsupported' ? `unsupported:${i.sessionUpdate}` : i.kind,
    );
    expect(shape).toEqual([
      'v0',
      'v1',
      'v2',
      'v3',
      'v4',
      'v5',
      'v6',
      'unsupported:mystery_kind',
      'v7',
      'holo',
      'v8',
      'unsupported:usage_update',
      'v9',
      'unsupported:plan',
      'v10',
      'tool_call',
      'v11',
      'v12',
    ]);
    // A batch is never unpacked: its update was not applied.
    expect(items.some((i) => i.kind === 'agent_message' && i.text === 'from-batch')).toBe(false);

    const mystery = items.find((i): i is UnsupportedItem => i.kind === 'unsupported' && i.sessionUpdate === 'mystery_kind')!;
    expect(mystery.raw).toEqual({ sessionUpdate: 'mystery_kind', foo: 1 });
    expect(mystery.reason).toMatch(/mystery_kind/);
    const holo = items.find((i): i is AgentMessageItem => i.kind === 'agent_message' && i.messageId === 'holo')!;
    expect(holo.content).toEqual([{ type: 'hologram', unsupported: true, raw: { type: 'hologram', frames: 3 } }]);
    expect(s.sessions[sessionId]!.usage).toBeNull();
    expect(s.sessions[sessionId]!.plan).toBeNull();
    const tool = items.find((i): i is ToolCallItem => i.kind === 'tool_call')!;
    expect(tool).toMatchObject({ toolCallId: 'tc-garbage', status: 'in_progress', toolKind: 'other' });
    expect(tool.content).toEqual([{ type: 'content', content: { type: 'text', text: 'kept' } }]);

    // Diagnostics for what never reached the thread.
    const kinds = s.diagnostics.map((d) => d.kind);
    expect(kinds.filter((k) => k === 'malformed_frame').length).toBeGreaterThanOrEqual(4); // JSON, binary, batch, non-object
    expect(kinds).toContain('invalid_update');
    expect(kinds).toContain('protocol_error'); // the response to a request never sent
    expect(s.diagnostics.some((d) => d.kind === 'protocol_error' && /987654/.test(d.message))).toBe(true);
    // The unknown notification is ignored: no diagnostic names it.
    expect(s.diagnostics.some((d) => d.message.includes('_vendor/heartbeat'))).toBe(false);

    // Traffic: every inbound frame is there, refused ones with an error.
    const inbound = client.traffic.entries().filter((e) => e.dir === 'in');
    const refused = inbound.filter((e) => e.error);
    expect(refused.some((e) => e.raw?.startsWith('{"jsonrpc": "2.0", "method": "session/update"') && /JSON/.test(e.error!))).toBe(true);
    expect(refused.some((e) => /binary/i.test(e.raw ?? '') && /Binary/.test(e.error!))).toBe(true);
    expect(refused.some((e) => e.raw?.startsWith('[') && /batch/i.test(e.error!))).toBe(true);
    expect(refused.some((e) => e.raw === '42')).toBe(true);
    expect(refused.some((e) => (e.msg as { id?: unknown } | undefined)?.id === 987654)).toBe(true);
    expect(inbound.some((e) => (e.msg as { method?: string } | undefined)?.method === '_vendor/heartbeat')).toBe(true);
    expect(
      inbound.some((e) => (e.msg as { params?: { update?: { sessionUpdate?: string } } } | undefined)?.params?.update?.sessionUpdate === 'mystery_kind'),
    ).toBe(true);

    // The agent was told about the frames JSON-RPC answers: -32700 for bad JSON, -32600 for the
    // batch and the non-object; nothing for binary, notifications or the stray response.
    await conn.waitFor((m) => m.error?.code === -32700, 'parse error');
    await settle();
    const protocolErrors = conn.received.filter((m) => m.id === null && m.error).map((m) => m.error!.code);
    expect(protocolErrors.sort()).toEqual([-32700, -32600, -32600].sort());
  });
});

describe('requests and notifications the client does not know', () => {
  it('answers an unknown request with -32601 and a diagnostic, and ignores an unknown notification', async () => {
    const { client, conn } = await connected();
    conn.notify('_vendor/unknown_note', { x: 1 });
    conn.notify('session/brand_new_notification', { x: 1 });
    const { id, response } = conn.request('_vendor/do_something', { please: true });
    const answer = await response;
    expect(answer.error?.code).toBe(-32601);
    expect(conn.responsesTo(id)).toHaveLength(1);
    const s = client.getSnapshot();
    expect(s.status).toBe('ready');
    expect(s.diagnostics.filter((d) => d.kind === 'unknown_request').map((d) => d.message)).toEqual([expect.stringContaining('_vendor/do_something')]);
    expect(s.diagnostics.some((d) => /unknown_note|brand_new_notification/.test(d.message))).toBe(false);
    // Notifications never get answers.
    expect(conn.received.filter((m) => m.error && m.id === null)).toEqual([]);
    // Still usable.
    const other = await client.newSession({ cwd: WORKSPACE });
    expect(other.sessionId).toBeTruthy();
  });
});

describe('responses', () => {
  it('refuses a second answer to the same request with a diagnostic, keeping the first', async () => {
    handler = (m, conn) => {
      if (!isRequest(m, 'session/new')) return;
      conn.respond(m.id, { sessionId: 'first' });
      conn.respond(m.id, { sessionId: 'second' });
      return true;
    };
    const { client } = pool.make(agent.url);
    await client.connect();
    const session = await client.newSession({ cwd: WORKSPACE });
    expect(session.sessionId).toBe('first');
    const s = await waitForSnapshot(client, (x) => x.diagnostics.some((d) => d.kind === 'protocol_error'), 5000, 'diagnostic');
    expect(Object.keys(s.sessions)).toEqual(['first']);
    const refused = client.traffic.entries().filter((e) => e.dir === 'in' && e.error);
    expect(refused.map((e) => (e.msg as { result?: { sessionId?: string } }).result?.sessionId)).toEqual(['second']);
    expect(s.status).toBe('ready');
  });
});

describe('updates the client cannot place yet', () => {
  it('buffers updates for an unknown session, diagnoses once, and applies them when session/new returns it', async () => {
    handler = (m, conn) => {
      if (!isRequest(m, 'session/new')) return;
      // The agent streams before answering (racy but legal), and once for a session that never appears.
      conn.update('early-1', textChunk('before the response, part 1 '));
      conn.update('early-1', textChunk('part 2'));
      conn.update('never-seen', textChunk('orphan'));
      setTimeout(() => conn.respond(m.id, { sessionId: 'early-1' }), 20);
      return true;
    };
    const { client } = pool.make(agent.url);
    await client.connect();
    const session = await client.newSession({ cwd: WORKSPACE });
    expect(session.sessionId).toBe('early-1');
    const items = itemsOf(client.getSnapshot(), 'early-1');
    expect(items.map((i) => (i.kind === 'agent_message' ? i.text : i.kind))).toEqual(['before the response, part 1 part 2']);
    const unknown = client.getSnapshot().diagnostics.filter((d) => d.kind === 'unknown_session');
    expect(unknown.map((d) => d.message)).toEqual([expect.stringContaining('early-1'), expect.stringContaining('never-seen')]);
    expect(client.getSnapshot().sessions['never-seen']).toBeUndefined();
  });

  it('adopts an early update that lives beside the session too (an agent-owned terminal, a v2 kind folded on v1)', async () => {
    handler = (m, conn) => {
      if (!isRequest(m, 'session/new')) return;
      conn.update('early-2', { sessionUpdate: 'terminal_update', terminalId: 'term-1', command: 'npm test' });
      conn.update('early-2', { sessionUpdate: 'terminal_output_chunk', terminalId: 'term-1', data: btoa('ok\n') });
      setTimeout(() => conn.respond(m.id, { sessionId: 'early-2' }), 20);
      return true;
    };
    const { client } = pool.make(agent.url);
    await client.connect();
    await client.newSession({ cwd: WORKSPACE });
    const snapshot = client.getSnapshot();
    expect(snapshot.terminals['term-1']).toMatchObject({ sessionId: 'early-2', command: 'npm test', output: 'ok\n' });
    // Each said what was odd about it (a v2 kind on a v1 connection) when it was applied.
    expect(snapshot.diagnostics.filter((d) => d.kind === 'protocol_oddity')).toHaveLength(2);
  });

  it('creates a card for tool_call_update before its tool_call, and the later tool_call merges into the same card', async () => {
    const { client, conn, sessionId } = await connected();
    conn.update(sessionId, {
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call-1',
      status: 'in_progress',
      content: [{ type: 'content', content: { type: 'text', text: 'reading…' } }],
    });
    conn.update(sessionId, {
      sessionUpdate: 'tool_call',
      toolCallId: 'call-1',
      title: 'Read greeting.ts',
      kind: 'read',
      status: 'in_progress',
      locations: [{ path: '/workspace/src/greeting.ts' }],
    });
    conn.update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId: 'call-1', status: 'completed' });
    conn.update(sessionId, textChunk('done', 'after'));
    const s = await waitForSnapshot(client, (x) => itemsOf(x, sessionId).some((i) => i.kind === 'agent_message'), 5000, 'done');
    const calls = itemsOf(s, sessionId).filter((i): i is ToolCallItem => i.kind === 'tool_call');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      toolCallId: 'call-1',
      title: 'Read greeting.ts',
      toolKind: 'read',
      status: 'completed',
      createdByUpdate: true,
      locations: [{ path: '/workspace/src/greeting.ts' }],
      content: [{ type: 'content', content: { type: 'text', text: 'reading…' } }],
    });
  });
});
