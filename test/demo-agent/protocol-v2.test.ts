/**
 * The demo agent over ACP v2 (`--protocol 2`) against the SDK's own v2 CLIENT app over a real
 * loopback WebSocket (`v2-client.ts`). An update the SDK client could not parse would not reach its
 * handler: the tests check that each `session/update` on the wire reached it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import * as v2 from '@agentclientprotocol/sdk/experimental/v2/unstable';
import { startDemoAgentServer } from '../../demo-agent/server.mjs';
import { DEMO_COMMANDS } from '../../demo-agent/agent.mjs';
import { CWD, connectV1, connectV2, isIdle, kinds, lastTurn, ofKind, type Server, type V2Options } from './v2-client.js';

const m = v2.methods;

describe('demo agent over ACP v2 (--protocol 2)', () => {
  let server: Server;
  const clients: ReturnType<typeof connectV2>[] = [];
  const client = (options?: V2Options, url = server.url) => {
    const c = connectV2(url, options);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startDemoAgentServer({ protocol: 2 });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  it('answers initialize in v2: version 2, info, session capabilities, auth methods with methodId', async () => {
    const c = client();
    const init = await c.init();
    expect(init.protocolVersion).toBe(2);
    expect(init.info).toMatchObject({ name: 'acp-react-demo-agent', version: expect.any(String) });
    expect(init.capabilities?.session).toMatchObject({ prompt: { image: {}, embeddedContext: {} }, delete: {}, additionalDirectories: {} });
    expect(init.authMethods?.map((a) => [a.type, a.methodId])).toEqual([
      ['agent', 'demo-login'],
      ['terminal', 'demo-terminal-login'],
    ]);
  });

  it('refuses a v1 client with -32022, naming the version it supports', async () => {
    const conn = connectV1(server.url);
    const error = await conn.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} }).then(
      () => null,
      (e: unknown) => e as acp.RequestError,
    );
    conn.close();
    expect(error?.code).toBe(-32022);
    expect(error?.data).toMatchObject({ requested: 1, supported: [2] });
  });

  it('opens a session whose modes are a mode-category config option, with its commands, and sets it with set_config_option', async () => {
    const c = client();
    await c.init();
    const session = await c.newSession();
    const mode = session.configOptions?.find((o) => o.category === 'mode');
    expect(mode).toMatchObject({ configId: 'mode', type: 'select', currentValue: 'code' });
    expect(session).not.toHaveProperty('modes');
    const commands = await c.until(() => ofKind(c.of(session.sessionId), 'available_commands_update')[0]);
    expect(commands.availableCommands.map((x: any) => x.name)).toEqual(DEMO_COMMANDS.map((x) => x.name));
    expect(commands.availableCommands[0]).toMatchObject({ type: 'command', input: { type: 'text', hint: expect.any(String) } });

    const set = await c.agent.request(m.agent.session.setConfigOption, { sessionId: session.sessionId, configId: 'mode', type: 'id', value: 'ask' });
    expect(set.configOptions.find((o) => o.configId === 'mode')?.currentValue).toBe('ask');
    const boolean = await c.agent.request(m.agent.session.setConfigOption, {
      sessionId: session.sessionId,
      configId: 'auto_run_tests',
      type: 'boolean',
      value: false,
    });
    expect(boolean.configOptions.find((o) => o.configId === 'auto_run_tests')?.currentValue).toBe(false);
    expect(kinds(c.of(session.sessionId))).not.toContain('current_mode_update');
    c.assertAllParsed();
  });

  it('takes the MCP servers it advertised (stdio) and refuses others with -32602', async () => {
    const c = client();
    await c.init();
    const stdio = { type: 'stdio' as const, name: 'files', command: '/usr/bin/mcp-files', args: [], env: [] };
    await expect(c.agent.request(m.agent.session.new, { cwd: CWD, mcpServers: [stdio] })).resolves.toMatchObject({ sessionId: expect.any(String) });
    const http = { type: 'http' as const, name: 'remote', url: 'https://mcp.example.com', headers: [] };
    await expect(c.agent.request(m.agent.session.new, { cwd: CWD, mcpServers: [http] })).rejects.toMatchObject({ code: -32602, data: { type: 'http' } });
  });

  it('runs the default turn: accepted with a messageId, running … idle end_turn, and every v2 shape on the way', async () => {
    const c = client();
    await c.init();
    const { sessionId } = await c.newSession();
    const { accepted, idle } = await c.turn(sessionId, 'Add a punctuation option to greet()');
    expect(accepted.messageId).toEqual(expect.any(String));
    expect(idle.stopReason).toBe('end_turn');
    const turn = lastTurn(c.of(sessionId));
    expect(turn[0]).toMatchObject({ sessionUpdate: 'state_update', state: 'running' });
    expect(turn.at(-1)).toBe(idle);
    // v1-only kinds never go out on v2
    for (const kind of ['tool_call', 'plan', 'current_mode_update']) expect(kinds(turn)).not.toContain(kind);
    // chunks carry message ids
    const chunks = ofKind(turn, 'agent_message_chunk');
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk.messageId).toEqual(expect.any(String));
    // plans: the checklist keyed `main`, and a Markdown plan document with an absolute path
    const plans = ofKind(turn, 'plan_update').map((u) => u.plan);
    expect(plans.find((p) => p.type === 'items')).toMatchObject({ planId: 'main', entries: expect.any(Array) });
    expect(plans.find((p) => p.type === 'markdown')).toMatchObject({ planId: 'design', content: expect.stringMatching(/^# /) });
    // its `path` is beyond the SDK's schema (which strips it): it is on the wire
    const wireDoc = c.raw.find((x) => x.method === 'session/update' && x.params.update.plan?.type === 'markdown');
    expect(wireDoc.params.update.plan.path).toBe(`${CWD}/PLAN.md`);
    // the edit: a v2 diff with changes and a git patch, announced with tool_call_update
    const edit = ofKind(turn, 'tool_call_update').find((u) => u.content?.some((x: any) => x.type === 'diff'));
    const diff = edit.content.find((x: any) => x.type === 'diff');
    expect(diff.changes).toEqual([{ operation: 'modify', path: `${CWD}/src/greeting.ts` }]);
    expect(diff.patch.format).toBe('git_patch');
    expect(diff.patch.text).toMatch(/^diff --git \/home\/demo\/project\/src\/greeting\.ts /);
    expect(diff).not.toHaveProperty('oldText');
    // the permission: a title and the tool call as its subject
    expect(c.permissions).toHaveLength(1);
    expect(c.permissions[0]).toMatchObject({ title: 'Edit src/greeting.ts', subject: { type: 'tool_call', toolCall: { toolCallId: edit.toolCallId } } });
    expect(c.permissions[0]!.subject).not.toHaveProperty('toolCall.content.0.oldText');
    // waiting for the user is `requires_action`, then the turn runs on
    const states = ofKind(turn, 'state_update').map((u) => u.state);
    expect(states).toEqual(['running', 'requires_action', 'running', 'idle']);
    expect(c.statesAtPermission).toEqual(['requires_action']);
    // the tests run in an agent-owned terminal
    const terminal = ofKind(turn, 'terminal_update')[0];
    expect(terminal).toMatchObject({ terminalId: expect.any(String), command: 'npm test', cwd: CWD });
    const output = ofKind(turn, 'terminal_output_chunk')
      .map((u) => atob(u.data))
      .join('');
    expect(output).toContain('12 passed');
    expect(ofKind(turn, 'terminal_update').at(-1).exitStatus).toEqual({ exitCode: 0 });
    const testCall = ofKind(turn, 'tool_call_update').find((u) => u.content?.some((x: any) => x.type === 'terminal'));
    expect(testCall.content).toContainEqual({ type: 'terminal', terminalId: terminal.terminalId });
    c.assertAllParsed();
  });

  it('answers a prompt it cannot run with an error, not a turn: unknown session, a turn already running', async () => {
    const c = client();
    await c.init();
    await expect(c.agent.request(m.agent.session.prompt, { sessionId: 'nope', prompt: [{ type: 'text', text: 'hi' }] })).rejects.toMatchObject({
      code: -32002,
    });
    const { sessionId } = await c.newSession();
    await c.agent.request(m.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: '/slow 30' }] });
    await expect(c.agent.request(m.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'again' }] })).rejects.toMatchObject({
      code: -32600,
    });
    await c.agent.notify(m.agent.session.cancel, { sessionId });
    expect((await c.until(() => c.of(sessionId).find(isIdle))).stopReason).toBe('cancelled');
    // one turn: one running, one idle
    expect(ofKind(c.of(sessionId), 'state_update').map((u) => u.state)).toEqual(['running', 'idle']);
  });

  it('ends a cancelled turn with idle cancelled', async () => {
    const c = client();
    await c.init();
    const { sessionId } = await c.newSession();
    await c.agent.request(m.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: '/slow 30' }] });
    await c.until(() => ofKind(c.of(sessionId), 'agent_message_chunk')[0]);
    await c.agent.notify(m.agent.session.cancel, { sessionId });
    const idle = await c.until(() => c.of(sessionId).find(isIdle));
    expect(idle.stopReason).toBe('cancelled');
    const slow = ofKind(c.of(sessionId), 'tool_call_update').filter((u) => u.status);
    expect(slow.at(-1).status).toBe('failed');
    c.assertAllParsed();
  });

  it('session/close during a turn ends it with idle cancelled', async () => {
    const c = client();
    await c.init();
    const { sessionId } = await c.newSession();
    await c.agent.request(m.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: '/slow 30' }] });
    await c.until(() => ofKind(c.of(sessionId), 'agent_message_chunk')[0]);
    await c.agent.request(m.agent.session.close, { sessionId });
    expect((await c.until(() => c.of(sessionId).find(isIdle))).stopReason).toBe('cancelled');
  });

  it('cancelled while waiting for a permission: requires_action, then idle cancelled (never running again)', async () => {
    let answer: (r: v2.RequestPermissionResponse) => void = () => {};
    const c = client({ permission: () => new Promise((resolve) => (answer = resolve)) });
    await c.init();
    const { sessionId } = await c.newSession();
    await c.agent.request(m.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: '/edit' }] });
    await c.until(() => c.permissions[0]);
    await c.agent.notify(m.agent.session.cancel, { sessionId });
    answer({ outcome: { outcome: 'cancelled' } });
    const idle = await c.until(() => c.of(sessionId).find(isIdle));
    expect(idle.stopReason).toBe('cancelled');
    expect(ofKind(c.of(sessionId), 'state_update').map((u) => u.state)).toEqual(['running', 'requires_action', 'idle']);
    c.assertAllParsed();
  });

  it("/refactor works on the agent's own files: one permission, a v2 diff per file, the files changed for the next turn", async () => {
    const c = client();
    await c.init();
    const { sessionId } = await c.newSession();
    const { idle } = await c.turn(sessionId, '/refactor');
    expect(idle.stopReason).toBe('end_turn');
    const turn = lastTurn(c.of(sessionId));
    const call = ofKind(turn, 'tool_call_update').find((u) => u.content?.length === 3);
    expect(call.content.map((d: any) => d.changes)).toEqual([
      [{ operation: 'modify', path: `${CWD}/src/greeting.ts` }],
      [{ operation: 'modify', path: `${CWD}/src/format.ts` }],
      [{ operation: 'add', path: `${CWD}/src/index.ts` }],
    ]);
    expect(call.content[0].patch.text).toContain("-  return 'Hello, ' + name + '!';\n+  return `Hello, ${name}!`;\n");
    expect(call.content[0].patch.text).toContain('+  return names.map((name) => greet(name));\n');
    expect(call.content[2].patch.text).toContain('new file mode 100644');
    expect(c.permissions).toHaveLength(1);
    expect(ofKind(turn, 'tool_call_update').at(-1).status).toBe('completed');
    expect(
      ofKind(turn, 'agent_message_chunk')
        .map((u) => u.content.text)
        .join(''),
    ).toContain('3 files changed');
    // the agent's copy changed: a second refactor finds nothing left to change in greeting.ts
    await c.turn(sessionId, '/refactor');
    const again = ofKind(lastTurn(c.of(sessionId)), 'tool_call_update').find((u) => u.content?.length === 3);
    expect(again.content[0]).not.toHaveProperty('patch');
    c.assertAllParsed();
  });

  it('runs every script to idle with its stop reason, each update valid v2', async () => {
    const c = client();
    await c.init();
    const { sessionId } = await c.newSession();
    const expected: Record<string, string> = { long: 'max_tokens', refuse: 'refusal' };
    for (const { name } of DEMO_COMMANDS) {
      const text = name === 'stream' ? '/stream 40' : name === 'slow' ? '/slow 0.2' : `/${name}`;
      const { idle } = await c.turn(sessionId, text);
      expect(idle.stopReason, name).toBe(expected[name] ?? 'end_turn');
    }
    const { idle } = await c.turn(sessionId, 'stop at max_turn_requests please');
    expect(idle.stopReason).toBe('max_turn_requests');
    // a notebook cell mention: the notebook is the client's, which v2 cannot reach; it says so
    const before = c.notes.length;
    await c.agent.request(m.agent.session.prompt, {
      sessionId,
      prompt: [
        { type: 'text', text: '@totals tidy' },
        { type: 'resource_link', uri: `file://${CWD}/analysis.ipynb#totals`, name: 'totals' },
      ],
    });
    await c.until(() => c.notes.slice(before).find((n) => isIdle(n.update)));
    const said = c.notes.slice(before).flatMap((n) => (n.update.sessionUpdate === 'agent_message_chunk' ? [(n.update.content as any).text] : []));
    expect(said.join('')).toContain('ACP v2 has no client file access');
    // /plan's draft document is removed at the end (plan_removed, v2 unstable)
    expect(ofKind(c.of(sessionId), 'plan_removed').map((u) => u.planId)).toEqual(['draft']);
    // /slow reports progress by appending to its tool call (tool_call_content_chunk)
    const progress = ofKind(c.of(sessionId), 'tool_call_content_chunk');
    expect(progress.map((u) => u.content.content.text)).toEqual([25, 50, 75, 100].map((n) => `Indexed ${n}% of the workspace`));
    expect(new Set(progress.map((u) => u.toolCallId)).size).toBe(1);
    // /subagents works on v2: child sessions announced with subagent_update, the test writer's new file a v2 diff
    expect(kinds(c.of(sessionId))).toContain('subagent_update');
    const childCalls = c.notes.filter((n) => n.sessionId.startsWith(`${sessionId}:`) && n.update.sessionUpdate === 'tool_call_update');
    const added = childCalls.flatMap((n) => (n.update as any).content ?? []).find((x: any) => x.type === 'diff');
    expect(added.changes).toEqual([{ operation: 'add', path: `${CWD}/test/greeting.test.ts` }]);
    expect(childCalls.some((n) => (n.update as any).rawOutput?.written === true)).toBe(true);
    c.assertAllParsed();
  });

  it('resumes a session on a new connection: replayFrom start replays it once, no replayFrom replays nothing', async () => {
    const first = client();
    await first.init();
    const { sessionId } = await first.newSession();
    const { accepted } = await first.turn(sessionId, '/explain');
    first.close();

    const replaying = client();
    await replaying.init();
    const resumed = await replaying.agent.request(m.agent.session.resume, { sessionId, cwd: CWD, mcpServers: [], replayFrom: { type: 'start' } });
    expect(resumed.configOptions?.some((o) => o.configId === 'mode')).toBe(true);
    const replay = replaying.of(sessionId);
    const users = ofKind(replay, 'user_message_chunk');
    expect(users.map((u) => [u.messageId, u.content.text])).toEqual([[accepted.messageId, '/explain']]);
    expect(
      ofKind(replay, 'agent_message_chunk')
        .map((u) => u.content.text)
        .join(''),
    ).toContain('```ts');
    // the current state comes after the replay, before the answer
    expect(replay.filter((u) => u.sessionUpdate === 'state_update').at(-1)).toMatchObject({ state: 'idle' });
    replaying.assertAllParsed();

    const plain = client();
    await plain.init();
    await plain.agent.request(m.agent.session.resume, { sessionId, cwd: CWD, mcpServers: [] });
    await plain.until(() => ofKind(plain.of(sessionId), 'available_commands_update')[0]);
    expect(kinds(plain.of(sessionId))).not.toContain('user_message_chunk');
    expect(kinds(plain.of(sessionId))).not.toContain('agent_message_chunk');
    // and the resumed session takes prompts
    const { idle } = await plain.turn(sessionId, '/refuse');
    expect(idle.stopReason).toBe('refusal');
  });
});
