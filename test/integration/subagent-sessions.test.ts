/**
 * Child sessions (ACP "subagents", advertised by default) end to end, over a real loopback WebSocket with
 * the real SDK on both sides. The agent is built with the SDK's unstable entry (its stable parser
 * drops `clientCapabilities.subagents`): a prompt starts a child session, announced with
 * `subagent_update` on the parent and working in `session/update`s sent with the child's own id.
 * It sends them whether or not the client advertised the capability, so the test also shows that
 * a client with `subagents: false` treats them as unsupported.
 */
import * as acp from '@agentclientprotocol/sdk';
import { agent as unstableAgent } from '@agentclientprotocol/sdk/unstable';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AcpClient, AcpClientOptions, AcpSnapshot, ThreadItem } from '../../src/core/index.js';
import { makeClient, WORKSPACE } from '../helpers/demo.js';
import { serveSdkAgent, type SdkAgentServer } from '../helpers/sdk-agent-server.js';
import { waitForSnapshot } from '../helpers/wait.js';

const m = acp.methods;
/** The client capabilities each `initialize` arrived with. */
const advertised: Record<string, unknown>[] = [];
/** Resolves the waiting child's work when the client cancels it, by child session id. */
const cancels = new Map<string, () => void>();
let sessions = 0;

function childAgent() {
  return unstableAgent({ name: 'subagent-agent' })
    .onRequest(m.agent.initialize, ({ params }) => {
      advertised.push(params.clientCapabilities as Record<string, unknown>);
      return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {}, agentInfo: { name: 'subagent-agent', version: '1.0.0' } };
    })
    .onRequest(m.agent.session.new, () => ({ sessionId: `parent-${++sessions}` }))
    .onNotification(m.agent.session.cancel, ({ params }) => cancels.get(params.sessionId)?.())
    .onRequest(m.agent.session.prompt, async ({ params, client }) => {
      const parent = params.sessionId;
      const child = `${parent}.explorer`;
      const send: Send = (sessionId, update) => client.notify(m.client.session.update, { sessionId, update: update as never });
      const said = (text: string) => params.prompt.some((b) => b.type === 'text' && b.text === text);
      const waitForCancel = said('wait');
      await send(parent, { sessionUpdate: 'agent_message_chunk', messageId: 'a1', content: { type: 'text', text: 'Asking an explorer.' } });
      await send(parent, {
        sessionUpdate: 'subagent_update',
        sessionId: child,
        title: 'Explorer',
        description: 'Find the greeting',
        state: { state: 'running' },
        capabilities: { cancel: {} },
      });
      if (said('message')) await exchangeMessages(send, parent, child);
      await send(child, { sessionUpdate: 'user_message_chunk', messageId: 'c-u1', content: { type: 'text', text: 'Find the greeting' } });
      await send(child, { sessionUpdate: 'tool_call', toolCallId: 'grep', title: 'grep greet', kind: 'search', status: 'in_progress' });
      await send(child, { sessionUpdate: 'tool_call_update', toolCallId: 'grep', status: 'completed' });
      let stopReason = 'end_turn';
      if (waitForCancel) {
        await new Promise<void>((resolve) => cancels.set(child, resolve));
        stopReason = 'cancelled';
      } else {
        await send(child, { sessionUpdate: 'tool_call', toolCallId: 'read', title: 'Read greeting.ts', kind: 'read', status: 'completed' });
        await send(child, { sessionUpdate: 'agent_message_chunk', messageId: 'c-a1', content: { type: 'text', text: 'Line 1 of ' } });
        await send(child, { sessionUpdate: 'agent_message_chunk', messageId: 'c-a1', content: { type: 'text', text: 'greeting.ts.' } });
      }
      // Idle: the work is done (or cancelled); the agent withdraws the cancel capability.
      await send(parent, {
        sessionUpdate: 'subagent_update',
        sessionId: child,
        state: { state: 'idle', stopReason, usage: { totalTokens: 30, inputTokens: 10, outputTokens: 20 } },
        capabilities: null,
      });
      await send(parent, { sessionUpdate: 'agent_message_chunk', messageId: 'a2', content: { type: 'text', text: 'Done.' } });
      return { stopReason: 'end_turn' as const };
    });
}

type Send = (sessionId: string, update: Record<string, unknown>) => Promise<void>;
const text = (t: string) => ({ type: 'text', text: t });

/**
 * Inter-session messages, each in both transcripts: the parent's question streamed on its
 * outgoing view, the child's incoming view (its chunk before its upsert), each view learning the
 * other's id later; the child's answer the other way. Then a chunk without a messageId.
 */
