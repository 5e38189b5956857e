/**
 * `_meta` both ways over a real loopback WebSocket, with the real SDK on both sides: an agent made
 * with the SDK's `agent()` app API and served by its `AcpServer`. What the host sets on its
 * requests reaches the agent's handlers; what the agent puts on its answers and updates is kept in
 * the snapshot (the agent, the session, the turn, messages, the plan, tool calls).
 */
import * as acp from '@agentclientprotocol/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcpClient, ThreadItem } from '../../src/core/index.js';
import { makeClient, WORKSPACE } from '../helpers/demo.js';
import { serveSdkAgent, type SdkAgentServer } from '../helpers/sdk-agent-server.js';
import { waitForSnapshot } from '../helpers/wait.js';

const m = acp.methods;
/** The `_meta` each request reached the agent with, by method. */
const received: Record<string, unknown[]> = {};
const note = (method: string, meta: unknown) => (received[method] ??= []).push(meta ?? null);
/** Ends the held turn ("wait") once its session/cancel arrives. */
let cancelled: (() => void) | undefined;
const CONFIG_OPTION = {
  id: 'model',
  name: 'Model',
  type: 'select',
  currentValue: 'small',
  options: [
    { value: 'small', name: 'Small' },
    { value: 'large', name: 'Large' },
  ],
} as acp.SessionConfigOption;

