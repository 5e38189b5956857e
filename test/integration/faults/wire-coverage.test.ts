/**
 * Session updates, `terminal/kill`, and every capability gate, over a real loopback WebSocket
 * against a raw agent, each with its effect on the snapshot (or on what was sent) asserted.
 */
import { describe, expect, it } from 'vitest';
import type { AcpClient, CompactionItem, NoticeItem, TerminalAdapter, TerminalSink } from '../../../src/core/index.js';
import { WORKSPACE } from '../../helpers/demo.js';
import { itemsOf, perTestAgents, sent } from '../../helpers/faults.js';
import type { RawAgentOptions } from '../../helpers/raw-agent.js';
import { waitForSnapshot } from '../../helpers/wait.js';

const { pool, rawAgent } = perTestAgents();

async function connected(options: RawAgentOptions = {}, clientOptions: Parameters<typeof pool.make>[1] = {}) {
  const agent = await rawAgent(options);
  const { client } = pool.make(agent.url, clientOptions);
  await client.connect();
  return { agent, client, conn: agent.current! };
}

const MODES = {
  currentModeId: 'ask',
  availableModes: [
    { id: 'ask', name: 'Ask' },
    { id: 'code', name: 'Code' },
  ],
};
const MODEL = {
  id: 'model',
  name: 'Model',
  type: 'select',
  currentValue: 'small',
  options: [
    { value: 'small', name: 'Small' },
    { value: 'large', name: 'Large' },
  ],
};

describe('session updates over the wire', () => {
  async function session(answer: Record<string, unknown> = {}) {
    const made = await connected({
      onMessage(m, c) {
        if (m.method !== 'session/new') return false;
        c.respond(m.id, { sessionId: 's1', ...answer });
        return true;
      },
    });
    await made.client.newSession({ cwd: WORKSPACE });
    return made;
  }
  const until = (client: AcpClient, what: string, predicate: Parameters<typeof waitForSnapshot>[1]) => waitForSnapshot(client, predicate, 5000, what);

  it('session_info_update sets the title and time, and null clears the title', async () => {
    const { client, conn } = await session();
    conn.update('s1', { sessionUpdate: 'session_info_update', title: 'Fix the build', updatedAt: '2026-11-27T12:00:00Z' });
    await until(client, 'title', (s) => s.sessions.s1!.info.title === 'Fix the build');
    expect(client.getSnapshot().sessions.s1!.info).toEqual({ title: 'Fix the build', updatedAt: '2026-11-27T12:00:00Z' });
    conn.update('s1', { sessionUpdate: 'session_info_update', title: null });
    await until(client, 'title cleared', (s) => s.sessions.s1!.info.title === null);
    expect(client.getSnapshot().sessions.s1!.info.updatedAt).toBe('2026-11-27T12:00:00Z');
  });

  it('notice becomes a notice item with its severity', async () => {
    const { client, conn } = await session();
    conn.update('s1', { sessionUpdate: 'notice', severity: 'warning', title: 'Rate limited', description: 'Retrying in 30 s.' });
    const s = await until(client, 'notice', (snap) => itemsOf(snap, 's1').some((i) => i.kind === 'notice'));
    expect(itemsOf(s, 's1').find((i): i is NoticeItem => i.kind === 'notice')).toMatchObject({
      severity: 'warning',
      title: 'Rate limited',
      description: 'Retrying in 30 s.',
    });
  });

  it('compaction_update and compaction_summary_chunk build one compaction item', async () => {
    const { client, conn } = await session();
    conn.update('s1', { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'in_progress' });
    conn.update('s1', { sessionUpdate: 'compaction_summary_chunk', compactionId: 'c1', content: { type: 'text', text: 'Kept: the plan, ' } });
    conn.update('s1', { sessionUpdate: 'compaction_summary_chunk', compactionId: 'c1', content: { type: 'text', text: 'the failing test.' } });
    conn.update('s1', { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'completed' });
    const s = await until(client, 'compaction completed', (snap) => itemsOf(snap, 's1').some((i) => i.kind === 'compaction' && i.status === 'completed'));
    const compactions = itemsOf(s, 's1').filter((i): i is CompactionItem => i.kind === 'compaction');
    expect(compactions).toHaveLength(1);
    expect(compactions[0]).toMatchObject({ compactionId: 'c1', status: 'completed', summaryText: 'Kept: the plan, the failing test.' });
  });

  it('current_mode_update switches the current mode', async () => {
    const { client, conn } = await session({ modes: MODES });
    conn.update('s1', { sessionUpdate: 'current_mode_update', currentModeId: 'code' });
    await until(client, 'mode', (s) => s.sessions.s1!.modes?.currentModeId === 'code');
    expect(client.getSnapshot().sessions.s1!.modes?.availableModes).toHaveLength(2);
  });

  it('config_option_update replaces the options', async () => {
    const { client, conn } = await session({ configOptions: [MODEL] });
    conn.update('s1', { sessionUpdate: 'config_option_update', configOptions: [{ ...MODEL, currentValue: 'large' }] });
    await until(client, 'config', (s) => s.sessions.s1!.configOptions?.[0]?.currentValue === 'large');
  });
});

