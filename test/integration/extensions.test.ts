/**
 * Extension methods and notifications (`_`-prefixed) in both directions, over a real loopback
 * WebSocket against a raw agent: what the client sends, what the host's handlers answer, and
 * `_meta` passing through untouched.
 */
import { describe, expect, it } from 'vitest';
import { AcpClientError } from '../../src/core/index.js';
import type { ToolCallItem } from '../../src/core/index.js';
import { WORKSPACE } from '../helpers/demo.js';
import { itemsOf, perTestAgents, sent, settle } from '../helpers/faults.js';
import { isNotification, isRequest } from '../helpers/raw-agent.js';
import { waitForSnapshot } from '../helpers/wait.js';

const { pool, rawAgent } = perTestAgents();

async function connected(clientOptions: Parameters<typeof pool.make>[1] = {}) {
  const agent = await rawAgent({
    onMessage(m, conn) {
      if (m.method !== '_acme/echo') return false;
      conn.respond(m.id, { echoed: m.params, _meta: { acme: { served: 'by-agent' } } });
      return true;
    },
  });
  const { client } = pool.make(agent.url, clientOptions);
  await client.connect();
  return { client, conn: agent.current! };
}

describe('client to agent', () => {
  it('extMethod sends the params and _meta as given and resolves with the whole result, _meta included', async () => {
    const { client } = await connected();
    const params = { query: 'files', _meta: { trace: { id: 't-1' } } };
    const result = await client.extMethod('_acme/echo', params);
    expect(result).toEqual({ echoed: params, _meta: { acme: { served: 'by-agent' } } });
    expect(sent(client, '_acme/echo')[0]!.params).toEqual(params);
  });

  it('an agent without the method answers -32601', async () => {
    const { client, conn } = await connected();
    const call = client.extMethod('_acme/unknown').catch((e: unknown) => e);
    const request = await conn.waitFor((m) => isRequest(m, '_acme/unknown'), 'request');
    conn.respondError(request.id, -32601, 'Method not found');
    expect(await call).toMatchObject({ code: -32601 });
  });

  it('extMethod can be aborted: $/cancel_request, -32800', async () => {
    const { client, conn } = await connected();
    const controller = new AbortController();
    const call = client.extMethod('_acme/slow', {}, { signal: controller.signal }).catch((e: unknown) => e);
    const request = await conn.waitFor((m) => isRequest(m, '_acme/slow'), 'request');
    controller.abort();
    expect(await call).toMatchObject({ code: -32800 });
    expect((await conn.waitFor((m) => isNotification(m, '$/cancel_request'))).params).toEqual({ requestId: request.id });
  });

  it('extNotification sends a notification', async () => {
    const { client, conn } = await connected();
    await client.extNotification('_acme/ping', { n: 1, _meta: { acme: true } });
    const ping = await conn.waitFor((m) => isNotification(m, '_acme/ping'), 'ping');
    expect(ping.params).toEqual({ n: 1, _meta: { acme: true } });
  });

  it('names outside the extension space are refused before anything is sent', async () => {
    const { client } = await connected();
    await expect(client.extMethod('session/new')).rejects.toMatchObject({ code: -32602 });
    await expect(client.extNotification('acme/ping')).rejects.toMatchObject({ code: -32602 });
    expect(sent(client, 'session/new')).toEqual([]);
  });
});