function metaAgent() {
  return acp
    .agent({ name: 'meta-agent' })
    .onRequest(m.agent.initialize, () => ({
      protocolVersion: acp.PROTOCOL_VERSION,
      agentCapabilities: { loadSession: true, sessionCapabilities: { list: {}, close: {}, delete: {} } as acp.SessionCapabilities },
      agentInfo: { name: 'meta-agent', version: '1.0.0' },
      _meta: { acme: { build: 7 } },
    }))
    .onRequest(m.agent.authenticate, () => ({}))
    .onRequest(m.agent.session.new, ({ params }) => {
      note('session/new', params._meta);
      return {
        sessionId: `s${received['session/new']!.length}`,
        modes: {
          currentModeId: 'ask',
          availableModes: [
            { id: 'ask', name: 'Ask' },
            { id: 'code', name: 'Code' },
          ],
        },
        configOptions: [CONFIG_OPTION],
        _meta: { acme: { region: 'eu' } },
      };
    })
    .onRequest(m.agent.session.setMode, ({ params }) => {
      note('session/set_mode', params._meta);
      return {};
    })
    .onRequest(m.agent.session.setConfigOption, ({ params }) => {
      note('session/set_config_option', params._meta);
      return { configOptions: [{ ...CONFIG_OPTION, currentValue: String(params.value) } as acp.SessionConfigOption] };
    })
    .onRequest(m.agent.session.close, ({ params }) => {
      note('session/close', params._meta);
      return {};
    })
    .onRequest(m.agent.session.delete, ({ params }) => {
      note('session/delete', params._meta);
      return {};
    })
    .onNotification(m.agent.session.cancel, ({ params }) => {
      note('session/cancel', params._meta);
      cancelled?.();
    })
    .onRequest(m.agent.session.list, ({ params }) => {
      note('session/list', params._meta);
      return { sessions: [], _meta: { acme: { total: 0 } } };
    })
    .onRequest(m.agent.session.load, async ({ params, client }) => {
      note('session/load', params._meta);
      const update = (u: Record<string, unknown>) => client.notify(m.client.session.update, { sessionId: params.sessionId, update: u as never });
      await update({ sessionUpdate: 'user_message_chunk', messageId: 'u0', content: { type: 'text', text: 'earlier' }, _meta: { acme: { at: 1 } } });
      await update({ sessionUpdate: 'agent_message_chunk', messageId: 'a0', content: { type: 'text', text: 'answer' } });
      return { _meta: { acme: { replayed: 2 } } };
    })
    .onRequest(m.agent.session.prompt, async ({ params, client }) => {
      note('session/prompt', params._meta);
      // "wait" holds the turn until the client's session/cancel arrives.
      if (params.prompt.some((b) => b.type === 'text' && b.text === 'wait')) {
        await new Promise<void>((resolve) => (cancelled = resolve));
        return { stopReason: 'cancelled' };
      }
      const update = (u: Record<string, unknown>) => client.notify(m.client.session.update, { sessionId: params.sessionId, update: u as never });
      await update({ sessionUpdate: 'agent_message_chunk', messageId: 'a1', content: { type: 'text', text: 'Plan' }, _meta: { acme: { model: 'x1' } } });
      await update({ sessionUpdate: 'agent_message_chunk', messageId: 'a1', content: { type: 'text', text: 'ning.' } });
      await update({ sessionUpdate: 'plan', entries: [{ content: 'Read', priority: 'high', status: 'pending' }], _meta: { acme: { source: 'todo' } } });
      await update({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read a.ts', kind: 'read', _meta: { acme: { tool: 'Read' } } });
      await update({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed', name: null, title: null });
      return { stopReason: 'end_turn', _meta: { acme: { tokens: 42 } } };
    });
}

let agentServer: SdkAgentServer;
let url: string;
const clients: AcpClient[] = [];

beforeAll(async () => {
  agentServer = await serveSdkAgent(metaAgent());
  url = agentServer.url;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.disconnect()));
  await agentServer.close();
});

async function connected() {
  const { client } = makeClient(url);
  clients.push(client);
  await client.connect();
  return client;
}

const items = (client: AcpClient, sessionId: string): readonly ThreadItem[] => client.getSnapshot().sessions[sessionId]!.thread.items.toArray();

describe('_meta over a real WebSocket, SDK agent', () => {
  it('the initialize answer’s is kept on the agent', async () => {
    const client = await connected();
    expect(client.getSnapshot().agent).toMatchObject({ info: { name: 'meta-agent' }, _meta: { acme: { build: 7 } } });
  });

  it('the host’s reaches the agent on session/new and session/prompt; the answers’ are kept on the session and the turn', async () => {
    const client = await connected();
    const session = await client.newSession({ cwd: WORKSPACE, _meta: { host: { project: 'p1' } } });
    expect(received['session/new']!.at(-1)).toEqual({ host: { project: 'p1' } });
    expect(session._meta).toEqual({ acme: { region: 'eu' } });

    const stop = await client.prompt(session.sessionId, 'Read a.ts', { _meta: { host: { trace: 'abc' } } });
    expect(stop).toBe('end_turn');
    expect(received['session/prompt']!.at(-1)).toEqual({ host: { trace: 'abc' } });
    const s = client.getSnapshot().sessions[session.sessionId]!;
    expect(s.turns.at(-1)).toMatchObject({ status: 'ended', stopReason: 'end_turn', _meta: { acme: { tokens: 42 } } });

    // Updates from the turn: the message's (from its first chunk), the plan's, the tool call's.
    await waitForSnapshot(client, () => items(client, session.sessionId).some((i) => i.kind === 'tool_call' && i.status === 'completed'), 5000, 'tool call');
    const message = items(client, session.sessionId).find((i) => i.kind === 'agent_message');
    expect(message).toMatchObject({ text: 'Planning.', messageId: 'a1', _meta: { acme: { model: 'x1' } } });
    expect(s.plan).toEqual([{ content: 'Read', priority: 'high', status: 'pending' }]);
    expect(client.getSnapshot().sessions[session.sessionId]!.plans.main).toMatchObject({ type: 'items', _meta: { acme: { source: 'todo' } } });
    // A v1 agent's null title and name leave them (v1's schema), and the tool call keeps its _meta.
    expect(items(client, session.sessionId).find((i) => i.kind === 'tool_call')).toMatchObject({
      title: 'Read a.ts',
      status: 'completed',
      _meta: { acme: { tool: 'Read' } },
    });
  });

  it('a prompt without _meta sends none, and a turn answered without one keeps null', async () => {
    const client = await connected();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    expect(received['session/new']!.at(-1)).toBeNull();
    await client.prompt(sessionId, 'again');
    expect(received['session/prompt']!.at(-1)).toBeNull();
    const sentPrompt = client.traffic.entries().find((e) => e.dir === 'out' && (e.msg as { method?: string } | undefined)?.method === 'session/prompt');
    expect(JSON.parse(JSON.stringify(sentPrompt!.msg)).params).not.toHaveProperty('_meta');
  });

  it('on session/load and session/list both ways; replayed chunks keep theirs', async () => {
    const client = await connected();
    const loaded = await client.loadSession('old-1', { cwd: WORKSPACE, _meta: { host: { reason: 'history' } } });
    expect(received['session/load']!.at(-1)).toEqual({ host: { reason: 'history' } });
    expect(loaded._meta).toEqual({ acme: { replayed: 2 } });
    expect(items(client, 'old-1').map((i) => [i.kind, 'text' in i ? i.text : '', i.kind === 'user_message' ? i._meta : undefined])).toEqual([
      ['user_message', 'earlier', { acme: { at: 1 } }],
      ['agent_message', 'answer', undefined],
    ]);
    expect((items(client, 'old-1')[1] as { _meta?: unknown })._meta).toBeNull();

    const listed = await client.listSessions({ _meta: { host: { page: 1 } } });
    expect(received['session/list']!.at(-1)).toEqual({ host: { page: 1 } });
    expect(listed._meta).toEqual({ acme: { total: 0 } });
  });

  it('the host’s reaches the agent on set_mode, set_config_option, cancel, close and delete', async () => {
    const client = await connected();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await client.setMode(sessionId, 'code', { _meta: { host: { via: 'picker' } } });
    expect(received['session/set_mode']!.at(-1)).toEqual({ host: { via: 'picker' } });
    await client.setConfigOption(sessionId, 'model', 'large', { _meta: { host: { via: 'menu' } } });
    expect(received['session/set_config_option']!.at(-1)).toEqual({ host: { via: 'menu' } });

    const turn = client.prompt(sessionId, 'wait');
    await waitForSnapshot(client, (s) => s.sessions[sessionId]?.turn.state === 'running', 5000, 'turn running');
    await client.cancel(sessionId, { _meta: { host: { reason: 'user' } } });
    expect(await turn).toBe('cancelled');
    expect(received['session/cancel']!.at(-1)).toEqual({ host: { reason: 'user' } });

    await client.closeSession(sessionId, { _meta: { host: { why: 'tab closed' } } });
    expect(received['session/close']!.at(-1)).toEqual({ host: { why: 'tab closed' } });
    const other = await client.newSession({ cwd: WORKSPACE });
    await client.deleteSession(other.sessionId, { _meta: { host: { why: 'trash' } } });
    expect(received['session/delete']!.at(-1)).toEqual({ host: { why: 'trash' } });
    // Without options none is sent.
    const third = await client.newSession({ cwd: WORKSPACE });
    await client.setMode(third.sessionId, 'code');
    expect(received['session/set_mode']!.at(-1)).toBeNull();
  });
});