describe('terminal/kill', () => {
  it('kills the process through the adapter; its exit status and output stay readable', async () => {
    const sinks: TerminalSink[] = [];
    const terminal: TerminalAdapter = {
      create(_request, sink) {
        sinks.push(sink);
        sink.write('building...\n');
        return { kill: () => sink.exit({ exitCode: null, signal: 'SIGTERM' }) };
      },
    };
    const { client, conn } = await connected({}, { terminal });
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const created = await conn.request('terminal/create', { sessionId, command: 'make' }).response;
    const { terminalId } = created.result as { terminalId: string };
    const wait = conn.request('terminal/wait_for_exit', { sessionId, terminalId });
    const killed = await conn.request('terminal/kill', { sessionId, terminalId }).response;
    expect(killed.result).toEqual({});
    expect((await wait.response).result).toEqual({ exitCode: null, signal: 'SIGTERM' });
    const output = await conn.request('terminal/output', { sessionId, terminalId }).response;
    expect(output.result).toEqual({ output: 'building...\n', truncated: false, exitStatus: { exitCode: null, signal: 'SIGTERM' } });
    expect(client.getSnapshot().terminals[terminalId]).toMatchObject({ exitStatus: { signal: 'SIGTERM' }, released: false });
    // Another session cannot kill it.
    const other = await client.newSession({ cwd: WORKSPACE });
    const refused = await conn.request('terminal/kill', { sessionId: other.sessionId, terminalId }).response;
    expect(refused.error?.code).toBe(-32002);
  });
});

describe('every gated method, against an agent that did not advertise it', () => {
  /** Each call is refused `unsupported` with a message naming what is missing, and nothing goes out. */
  const cases: Array<[string, string, (client: AcpClient, sessionId: string) => Promise<unknown>]> = [
    ['logout', 'logging out', (c) => c.logout()],
    ['session/load', 'session/load', (c) => c.loadSession('old', { cwd: WORKSPACE })],
    ['session/resume', 'session/resume', (c) => c.resumeSession('old', { cwd: WORKSPACE })],
    ['session/list', 'session/list', (c) => c.listSessions()],
    ['session/close', 'session/close', (c, id) => c.closeSession(id)],
    ['session/delete', 'session/delete', (c, id) => c.deleteSession(id)],
    ['session/set_mode', 'session modes', (c, id) => c.setMode(id, 'code')],
    ['session/set_config_option', 'config options', (c, id) => c.setConfigOption(id, 'model', 'large')],
    ['session/prompt', 'image content', (c, id) => c.prompt(id, [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }])],
    ['session/prompt', 'audio content', (c, id) => c.prompt(id, [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }])],
    ['session/prompt', 'resource content', (c, id) => c.prompt(id, [{ type: 'resource', resource: { uri: 'file:///a', text: 'a' } }])],
  ];

  it.each(cases)('%s (%s) is refused before anything is sent', async (method, what, call) => {
    const { client } = await connected();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    const error = await call(client, sessionId).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unsupported' });
    expect((error as Error).message).toMatch(new RegExp(`does not (support|accept) .*${what.split(' ')[0]}`));
    expect(sent(client, method)).toEqual([]);
    // Nothing changed: the session is still there and idle.
    expect(client.getSnapshot().sessions[sessionId]).toMatchObject({ status: 'active', turn: { state: 'idle' } });
  });

  it('additionalDirectories are left out for an agent that did not advertise them', async () => {
    const { client } = await connected();
    const session = await client.newSession({ cwd: WORKSPACE, additionalDirectories: ['/shared'] });
    expect(sent(client, 'session/new')[0]!.params).not.toHaveProperty('additionalDirectories');
    expect(session.additionalDirectories).toEqual([]);
  });
});