describe('agent to client', () => {
  it('a registered handler answers, with the params and _meta it got; unregistered again, -32601', async () => {
    const { client, conn } = await connected();
    const seen: unknown[] = [];
    const off = client.onExtMethod('_acme/lookup', async (params) => {
      seen.push(params);
      return { found: true, _meta: { acme: { cache: 'hit' } } };
    });
    const params = { key: 'k', _meta: { claudeCode: { toolUseId: 'toolu_1' } } };
    expect((await conn.request('_acme/lookup', params).response).result).toEqual({ found: true, _meta: { acme: { cache: 'hit' } } });
    expect(seen).toEqual([params]);
    off();
    expect((await conn.request('_acme/lookup', params).response).error?.code).toBe(-32601);
    expect(client.getSnapshot().diagnostics.some((d) => d.kind === 'unknown_request' && /_acme\/lookup/.test(d.message))).toBe(true);
  });

  it('a handler that returns nothing answers null; an unknown method still gets -32601', async () => {
    const { client, conn } = await connected({ extMethods: { '_acme/fire': () => undefined } });
    expect((await conn.request('_acme/fire', {}).response).result).toBeNull();
    expect((await conn.request('_acme/other', {}).response).error?.code).toBe(-32601);
    expect(client.getSnapshot().status).toBe('ready');
  });

  it('a handler that throws answers the agent with a JSON-RPC error, never leaves it waiting', async () => {
    const { client, conn } = await connected();
    client.onExtMethod('_acme/boom', () => {
      throw new Error('disk on fire');
    });
    client.onExtMethod('_acme/refuse', async () => {
      throw new AcpClientError(-32002, 'No such thing', { what: 'x' });
    });
    expect((await conn.request('_acme/boom', {}).response).error).toMatchObject({ code: -32603, message: 'disk on fire' });
    expect((await conn.request('_acme/refuse', {}).response).error).toEqual({ code: -32002, message: 'No such thing', data: { what: 'x' } });
  });

  it('a cancelled request aborts the handler signal', async () => {
    const { client, conn } = await connected();
    let aborted = false;
    client.onExtMethod(
      '_acme/wait',
      (_params, { signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(signal.reason)))),
    );
    const request = conn.request('_acme/wait', {});
    await settle();
    conn.notify('$/cancel_request', { requestId: request.id });
    expect((await request.response).error?.code).toBe(-32800);
    expect(aborted).toBe(true);
  });

  it('notifications reach their handler; a throwing one is a diagnostic; a later handler replaces, and removing the old one keeps it', async () => {
    const received: unknown[] = [];
    const { client, conn } = await connected({ extNotifications: { '_acme/progress': (p) => void received.push(['first', p]) } });
    conn.notify('_acme/progress', { done: 1 });
    conn.notify('_acme/unheard', { x: 1 });
    await settle();
    expect(received).toEqual([['first', { done: 1 }]]);
    const offOld = client.onExtNotification('_acme/progress', () => {
      throw new Error('bad handler');
    });
    const offNew = client.onExtNotification('_acme/progress', (p) => void received.push(['second', p]));
    offOld();
    conn.notify('_acme/progress', { done: 2 });
    await settle();
    expect(received.at(-1)).toEqual(['second', { done: 2 }]);
    offNew();
    client.onExtNotification('_acme/progress', () => {
      throw new Error('bad handler');
    });
    conn.notify('_acme/progress', { done: 3 });
    await settle();
    expect(client.getSnapshot().diagnostics.some((d) => d.kind === 'adapter_error' && /bad handler/.test(d.message))).toBe(true);
    expect(client.getSnapshot().status).toBe('ready');
  });
});

describe('_meta kept in the snapshot', () => {
  // The shape claude-agent-acp sends on its tool calls (its tool name, and the parent tool-use id of a sub-agent's calls).
  const CLAUDE = { claudeCode: { toolName: 'Read', parentToolUseId: 'toolu_parent' } };

  it('on tool calls (absent keeps, an object replaces, null clears), permission requests and elicitations', async () => {
    const { client, conn } = await connected();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const call = () => itemsOf(client.getSnapshot(), sessionId).find((i): i is ToolCallItem => i.kind === 'tool_call')!;
    conn.update(sessionId, { sessionUpdate: 'tool_call', toolCallId: 'toolu_1', title: 'Read a.ts', kind: 'read', _meta: CLAUDE });
    conn.update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId: 'toolu_1', status: 'in_progress' });
    await waitForSnapshot(client, () => call()?.status === 'in_progress', 5000, 'update');
    expect(call()._meta).toEqual(CLAUDE);
    conn.update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId: 'toolu_1', _meta: { claudeCode: { toolName: 'Read', done: true } } });
    await waitForSnapshot(client, () => (call()._meta as { claudeCode?: { done?: boolean } } | null)?.claudeCode?.done === true, 5000, 'replaced');
    conn.update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId: 'toolu_1', _meta: null, status: 'completed' });
    await waitForSnapshot(client, () => call().status === 'completed', 5000, 'completed');
    expect(call()._meta).toBeNull();

    conn.request('session/request_permission', {
      sessionId,
      toolCall: { toolCallId: 'toolu_1', title: 'Read a.ts', _meta: CLAUDE },
      options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
      _meta: { acme: { risk: 'low' } },
    });
    conn.request('elicitation/create', { sessionId, mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: {} }, _meta: { acme: 1 } });
    const s = await waitForSnapshot(client, (snap) => snap.permissionRequests.length === 1 && snap.elicitations.length === 1, 5000, 'requests');
    expect(s.permissionRequests[0]).toMatchObject({ _meta: { acme: { risk: 'low' } }, toolCall: { _meta: CLAUDE } });
    expect(s.elicitations[0]!._meta).toEqual({ acme: 1 });
  });
});