async function exchangeMessages(send: Send, parent: string, child: string) {
  await send(parent, {
    sessionUpdate: 'session_message',
    messageId: 'out-1',
    senderSessionId: parent,
    recipientSessionId: child,
    content: [text('Find the ')],
  });
  await send(parent, { sessionUpdate: 'session_message_chunk', messageId: 'out-1', content: text('greeting') });
  await send(child, { sessionUpdate: 'session_message_chunk', messageId: 'in-1', content: text('Find the greeting') });
  await send(child, { sessionUpdate: 'session_message', messageId: 'in-1', senderSessionId: parent, recipientSessionId: child, senderMessageId: 'out-1' });
  await send(parent, { sessionUpdate: 'session_message', messageId: 'out-1', recipientMessageId: 'in-1' });
  const answer = { senderSessionId: child, recipientSessionId: parent, content: [text('It is in greeting.ts')] };
  await send(child, { sessionUpdate: 'session_message', messageId: 'out-2', ...answer, _meta: { 'example.com/urgent': false } });
  await send(parent, { sessionUpdate: 'session_message', messageId: 'in-2', ...answer, senderMessageId: 'out-2' });
  await send(child, { sessionUpdate: 'session_message', messageId: 'out-2', recipientMessageId: 'in-2' });
  await send(parent, { sessionUpdate: 'session_message_chunk', content: text('whose?') });
}

let agentServer: SdkAgentServer;
let url: string;
const clients: AcpClient[] = [];

beforeAll(async () => {
  agentServer = await serveSdkAgent(childAgent());
  url = agentServer.url;
});
afterAll(async () => {
  await agentServer.close();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.disconnect()));
});

async function connected(overrides: Partial<AcpClientOptions>) {
  const { client } = makeClient(url, overrides);
  clients.push(client);
  await client.connect();
  return client;
}

const children = (s: AcpSnapshot, id: string) => Object.values(s.sessions[id]!.subagents ?? {});
const shown = (i: ThreadItem) => [i.kind, i.kind === 'tool_call' ? i.status : 'text' in i ? i.text : null];

