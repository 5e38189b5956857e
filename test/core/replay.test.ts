import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseTranscript, replayTranscript, type TranscriptEntry } from '../../src/core/devtools/index.js';
import type { AcpSnapshot, SessionState, ThreadItem, ToolCallItem } from '../../src/core/types.js';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url)), 'utf8');
const load = (name: string) => parseTranscript(fixture(name));

const onlySession = (snapshot: AcpSnapshot): SessionState => {
  const sessions = Object.values(snapshot.sessions);
  expect(sessions).toHaveLength(1);
  return sessions[0]!;
};
const threadOf = (s: SessionState): readonly ThreadItem[] => s.thread.items.toArray();
const tool = (s: SessionState, id: string): ToolCallItem => {
  const found = threadOf(s).filter((i): i is ToolCallItem => i.kind === 'tool_call' && i.toolCallId === id);
  expect(found).toHaveLength(1);
  return found[0]!;
};
const PROMPT = 'Please improve the project configuration';

describe('parseTranscript', () => {
  it.each([
    ['sdk-example-agent.allow.ndjson', 15],
    ['sdk-example-agent.reject.ndjson', 14],
    ['sdk-example-agent.cancel.ndjson', 10],
    ['claude-agent-acp.offline.ndjson', 19],
    ['claude-agent-acp.v2.offline.ndjson', 13],
  ])('parses %s (%i lines)', (name, count) => {
    const entries = load(name);
    expect(entries).toHaveLength(count);
    for (const e of entries) {
      expect(['client->agent', 'agent->client']).toContain(e.dir);
      expect(typeof e.t).toBe('number');
      expect(e.msg).toMatchObject({ jsonrpc: '2.0' });
    }
  });

  it('skips blank lines and defaults a missing time to 0', () => {
    const entries = parseTranscript('\n{"dir":"agent->client","msg":{"jsonrpc":"2.0"}}\n\n   \n');
    expect(entries).toEqual([{ dir: 'agent->client', t: 0, msg: { jsonrpc: '2.0' } }]);
  });

  it('names the line that is not JSON', () => {
    const text = '{"dir":"client->agent","t":1,"msg":{}}\n\n{"dir": "agent->client", "t": 2, "msg": {\n';
    expect(() => parseTranscript(text)).toThrow('Transcript line 3 is not valid JSON.');
  });

  it.each([
    ['no dir', '{"t":1,"msg":{}}'],
    ['an unknown dir', '{"dir":"sideways","t":1,"msg":{}}'],
    ['an array', '[1,2,3]'],
    ['a bare value', '42'],
  ])('names the line with %s', (_label, line) => {
    expect(() => parseTranscript(`{"dir":"client->agent","t":0,"msg":{}}\n${line}`)).toThrow('Transcript line 2 has no valid "dir".');
  });
});

