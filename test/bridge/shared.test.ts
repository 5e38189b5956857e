// `--shared`: one agent process across reconnects and pages (several pages at once: shared-sessions.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import {
  INIT_PARAMS,
  RawClient,
  closeAllBridges,
  connectSdk,
  fixtureInfo,
  initialize,
  isAlive,
  startTestBridge,
  waitForExit,
  waitForLog,
  type TestBridge,
} from './helpers';

afterEach(closeAllBridges);

/** Waits until the bridge has noticed that the n-th client went away. */
async function detached({ logs }: TestBridge, clientNumber: number) {
  await waitForLog(logs, new RegExp(`client #${clientNumber} .*(detached|disconnected)`));
}

describe('acp-react-bridge --shared', () => {
  it('keeps one agent across reconnects; the reconnecting client re-initializes and resumes its session', async () => {
    const testBridge = await startTestBridge({ shared: true });
    const first = connectSdk(testBridge.url);
    const firstInit = await initialize(first.conn);
    const { sessionId } = await first.conn.agent.request(acp.methods.agent.session.new, { cwd: process.cwd(), mcpServers: [] });
    await first.conn.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'one' }] });
    const { pid } = await fixtureInfo(first.conn);
    first.conn.close();
    await detached(testBridge, 1);
    expect(isAlive(pid)).toBe(true);
    expect(testBridge.bridge.agentPids()).toEqual([pid]);

    const second = connectSdk(testBridge.url);
    try {
      // The agent accepts initialize only once; the bridge answers this one from its cache (with this page's own bridge entry).
      const { _meta: secondMeta, ...secondInit } = await initialize(second.conn);
      const { _meta: firstMeta, ...firstRest } = firstInit;
      expect(secondInit).toEqual(firstRest);
      expect(secondMeta?.pid).toBe(firstMeta?.pid);
      await second.conn.agent.request(acp.methods.agent.session.resume, { sessionId, cwd: process.cwd() });
      const { stopReason } = await second.conn.agent.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: 'two' }],
      });
      expect(stopReason).toBe('end_turn');
      expect(second.chunks()).toContain('echo: two');
      expect(second.chunks()).not.toContain('echo: one');
      expect(await fixtureInfo(second.conn)).toMatchObject({ pid, initializeCount: 1, sessions: 1 });
    } finally {
      second.conn.close();
    }
    await detached(testBridge, 2);
    expect(isAlive(pid)).toBe(true);
  });

  it('takes a concurrent second connection on the same agent, initialize answered from the cache', async () => {
    const { url } = await startTestBridge({ shared: true });
    const first = await RawClient.open(url);
    await first.request('initialize', INIT_PARAMS);
    const second = await RawClient.open(url);
    expect((await second.request('initialize', INIT_PARAMS)).result).toMatchObject({ agentInfo: { name: 'stdio-fixture-agent' } });
    expect((await second.request('_fixture/info')).result).toMatchObject({ initializeCount: 1 });
    expect((await first.request('_fixture/info')).result).toMatchObject({ initializeCount: 1 });
    await Promise.all([first.close(), second.close()]);
  });

  it('answers agent requests left open by a departed client, and never mixes up request ids across clients', async () => {
    const testBridge = await startTestBridge({ shared: true });
    const first = await RawClient.open(testBridge.url);
    await first.request('initialize', INIT_PARAMS); // id 0
    const created = await first.request('session/new', { cwd: process.cwd(), mcpServers: [] }); // id 1
    const { sessionId } = created.result as { sessionId: string };
    // id 2: a turn that asks the client for permission; leave without answering.
    first.send({ jsonrpc: '2.0', id: 2, method: 'session/prompt', params: { sessionId, prompt: [{ type: 'text', text: 'permission' }] } });
    await first.waitFor((message) => message.method === 'session/request_permission');
    await first.close();
    await detached(testBridge, 1);

    // The new client numbers its requests from 0 too; its id 2 must not receive the old prompt's response.
    const second = await RawClient.open(testBridge.url);
    const init = await second.request('initialize', INIT_PARAMS); // id 0, from the cache
    expect(init.result).toMatchObject({ agentInfo: { name: 'stdio-fixture-agent' } });
    await second.request('_fixture/info'); // id 1
    const info = await second.request('_fixture/info'); // id 2
    expect(info.result).toMatchObject({
      initializeCount: 1,
      lastPermission: { error: expect.stringMatching(/disconnected before answering/) },
    });
    // What the session logged while nobody was attached reaches the page that attaches: the turn
    // ended, answered by the bridge; its response (for the old client) did not.
    await second.request('_acp-react/bridge/session/attach', { sessionId }); // id 3
    const resolved = await second.waitFor((message) => message.method === '_acp-react/bridge/session/request_resolved');
    expect(resolved.params).toMatchObject({ sessionId, by: null, error: { message: expect.stringMatching(/disconnected before answering/) } });
    await second.waitFor((message) => message.method === '_acp-react/bridge/session/turn_ended');
    expect(second.messages.filter((message) => 'result' in message && (message.result as { stopReason?: string }).stopReason)).toEqual([]);
    await second.close();
  });

  it('rewrites $/cancel_request to the id the agent saw', async () => {
    const { url } = await startTestBridge({ shared: true });
    const client = await RawClient.open(url);
    await client.request('initialize', INIT_PARAMS);
    const created = await client.request('session/new', { cwd: process.cwd(), mcpServers: [] });
    const { sessionId } = created.result as { sessionId: string };
    client.send({ jsonrpc: '2.0', id: 'turn', method: 'session/prompt', params: { sessionId, prompt: [{ type: 'text', text: 'wait' }] } });
    await client.waitFor((message) => message.method === 'session/update');
    client.send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 'turn' } });
    const response = await client.waitFor((message) => message.id === 'turn');
    expect(response.error).toMatchObject({ code: -32800 });
    await client.close();
  });

  it('starts a fresh agent on the next connection after the agent crashed (1011)', async () => {
    const testBridge = await startTestBridge({ shared: true });
    const first = await RawClient.open(testBridge.url);
    const init = await first.request('initialize', INIT_PARAMS);
    const pid = (init.result as { _meta: { pid: number } })._meta.pid;
    const created = await first.request('session/new', { cwd: process.cwd(), mcpServers: [] });
    const { sessionId } = created.result as { sessionId: string };
    first.send({ jsonrpc: '2.0', id: 9, method: 'session/prompt', params: { sessionId, prompt: [{ type: 'text', text: 'crash' }] } });
    expect(await first.closed).toEqual({ code: 1011, reason: 'agent exited with code 3' });
    await waitForExit(pid);

    const second = await RawClient.open(testBridge.url);
    const reinit = await second.request('initialize', INIT_PARAMS);
    const newPid = (reinit.result as { _meta: { pid: number } })._meta.pid;
    expect(newPid).not.toBe(pid);
    // The new agent really received this initialize (not a cached answer).
    expect((await second.request('_fixture/info')).result).toMatchObject({ pid: newPid, initializeCount: 1, sessions: 0 });
    await second.close();
  });

  it('stops the shared agent on close()', async () => {
    const { url, bridge } = await startTestBridge({ shared: true });
    const client = await RawClient.open(url);
    const init = await client.request('initialize', INIT_PARAMS);
    const pid = (init.result as { _meta: { pid: number } })._meta.pid;
    await bridge.close();
    expect((await client.closed).code).toBe(1001);
    expect(isAlive(pid)).toBe(false);
  });
});