describe('subagent_update over a real WebSocket', () => {
  it('with `subagents: false`: no capability; the update is an unsupported item and the child’s traffic an unknown session', async () => {
    const client = await connected({ subagents: false });
    expect(advertised.at(-1)).not.toHaveProperty('subagents');
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await expect(client.prompt(sessionId, 'go')).resolves.toBe('end_turn');
    const s = client.getSnapshot();
    expect(s.sessions[sessionId]!.subagents).toBeUndefined();
    expect(s.sessions[sessionId]!.thread.items.toArray().filter((i) => i.kind === 'unsupported')).toHaveLength(2);
    expect(s.diagnostics.some((d) => d.kind === 'unknown_session' && d.message.includes(`${sessionId}.explorer`))).toBe(true);
  });

  it('with it: the capability is advertised and the child session is kept on its parent, with its own run and state', async () => {
    const client = await connected({ subagents: true });
    expect(advertised.at(-1)).toMatchObject({ subagents: {} });
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await expect(client.prompt(sessionId, 'go')).resolves.toBe('end_turn');

    const s = client.getSnapshot();
    expect(children(s, sessionId)).toHaveLength(1);
    const [child] = children(s, sessionId);
    expect(child).toMatchObject({
      sessionId: `${sessionId}.explorer`,
      title: 'Explorer',
      description: 'Find the greeting',
      state: { state: 'idle', stopReason: 'end_turn', usage: { totalTokens: 30 } },
      canCancel: false,
    });
    expect(child!.run.thread.items.toArray().map(shown)).toEqual([
      ['user_message', 'Find the greeting'],
      ['tool_call', 'completed'],
      ['tool_call', 'completed'],
      ['agent_message', 'Line 1 of greeting.ts.'],
    ]);
    expect(child!.run).toMatchObject({ steps: 2, latestStep: 2 });
    // The parent's thread has its own messages only; nothing was unsupported or an unknown session.
    expect(s.sessions[sessionId]!.thread.items.toArray().map(shown)).toEqual([
      ['user_message', 'go'],
      ['agent_message', 'Asking an explorer.'],
      ['agent_message', 'Done.'],
    ]);
    expect(s.diagnostics.filter((d) => d.message.includes(child!.sessionId))).toEqual([]);
    // Cancelling is refused once the agent withdrew the capability.
    await expect(client.cancelSubagent(sessionId, child!.sessionId)).rejects.toMatchObject({
      message: expect.stringContaining('does not support cancelling sub-agent'),
    });
  });

  it('cancelSubagent sends session/cancel with the child’s id while the agent allows it; the parent’s turn goes on', async () => {
    const client = await connected({ subagents: true });
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const turn = client.prompt(sessionId, 'wait');
    const at = await waitForSnapshot(client, (s) =>
      children(s, sessionId).some((c) => c.canCancel && c.run.steps === 1 && c.run.thread.items.last()?.kind === 'tool_call'),
    );
    const child = children(at, sessionId)[0]!;
    expect(child.state).toMatchObject({ state: 'running' });
    await client.cancelSubagent(sessionId, child.sessionId);
    await expect(turn).resolves.toBe('end_turn');

    const s = client.getSnapshot();
    expect(children(s, sessionId)[0]).toMatchObject({ state: { state: 'idle', stopReason: 'cancelled' } });
    const sent = client.traffic.entries().filter((e) => e.dir === 'out' && (e.msg as { method?: string }).method === 'session/cancel');
    expect(sent.map((e) => (e.msg as { params: unknown }).params)).toEqual([{ sessionId: child.sessionId }]);
    expect(s.sessions[sessionId]!.turn.state).toBe('idle');
  });

  it('session_message and session_message_chunk build a message item in the transcript each arrived on, the parent’s or the child’s', async () => {
    const client = await connected({ subagents: true });
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await expect(client.prompt(sessionId, 'message')).resolves.toBe('end_turn');

    const s = client.getSnapshot();
    const childId = `${sessionId}.explorer`;
    const parentItems = s.sessions[sessionId]!.thread.items.toArray();
    expect(parentItems.map(shown)).toEqual([
      ['user_message', 'message'],
      ['agent_message', 'Asking an explorer.'],
      ['session_message', 'Find the greeting'],
      ['session_message', 'It is in greeting.ts'],
      ['agent_message', 'Done.'],
    ]);
    const views = (items: readonly ThreadItem[]) => items.filter((i) => i.kind === 'session_message');
    expect(views(parentItems)).toMatchObject([
      { messageId: 'out-1', senderSessionId: sessionId, recipientSessionId: childId, senderMessageId: null, recipientMessageId: 'in-1', _meta: null },
      { messageId: 'in-2', senderSessionId: childId, recipientSessionId: sessionId, senderMessageId: 'out-2', recipientMessageId: null },
    ]);
    const child = s.sessions[sessionId]!.subagents![childId]!;
    const childItems = child.run.thread.items.toArray();
    expect(childItems.map(shown).slice(0, 3)).toEqual([
      ['session_message', 'Find the greeting'],
      ['session_message', 'It is in greeting.ts'],
      ['user_message', 'Find the greeting'],
    ]);
    expect(views(childItems)).toMatchObject([
      { messageId: 'in-1', senderSessionId: sessionId, recipientSessionId: childId, senderMessageId: 'out-1', content: [text('Find the greeting')] },
      { messageId: 'out-2', senderSessionId: childId, recipientSessionId: sessionId, recipientMessageId: 'in-2', _meta: { 'example.com/urgent': false } },
    ]);
    // The child's steps are its tool calls, as before.
    expect(child.run).toMatchObject({ steps: 2 });
    // The chunk without a messageId is a diagnostic, with its raw params; nothing else was lost.
    expect(s.diagnostics.map((d) => [d.kind, d.message])).toEqual([['invalid_update', 'The session message chunk has no messageId.']]);
    expect(s.diagnostics[0]!.raw).toEqual({ sessionId, update: { sessionUpdate: 'session_message_chunk', content: text('whose?') } });
  });

  it('with `subagents: false` they stay unsupported items on the parent, and the child’s an unknown session', async () => {
    const client = await connected({ subagents: false });
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await expect(client.prompt(sessionId, 'message')).resolves.toBe('end_turn');
    const s = client.getSnapshot();
    const unsupported = s.sessions[sessionId]!.thread.items.toArray().flatMap((i) => (i.kind === 'unsupported' ? [i.sessionUpdate] : []));
    expect(unsupported).toEqual([
      'subagent_update',
      'session_message',
      'session_message_chunk',
      'session_message',
      'session_message',
      'session_message_chunk',
      'subagent_update',
    ]);
    expect(s.sessions[sessionId]!.thread.items.toArray().some((i) => i.kind === 'session_message')).toBe(false);
  });
});