describe('replayTranscript: SDK example agent', () => {
  it('allow: both tool calls complete, the permission is answered with the allow option, the turn ends end_turn', () => {
    const snapshot = replayTranscript(load('sdk-example-agent.allow.ndjson'));
    expect(snapshot.status).toBe('ready');
    expect(snapshot.agent).toMatchObject({ capabilities: { loadSession: false }, protocolVersion: 1, authMethods: [] });
    const s = onlySession(snapshot);
    expect(s.sessionId).toBe('e432cd6cc7a020c327c3ba1991955dac');
    expect(s.cwd).toBe('/workspace/demo');
    expect(threadOf(s).map((i) => (i.kind === 'tool_call' ? `tool:${i.toolCallId}` : i.kind))).toEqual([
      'user_message',
      'agent_message',
      'tool:call_1',
      'agent_message',
      'tool:call_2',
      'agent_message',
    ]);
    expect(threadOf(s)[0]).toMatchObject({ kind: 'user_message', local: true, text: PROMPT });
    expect(tool(s, 'call_1')).toMatchObject({
      status: 'completed',
      toolKind: 'read',
      title: 'Reading project files',
      locations: [{ path: '/project/README.md' }],
      content: [{ type: 'content', content: { type: 'text', text: '# My Project\n\nThis is a sample project...' } }],
    });
    expect(tool(s, 'call_2')).toMatchObject({ status: 'completed', toolKind: 'edit', rawOutput: { success: true, message: 'Configuration updated' } });

    expect(snapshot.permissionRequests).toHaveLength(1);
    const permission = snapshot.permissionRequests[0]!;
    expect(permission).toMatchObject({ status: 'answered', optionId: 'allow', sessionId: s.sessionId, toolCall: { toolCallId: 'call_2' } });
    expect(permission.options.find((o) => o.optionId === permission.optionId)?.kind).toBe('allow_once');

    expect(s.turn).toEqual({ state: 'idle', turnId: expect.any(String), stopReason: 'end_turn', error: null });
    expect(s.turns).toEqual([expect.objectContaining({ status: 'ended', stopReason: 'end_turn', startIndex: 0 })]);
  });

  it('allow, stopped part-way with `limit`: the turn is running and the permission pending', () => {
    const entries = load('sdk-example-agent.allow.ndjson');
    const at = entries.findIndex((e) => (e.msg as { method?: string }).method === 'session/request_permission') + 1;
    const snapshot = replayTranscript(entries, { limit: at });
    const s = onlySession(snapshot);
    expect(s.turn.state).toBe('running');
    expect(tool(s, 'call_2').status).toBe('pending');
    expect(snapshot.permissionRequests.map((p) => p.status)).toEqual(['pending']);
  });

  it('reject: call_2 stays pending, the permission is answered with the reject option', () => {
    const snapshot = replayTranscript(load('sdk-example-agent.reject.ndjson'));
    const s = onlySession(snapshot);
    expect(tool(s, 'call_1').status).toBe('completed');
    expect(tool(s, 'call_2').status).toBe('pending');
    const permission = snapshot.permissionRequests[0]!;
    expect(permission).toMatchObject({ status: 'answered', optionId: 'reject' });
    expect(permission.options.find((o) => o.optionId === 'reject')?.kind).toBe('reject_once');
    expect(s.turn.stopReason).toBe('end_turn');
    const lastMessage = threadOf(s).at(-1)!;
    expect(lastMessage).toMatchObject({ kind: 'agent_message', text: expect.stringContaining('skip the configuration update') });
  });

  it('cancel: the turn ends cancelled, not as an error', () => {
    const snapshot = replayTranscript(load('sdk-example-agent.cancel.ndjson'));
    const s = onlySession(snapshot);
    expect(s.turn).toMatchObject({ state: 'idle', stopReason: 'cancelled', error: null });
    expect(s.turns).toEqual([expect.objectContaining({ status: 'ended', stopReason: 'cancelled' })]);
    expect(tool(s, 'call_1').status).toBe('completed');
    expect(snapshot.permissionRequests).toEqual([]);
    expect(snapshot.diagnostics).toEqual([]);
  });

  it('cancel: a tool call still unfinished at the cancel is shown cancelled', () => {
    // The same recording without the read call's completion.
    const entries = load('sdk-example-agent.cancel.ndjson').filter((e) => {
      const update = (e.msg as { params?: { update?: { sessionUpdate?: string } } }).params?.update;
      return update?.sessionUpdate !== 'tool_call_update';
    });
    const cancelAt = entries.findIndex((e) => (e.msg as { method?: string }).method === 'session/cancel');
    const during = onlySession(replayTranscript(entries, { limit: cancelAt + 1 }));
    expect(during.turn.state).toBe('cancelling');
    expect(tool(during, 'call_1').status).toBe('cancelled');
    const after = onlySession(replayTranscript(entries));
    expect(tool(after, 'call_1').status).toBe('cancelled');
    expect(after.turn.stopReason).toBe('cancelled');
  });

  it('uses startedAt for timestamps', () => {
    const s = onlySession(replayTranscript(load('sdk-example-agent.allow.ndjson'), { startedAt: 1_000_000 }));
    expect(s.turns[0]).toMatchObject({ startedAt: 1_000_443, endedAt: 1_005_472 });
  });
});

