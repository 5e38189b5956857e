/**
 * Session restore over ACP v2 (no `session/load`): a reconnect resumes with `session/resume`
 * without `replayFrom` (the thread kept, nothing duplicated); opening a session from history
 * resumes with `replayFrom: { type: 'start' }` (the thread rebuilt once); an agent that refuses
 * the replay gets a fresh `session/new`, and the thread says so. Real WebSocket, SDK on both sides.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AcpClient, AcpSnapshot, ThreadItem } from '../../src/core/index.js';
import { makeClient, WORKSPACE } from '../helpers/demo.js';
import { serveSdkAgent, type SdkAgentServer } from '../helpers/sdk-agent-server.js';
import { scriptedV2Agent } from '../helpers/v2-agent.js';
import { waitForSnapshot } from '../helpers/wait.js';

const servers: SdkAgentServer[] = [];
const clients: AcpClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.disconnect()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(options: Parameters<typeof scriptedV2Agent>[0] = {}) {
  const agent = scriptedV2Agent(options);
  const server = await serveSdkAgent(agent.app as never);
  servers.push(server);
  const client = () => {
    const made = makeClient(server.url, { fs: undefined, terminal: undefined }).client;
    clients.push(made);
    return made;
  };
  return { agent, server, client };
}

const items = (s: AcpSnapshot, id: string): readonly ThreadItem[] => s.sessions[id]!.thread.items.toArray();
const texts = (s: AcpSnapshot, id: string) => items(s, id).map((i) => ('text' in i ? `${i.kind}:${i.text}` : i.kind));

describe('restoring v2 sessions', () => {
  it('a reconnect resumes without replayFrom, and nothing is duplicated', async () => {
    const { agent, server, client } = await setup();
    const c = client();
    await c.connect();
    const { sessionId } = await c.newSession({ cwd: WORKSPACE });
    await c.prompt(sessionId, 'hello');
    const before = texts(c.getSnapshot(), sessionId);
    server.dropSockets();
    await waitForSnapshot(
      c,
      (s) => s.status === 'ready' && s.sessions[sessionId]?.status === 'active' && agent.of('session/resume').length === 1,
      5000,
      'the resume',
    );
    const resume = agent.of('session/resume')[0];
    expect(resume).toMatchObject({ sessionId, cwd: WORKSPACE });
    expect(resume).not.toHaveProperty('replayFrom');
    expect(agent.of('session/load' as never)).toEqual([]);
    expect(texts(c.getSnapshot(), sessionId)).toEqual(before);
    // The session takes prompts again.
    await expect(c.prompt(sessionId, 'hello')).resolves.toBe('end_turn');
  });

  it('opening a session from history resumes with replayFrom start, and the thread is rebuilt once', async () => {
    const { agent, client } = await setup();
    const first = client();
    await first.connect();
    const { sessionId } = await first.newSession({ cwd: WORKSPACE });
    await first.prompt(sessionId, 'hello');
    const shown = texts(first.getSnapshot(), sessionId);

    const second = client();
    await second.connect();
    const loaded = await second.loadSession(sessionId, { cwd: WORKSPACE });
    expect(loaded.sessionId).toBe(sessionId);
    expect(agent.of('session/resume').at(-1)).toMatchObject({ sessionId, replayFrom: { type: 'start' } });
    expect(texts(second.getSnapshot(), sessionId)).toEqual(shown);
    expect(second.getSnapshot().sessions[sessionId]).toMatchObject({ status: 'active', turn: { state: 'idle' } });
  });

  it('a refused replay starts a new session, with a notice saying so and a diagnostic', async () => {
    const { agent, client } = await setup({ refuseReplay: true });
    const first = client();
    await first.connect();
    const { sessionId } = await first.newSession({ cwd: WORKSPACE });
    await first.prompt(sessionId, 'hello');

    const second = client();
    await second.connect();
    const opened = await second.loadSession(sessionId, { cwd: WORKSPACE });
    expect(opened.sessionId).not.toBe(sessionId);
    expect(agent.of('session/new').at(-1)).toMatchObject({ cwd: WORKSPACE });
    const s = second.getSnapshot();
    expect(s.sessions[sessionId]).toBeUndefined();
    const notices = items(s, opened.sessionId).filter((i) => i.kind === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      severity: 'warning',
      title: 'The agent could not replay this session; a new session was started.',
      code: 'replay_refused',
    });
    expect(s.diagnostics.some((d) => d.message.includes('This agent cannot replay sessions.'))).toBe(true);
  });
});