describe('replayTranscript: claude-agent-acp (offline)', () => {
  const snapshot = replayTranscript(load('claude-agent-acp.offline.ndjson'));
  const s = () => onlySession(snapshot);

  it('records agent info, capabilities and the two terminal auth methods', () => {
    expect(snapshot.agent?.info).toEqual({ name: '@agentclientprotocol/claude-agent-acp', title: 'Claude Agent', version: '0.100.0' });
    expect(snapshot.agent?.capabilities).toMatchObject({ loadSession: true, promptCapabilities: { image: true, embeddedContext: true } });
    expect(snapshot.agent?.authMethods.map((m) => [m.id, m.name, (m as { type?: string }).type])).toEqual([
      ['claude-ai-login', 'Claude Subscription', 'terminal'],
      ['console-login', 'Anthropic Console', 'terminal'],
    ]);
  });

  it('has the config options of the set_config_option answer (model = opus, mode = acceptEdits)', () => {
    const options = s().configOptions!;
    expect(options.map((o) => o.id)).toEqual(['mode', 'model', 'effort', 'fast', 'ultracode']);
    const value = (id: string) => (options.find((o) => o.id === id) as { currentValue?: unknown }).currentValue;
    expect(value('model')).toBe('opus');
    expect(value('mode')).toBe('acceptEdits');
  });

  it('follows set_mode in the mode selector', () => {
    expect(s().modes?.currentModeId).toBe('acceptEdits');
    expect(s().modes?.availableModes).toHaveLength(5);
  });

  it('replaced the command list: 44 commands at the end (48 before the prompt)', () => {
    expect(s().commands).toHaveLength(44);
    const before = replayTranscript(load('claude-agent-acp.offline.ndjson'), { limit: 6 });
    expect(onlySession(before).commands).toHaveLength(48);
  });

  it('took the session title from session_info_update', () => {
    expect(s().info).toEqual({ title: 'hello', updatedAt: '2026-11-21T23:40:33.756Z' });
  });

  it('the prompt turn failed with -32000 and auth is required', () => {
    const session = s();
    expect(session.turns).toHaveLength(1);
    expect(session.turns[0]).toMatchObject({ status: 'failed', error: { code: -32000, message: 'Authentication required' } });
    expect(session.turn).toMatchObject({ state: 'idle', stopReason: null, error: { code: -32000 } });
    expect(snapshot.auth).toMatchObject({ required: true, reason: { code: -32000 } });
    expect(threadOf(session)).toEqual([expect.objectContaining({ kind: 'user_message', text: 'hello', local: true })]);
  });

  it('the closed session is shown as closed', () => {
    expect(s().status).toBe('closed');
    const beforeClose = replayTranscript(load('claude-agent-acp.offline.ndjson'), { limit: 17 });
    expect(onlySession(beforeClose).status).toBe('active');
  });

  it('ignores the _auth/status_update extension notification', () => {
    expect(snapshot.diagnostics).toEqual([]);
  });
});

describe('replayTranscript: claude-agent-acp on ACP v2 through the bridge (offline)', () => {
  const snapshot = replayTranscript(load('claude-agent-acp.v2.offline.ndjson'));
  const s = () => onlySession(snapshot);

  it('speaks v2: the agent named from info, its terminal sign-in methods read from v2’s shape', () => {
    expect(snapshot.agent?.protocolVersion).toBe(2);
    expect(snapshot.agent?.info).toEqual({ name: '@agentclientprotocol/claude-agent-acp', title: 'Claude Agent', version: '0.100.0' });
    expect(snapshot.agent?.authMethods.map((m) => [m.id, (m as { type?: string }).type])).toEqual([
      ['claude-ai-login', 'terminal'],
      ['console-login', 'terminal'],
    ]);
  });

  it('its mode is a config option of category mode (v2 has no session modes); its commands are listed', () => {
    expect(s().modes).toBeNull();
    const mode = s().configOptions!.find((o) => o.category === 'mode') as { name: string; currentValue: unknown } | undefined;
    expect(mode).toMatchObject({ name: 'Mode', currentValue: 'default' });
    expect(s().commands.length).toBeGreaterThan(10);
  });

  it('the turn ends at the agent’s idle with the authentication error; the echoed prompt is shown once; auth says why', () => {
    const session = s();
    expect(session.turn).toMatchObject({ state: 'idle', error: { code: -32000, message: 'Authentication required' } });
    expect(threadOf(session).filter((i) => i.kind === 'user_message')).toEqual([expect.objectContaining({ text: 'Hello! What does src/greeting.ts do?' })]);
    expect(snapshot.auth).toMatchObject({ required: true, reason: { code: -32000, message: 'Authentication required' } });
    expect(session.info.title).toBe('Hello! What does src/greeting.ts do?');
  });
});

describe('replayTranscript with malformed messages', () => {
  const sessionId = 's1';
  const base: TranscriptEntry[] = [
    { dir: 'client->agent', t: 0, msg: { jsonrpc: '2.0', id: 1, method: 'session/new', params: { cwd: '/w', mcpServers: [] } } },
    { dir: 'agent->client', t: 1, msg: { jsonrpc: '2.0', id: 1, result: { sessionId } } },
  ];

  it('a prompt that is not a list of blocks does not break the replay', () => {
    for (const prompt of ['hello', 42, [1, null, 'x'], { type: 'text' }]) {
      const snapshot = replayTranscript([
        ...base,
        { dir: 'client->agent', t: 2, msg: { jsonrpc: '2.0', id: 2, method: 'session/prompt', params: { sessionId, prompt } } },
        { dir: 'agent->client', t: 3, msg: { jsonrpc: '2.0', id: 2, result: { stopReason: 'end_turn' } } },
      ]);
      const s = snapshot.sessions[sessionId]!;
      expect(s.turn.stopReason).toBe('end_turn');
      expect(threadOf(s)[0]).toMatchObject({ kind: 'user_message', local: true });
    }
  });

  it('a failed request other than a prompt becomes a diagnostic', () => {
    const snapshot = replayTranscript([
      ...base,
      { dir: 'client->agent', t: 2, msg: { jsonrpc: '2.0', id: 2, method: 'session/set_mode', params: { sessionId, modeId: 'x' } } },
      { dir: 'agent->client', t: 3, msg: { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Unknown mode' } } },
    ]);
    expect(snapshot.diagnostics).toEqual([expect.objectContaining({ kind: 'protocol_error', message: expect.stringContaining('Unknown mode') })]);
  });

  it('never throws on arbitrary well-framed messages', () => {
    const method = fc.constantFrom(
      'initialize',
      'session/new',
      'session/load',
      'session/prompt',
      'session/cancel',
      'session/update',
      'session/request_permission',
      'session/set_mode',
      'session/set_config_option',
      'session/close',
      'x',
    );
    const junk = fc.oneof(fc.anything(), fc.array(fc.anything(), { maxLength: 3 }));
    const params = fc.oneof(
      { weight: 1, arbitrary: fc.anything() },
      {
        weight: 4,
        arbitrary: fc.record(
          { sessionId: fc.constantFrom('s1', 's2'), update: junk, prompt: junk, modeId: junk, toolCall: junk, options: junk, cwd: junk },
          { requiredKeys: ['sessionId'] },
        ),
      },
    );
    const msg = fc.oneof(
      fc.record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(fc.nat({ max: 4 }), fc.constant(null)), method, params }, { requiredKeys: ['jsonrpc'] }),
      fc.record({ jsonrpc: fc.constant('2.0'), id: fc.nat({ max: 4 }), result: fc.anything() }),
      fc.record({ jsonrpc: fc.constant('2.0'), id: fc.nat({ max: 4 }), error: fc.anything() }),
      fc.anything(),
    );
    const entry = fc.record({ dir: fc.constantFrom('client->agent' as const, 'agent->client' as const), t: fc.nat(), msg });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 25 }), (entries) => {
        replayTranscript([...base, ...entries]);
      }),
      { numRuns: 1000 },
    );
  });
});
