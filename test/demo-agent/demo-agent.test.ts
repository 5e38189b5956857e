import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import type {
  ClientCapabilities,
  CreateElicitationRequest,
  CreateElicitationResponse,
  RequestPermissionRequest,
  RequestPermissionResponse,
  SessionNotification,
  SessionUpdate,
} from '@agentclientprotocol/sdk';
import { startDemoAgentServer } from '../../demo-agent/server.mjs';
import { createDemoAgent, DEMO_COMMANDS, chunkText, pickScript } from '../../demo-agent/agent.mjs';
import { recordedStream } from './recorded-stream.js';

const m = acp.methods;
const CWD = '/home/demo/project';

type Server = Awaited<ReturnType<typeof startDemoAgentServer>>;
type Call = { method: string; params: any };
type ClientOptions = {
  caps?: ClientCapabilities;
  permission?: (params: RequestPermissionRequest, signal: AbortSignal) => Promise<RequestPermissionResponse> | RequestPermissionResponse;
  elicitation?: (params: CreateElicitationRequest, signal: AbortSignal) => Promise<CreateElicitationResponse> | CreateElicitationResponse;
  exitCode?: number;
  readText?: string;
  waitForExit?: (signal: AbortSignal) => Promise<{ exitCode?: number | null; signal?: string | null }>;
};

const FULL_CAPS: ClientCapabilities = {
  fs: { readTextFile: true, writeTextFile: true },
  terminal: true,
  elicitation: { form: {}, url: {} },
  session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
};
const BARE_CAPS: ClientCapabilities = {};

/** A real SDK client over a real loopback WebSocket, recording everything it sees. */
function connectClient(url: string, options: ClientOptions = {}) {
  const updates: SessionNotification[] = [];
  const calls: Call[] = [];
  const completed: string[] = [];
  const { stream, received: raw } = recordedStream(url);
  const record = (method: string, params: unknown) => {
    calls.push({ method, params });
  };
  const conn = acp
    .client({ name: 'demo-agent-test' })
    .onNotification(m.client.session.update, ({ params }) => {
      updates.push(params);
    })
    .onNotification(m.client.elicitation.complete, ({ params }) => {
      completed.push(params.elicitationId);
    })
    .onRequest(m.client.session.requestPermission, async ({ params, signal }) => {
      record(m.client.session.requestPermission, params);
      if (options.permission) return options.permission(params, signal);
      return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
    })
    .onRequest(m.client.fs.readTextFile, ({ params }) => {
      record(m.client.fs.readTextFile, params);
      return { content: options.readText ?? "export function greet(name: string): string {\n  return 'Hello, ' + name + '!';\n}\n" };
    })
    .onRequest(m.client.fs.writeTextFile, ({ params }) => {
      record(m.client.fs.writeTextFile, params);
      return {};
    })
    .onRequest(m.client.terminal.create, ({ params }) => {
      record(m.client.terminal.create, params);
      return { terminalId: 'term-1' };
    })
    .onRequest(m.client.terminal.waitForExit, ({ params, signal }) => {
      record(m.client.terminal.waitForExit, params);
      if (options.waitForExit) return options.waitForExit(signal);
      return { exitCode: options.exitCode ?? 0, signal: null };
    })
    .onRequest(m.client.terminal.output, ({ params }) => {
      record(m.client.terminal.output, params);
      return { output: 'Tests  12 passed (12)\n', truncated: false, exitStatus: { exitCode: options.exitCode ?? 0 } };
    })
    .onRequest(m.client.terminal.release, ({ params }) => {
      record(m.client.terminal.release, params);
      return {};
    })
    .onRequest(m.client.terminal.kill, ({ params }) => {
      record(m.client.terminal.kill, params);
      return {};
    })
    .onRequest(m.client.elicitation.create, async ({ params, signal }) => {
      record(m.client.elicitation.create, params);
      if (options.elicitation) return options.elicitation(params, signal);
      return { action: 'cancel' };
    })
    .connect(stream);
  const agent = conn.agent;

  return {
    conn,
    agent,
    updates,
    raw,
    calls,
    completed,
    async init(caps: ClientCapabilities = options.caps ?? FULL_CAPS) {
      return agent.request(m.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: caps });
    },
    async newSession(cwd = CWD) {
      return agent.request(m.agent.session.new, { cwd, mcpServers: [] });
    },
    prompt(sessionId: string, text: string) {
      return agent.request(m.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] });
    },
    of(sessionId: string): SessionUpdate[] {
      return updates.filter((n) => n.sessionId === sessionId).map((n) => n.update);
    },
    rawUpdates(sessionId: string): any[] {
      return raw.filter((x) => x.method === 'session/update' && x.params?.sessionId === sessionId).map((x) => x.params.update);
    },
    /** Forgets what was recorded so far. */
    reset() {
      updates.length = 0;
      raw.length = 0;
      calls.length = 0;
    },
    close() {
      conn.close();
    },
  };
}
type TestClient = ReturnType<typeof connectClient>;

function kinds(updates: SessionUpdate[]) {
  return updates.map((u) => u.sessionUpdate);
}
/** Concatenated text of one chunk kind; separate messages (messageIds) are joined with a blank line. */
function textOf(updates: SessionUpdate[], kind = 'agent_message_chunk') {
  let text = '';
  let lastId: string | null | undefined;
  for (const u of updates) {
    if (u.sessionUpdate !== kind) continue;
    const chunk = u as Extract<SessionUpdate, { sessionUpdate: 'agent_message_chunk' }>;
    if (text && chunk.messageId !== lastId) text += '\n\n';
    lastId = chunk.messageId;
    text += chunk.content.type === 'text' ? chunk.content.text : '';
  }
  return text;
}
function ofKind<K extends SessionUpdate['sessionUpdate']>(updates: SessionUpdate[], kind: K) {
  return updates.filter((u): u is Extract<SessionUpdate, { sessionUpdate: K }> => u.sessionUpdate === kind);
}
function codeOf(error: unknown) {
  return (error as { code?: number }).code;
}

/**
 * Checks the tool-call lifecycle: every update refers to an announced tool call, and nothing
 * follows a terminal status.
 */
function assertToolCallLifecycle(updates: SessionUpdate[]) {
  const status = new Map<string, string>();
  for (const u of updates) {
    if (u.sessionUpdate === 'tool_call') {
      expect(status.has(u.toolCallId), `duplicate tool_call ${u.toolCallId}`).toBe(false);
      status.set(u.toolCallId, u.status ?? 'pending');
    } else if (u.sessionUpdate === 'tool_call_update') {
      const previous = status.get(u.toolCallId);
      expect(previous, `update for unknown tool call ${u.toolCallId}`).toBeDefined();
      expect(['completed', 'failed'], `update after ${previous} for ${u.toolCallId}`).not.toContain(previous);
      if (u.status) status.set(u.toolCallId, u.status);
    }
  }
  return status;
}

describe('demo agent over a loopback WebSocket', () => {
  let server: Server;
  const clients: TestClient[] = [];
  const client = (options?: ClientOptions, url = server.url) => {
    const c = connectClient(url, options);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startDemoAgentServer();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  it('binds loopback and serves /acp', () => {
    expect(server.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/acp$/);
    expect(server.port).toBeGreaterThan(0);
  });

  it('answers initialize with the advertised capabilities, and rejects a second initialize', async () => {
    const c = client();
    const init = await c.init();
    expect(init.protocolVersion).toBe(1);
    expect(init.agentCapabilities).toMatchObject({
      loadSession: true,
      promptCapabilities: { image: true, audio: false, embeddedContext: true },
      sessionCapabilities: { list: {}, resume: {}, close: {}, delete: {}, additionalDirectories: {} },
      auth: { logout: {} },
    });
    expect(init.agentInfo).toEqual({ name: 'acp-react-demo-agent', title: 'Demo Agent', version: expect.any(String) });
    const methods = init.authMethods ?? [];
    expect(methods).toHaveLength(2);
    expect(methods[0]).toMatchObject({ id: 'demo-login', name: 'Demo login', description: expect.any(String) });
    expect('type' in methods[0] ? methods[0].type : undefined).toBeUndefined();
    expect(methods[1]).toMatchObject({ type: 'terminal' });
    await expect(c.init()).rejects.toMatchObject({ code: -32600 });
  });

  it('creates sessions with modes, config options and commands; the boolean option needs the client capability', async () => {
    const bare = client();
    await bare.init(BARE_CAPS);
    const s1 = await bare.newSession();
    expect(s1.modes?.currentModeId).toBe('code');
    expect(s1.modes?.availableModes.map((mode) => mode.id)).toEqual(['ask', 'code', 'architect']);
    expect(s1.modes?.availableModes.every((mode) => typeof mode.description === 'string')).toBe(true);
    expect(s1.configOptions?.map((o) => [o.id, o.category, o.type])).toEqual([
      ['mode', 'mode', 'select'],
      ['model', 'model', 'select'],
      ['thought_level', 'thought_level', 'select'],
    ]);
    const model = s1.configOptions?.find((o) => o.id === 'model');
    expect(model?.type === 'select' && model.options.every((o) => 'group' in o && o.options.length > 0)).toBe(true);
    const mode = s1.configOptions?.find((o) => o.id === 'mode');
    expect(mode?.currentValue).toBe(s1.modes?.currentModeId);

    await vi.waitFor(() => expect(kinds(bare.of(s1.sessionId))).toEqual(['available_commands_update', 'usage_update']));
    const [commands, usage] = bare.of(s1.sessionId);
    expect(commands.sessionUpdate === 'available_commands_update' && commands.availableCommands.map((cmd) => cmd.name)).toEqual([
      'explain',
      'edit',
      'refactor',
      'delegate',
      'subagents',
      'test',
      'plan',
      'form',
      'login',
      'compact',
      'notice',
      'stream',
      'long',
      'fail',
      'refuse',
      'slow',
    ]);
    const stream = commands.sessionUpdate === 'available_commands_update' && commands.availableCommands.find((cmd) => cmd.name === 'stream');
    expect(stream && stream.input).toEqual({ hint: 'number of chunks' });
    expect(usage).toMatchObject({ sessionUpdate: 'usage_update', size: 200000, cost: { currency: 'USD' } });

    const full = client();
    await full.init(FULL_CAPS);
    const s2 = await full.newSession();
    expect(s2.configOptions?.map((o) => o.id)).toEqual(['mode', 'model', 'thought_level', 'auto_run_tests']);
    expect(s2.configOptions?.[3]).toMatchObject({ type: 'boolean', category: '_demo', currentValue: true });
  });

  it('runs the default coding turn: every stable kind in a valid order, permission, fs and terminal', async () => {
    const c = client();
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession();
    await vi.waitFor(() => expect(c.of(sessionId)).toHaveLength(2));
    c.reset();

    const result = await c.prompt(sessionId, 'Add a punctuation option to greet()');
    expect(result.stopReason).toBe('end_turn');
    const updates = c.of(sessionId);

    // Every update the agent sent passed the stable SDK schema (the SDK drops invalid ones).
    expect(c.rawUpdates(sessionId)).toHaveLength(updates.length);

    const seen = new Set(kinds(updates));
    for (const kind of ['session_info_update', 'agent_thought_chunk', 'plan', 'agent_message_chunk', 'tool_call', 'tool_call_update', 'usage_update']) {
      expect(seen, kind).toContain(kind);
    }
    expect(seen).not.toContain('user_message_chunk');

    // Order: title first, thinking before answering, usage last.
    expect(updates[0]).toMatchObject({ sessionUpdate: 'session_info_update', title: 'Add a punctuation option to greet()' });
    expect(Date.parse((updates[0] as { updatedAt: string }).updatedAt)).not.toBeNaN();
    const k = kinds(updates);
    expect(k.lastIndexOf('agent_thought_chunk')).toBeLessThan(k.indexOf('agent_message_chunk'));
    expect(k[k.length - 1]).toBe('usage_update');

    // Message ids on chunks; chunks are small.
    for (const u of updates) {
      if (u.sessionUpdate === 'agent_message_chunk' || u.sessionUpdate === 'agent_thought_chunk') {
        expect(u.messageId).toEqual(expect.any(String));
        expect(u.content.type === 'text' && u.content.text.length).toBeLessThanOrEqual(24);
      }
    }
    expect(new Set(ofKind(updates, 'agent_thought_chunk').map((u) => u.messageId)).size).toBe(1);
    expect(new Set(ofKind(updates, 'agent_message_chunk').map((u) => u.messageId)).size).toBe(3);
    expect(ofKind(updates, 'agent_thought_chunk').length).toBeGreaterThan(5);

    // Markdown features.
    const text = textOf(updates);
    expect(text).toMatch(/^## /m);
    expect(text).toMatch(/^- /m);
    expect(text).toMatch(/\*\*[^*]+\*\*/);
    expect(text).toMatch(/^\| --- \| --- \| --- \|$/m);
    expect(text).toMatch(/\[[^\]]+\]\(https:\/\/[^)]+\)/);
    const code = /```ts\n([\s\S]*?)\n```/.exec(text);
    expect(code).not.toBeNull();
    expect(code![1].split('\n').length).toBeGreaterThanOrEqual(14);

    // Plan: full list each time, statuses only move forward, ends completed.
    const plans = ofKind(updates, 'plan');
    expect(plans.length).toBeGreaterThanOrEqual(3);
    const rank = { pending: 0, in_progress: 1, completed: 2 } as const;
    for (let i = 0; i < plans.length; i++) {
      expect(plans[i].entries).toHaveLength(4);
      if (i > 0) plans[i].entries.forEach((e, j) => expect(rank[e.status]).toBeGreaterThanOrEqual(rank[plans[i - 1].entries[j].status]));
    }
    expect(plans[plans.length - 1].entries.every((e) => e.status === 'completed')).toBe(true);
    expect(plans[0].entries.map((e) => e.status)).toEqual(['in_progress', 'pending', 'pending', 'pending']);

    // Tool calls.
    const status = assertToolCallLifecycle(updates);
    const calls = ofKind(updates, 'tool_call');
    expect(calls.map((t) => t.kind)).toEqual(['read', 'edit', 'execute']);
    expect(calls.every((t) => t.rawInput !== undefined)).toBe(true);
    expect([...status.values()]).toEqual(['completed', 'completed', 'completed']);
    const [read, edit, exec] = calls;
    const path = `${CWD}/src/greeting.ts`;
    expect(read.locations).toEqual([{ path, line: 1 }]);
    expect(edit.content?.[0]).toMatchObject({ type: 'diff', path, oldText: expect.any(String), newText: expect.stringContaining('GreetOptions') });
    expect(exec.rawInput).toMatchObject({ command: 'npm test' });
    const execUpdates = ofKind(updates, 'tool_call_update').filter((u) => u.toolCallId === exec.toolCallId);
    expect(execUpdates.some((u) => u.content?.some((ct) => ct.type === 'terminal' && ct.terminalId === 'term-1'))).toBe(true);
    expect(execUpdates[execUpdates.length - 1].rawOutput).toMatchObject({ exitCode: 0 });

    // Client-side methods, in order.
    expect(c.calls.map((call) => call.method)).toEqual([
      'fs/read_text_file',
      'session/request_permission',
      'fs/write_text_file',
      'terminal/create',
      'terminal/wait_for_exit',
      'terminal/output',
      'terminal/release',
    ]);
    expect(c.calls[0].params).toMatchObject({ sessionId, path });
    const permission = c.calls[1].params as RequestPermissionRequest;
    expect(permission.toolCall.toolCallId).toBe(edit.toolCallId);
    expect(permission.options.map((o) => o.kind)).toEqual(['allow_once', 'allow_always', 'reject_once', 'reject_always']);
    expect(c.calls[2].params).toMatchObject({ sessionId, path, content: expect.stringContaining('GreetOptions') });
    expect(c.calls[3].params).toMatchObject({ sessionId, command: 'npm', args: ['test'], cwd: CWD });
    expect(c.calls[4].params).toMatchObject({ terminalId: 'term-1' });

    // Usage grows from turn to turn.
    const usage1 = ofKind(updates, 'usage_update').at(-1)!;
    c.reset();
    await c.prompt(sessionId, 'and again');
    const usage2 = ofKind(c.of(sessionId), 'usage_update').at(-1)!;
    expect(usage2.size).toBe(200000);
    expect(usage2.used).toBeGreaterThan(usage1.used);
    expect(usage2.cost!.amount).toBeGreaterThan(usage1.cost!.amount);
    // Only the first prompt sets the title.
    expect(ofKind(c.of(sessionId), 'session_info_update')[0].title).toBeUndefined();
  });

  it('handles a rejected edit, a failing test run and a client without fs or terminal', async () => {
    const c = client({ permission: () => ({ outcome: { outcome: 'selected', optionId: 'reject_once' } }), exitCode: 1 });
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession();
    expect((await c.prompt(sessionId, 'change it')).stopReason).toBe('end_turn');
    const status = assertToolCallLifecycle(c.of(sessionId));
    expect([...status.values()]).toEqual(['completed', 'failed', 'failed']);
    expect(c.calls.map((call) => call.method)).not.toContain('fs/write_text_file');
    expect(textOf(c.of(sessionId))).toContain('You rejected the edit');
    expect(textOf(c.of(sessionId))).toContain('exit code 1');

    const bare = client();
    await bare.init(BARE_CAPS);
    const s = await bare.newSession();
    expect((await bare.prompt(s.sessionId, 'change it')).stopReason).toBe('end_turn');
    const updates = bare.of(s.sessionId);
    expect(bare.calls.map((call) => call.method)).toEqual(['session/request_permission']);
    const [read, , exec] = ofKind(updates, 'tool_call');
    const readFinal = ofKind(updates, 'tool_call_update')
      .filter((u) => u.toolCallId === read.toolCallId)
      .at(-1)!;
    expect(readFinal.status).toBe('failed');
    const execFinal = ofKind(updates, 'tool_call_update')
      .filter((u) => u.toolCallId === exec.toolCallId)
      .at(-1)!;
    expect(execFinal).toMatchObject({ status: 'completed', content: [{ type: 'content', content: { type: 'text' } }] });
  });

  it('remembers allow_always / reject_always for the session', async () => {
    let answer = 'reject_always';
    const c = client({ permission: () => ({ outcome: { outcome: 'selected', optionId: answer } }) });
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession();
    await c.prompt(sessionId, '/edit');
    answer = 'allow_once';
    await c.prompt(sessionId, '/edit');
    expect(c.calls.filter((call) => call.method === 'session/request_permission')).toHaveLength(1);
    expect(c.calls.map((call) => call.method)).not.toContain('fs/write_text_file');
    const edits = ofKind(c.of(sessionId), 'tool_call_update').filter((u) => u.status === 'failed');
    expect(edits).toHaveLength(2);
  });

  it('cancels mid-turn: resolves cancelled and still sends late tool_call_updates', async () => {
    const c = client();
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession();
    const pending = c.prompt(sessionId, '/slow 3');
    await vi.waitFor(() => expect(ofKind(c.of(sessionId), 'agent_message_chunk').length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    const before = c.of(sessionId).length;
    await c.agent.notify(m.agent.session.cancel, { sessionId });
    expect((await pending).stopReason).toBe('cancelled');
    const late = c.of(sessionId).slice(before);
    const lateUpdates = ofKind(late, 'tool_call_update');
    expect(lateUpdates.length).toBeGreaterThanOrEqual(1);
    expect(lateUpdates.at(-1)).toMatchObject({ status: 'failed', rawOutput: { cancelled: true } });
    // Streaming stopped: at most one chunk was in flight when the cancel arrived.
    expect(ofKind(late, 'agent_message_chunk').length).toBeLessThanOrEqual(1);
    // The session is usable again.
    expect((await c.prompt(sessionId, '/refuse')).stopReason).toBe('refusal');
  });

  it('treats $/cancel_request for the prompt request like session/cancel', async () => {
    const c = client();
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession();
    const controller = new AbortController();
    const pending = c.agent.request(
      m.agent.session.prompt,
      { sessionId, prompt: [{ type: 'text', text: '/slow 3' }] },
      { cancellationSignal: controller.signal },
    );
    await vi.waitFor(() => expect(ofKind(c.of(sessionId), 'agent_message_chunk').length).toBeGreaterThanOrEqual(1), { timeout: 5000 });
    controller.abort();
    expect((await pending).stopReason).toBe('cancelled');
    await vi.waitFor(() => expect(ofKind(c.of(sessionId), 'tool_call_update').at(-1)).toMatchObject({ status: 'failed' }));
  });

  it('cancels while a permission request is pending (the client answers cancelled)', async () => {
    let asked!: () => void;
    const askedPromise = new Promise<void>((resolve) => (asked = resolve));
    const c = client({
      permission: (_params, signal) =>
        new Promise((resolve) => {
          asked();
          // The agent sends $/cancel_request for the pending permission after session/cancel.
          signal.addEventListener('abort', () => resolve({ outcome: { outcome: 'cancelled' } }), { once: true });
        }),
    });
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession();
    const pending = c.prompt(sessionId, '/edit');
    await askedPromise;
    await c.agent.notify(m.agent.session.cancel, { sessionId });
    expect((await pending).stopReason).toBe('cancelled');
    const edit = ofKind(c.of(sessionId), 'tool_call')[0];
    expect(ofKind(c.of(sessionId), 'tool_call_update').at(-1)).toMatchObject({ toolCallId: edit.toolCallId, status: 'failed' });
    expect(c.calls.map((call) => call.method)).toEqual(['session/request_permission']);
  });

  it('cancels while the terminal runs: the wait is cancelled, then the terminal is killed and released', async () => {
    const c = client({
      waitForExit: (signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(acp.RequestError.requestCancelled()), { once: true });
        }),
    });
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession();
    const pending = c.prompt(sessionId, '/test');
    await vi.waitFor(() => expect(c.calls.map((call) => call.method)).toContain('terminal/wait_for_exit'));
    await c.agent.notify(m.agent.session.cancel, { sessionId });
    expect((await pending).stopReason).toBe('cancelled');
    expect(c.calls.map((call) => call.method)).toEqual(['terminal/create', 'terminal/wait_for_exit', 'terminal/kill', 'terminal/release']);
    const exec = ofKind(c.of(sessionId), 'tool_call')[0];
    expect(ofKind(c.of(sessionId), 'tool_call_update').at(-1)).toMatchObject({ toolCallId: exec.toolCallId, status: 'failed' });
  });

  it('session/load replays the history (original messageIds) before answering; notices are not replayed', async () => {
    const a = client();
    await a.init(FULL_CAPS);
    const { sessionId } = await a.newSession();
    await a.prompt(sessionId, 'Refactor greet');
    await a.prompt(sessionId, '/notice');
    const live = a.of(sessionId);
    expect(ofKind(live, 'notice').map((n) => n.severity)).toEqual(['info', 'warning', 'error']);
    const liveIds = new Set(ofKind(live, 'agent_message_chunk').map((u) => u.messageId));

    const b = client();
    await b.init(FULL_CAPS);
    const load = await b.agent.request(m.agent.session.load, { sessionId, cwd: CWD, mcpServers: [] });
    expect(load.modes?.currentModeId).toBe('code');
    expect(load.configOptions?.length).toBe(4);

    // Raw order: every replayed update arrived before the load response.
    const responseIndex = b.raw.findIndex((x) => 'result' in x && x.result && 'modes' in x.result);
    const updateIndexes = b.raw.map((x, i) => (x.method === 'session/update' && x.params.sessionId === sessionId ? i : -1)).filter((i) => i >= 0);
    expect(updateIndexes.length).toBeGreaterThan(10);
    expect(Math.max(...updateIndexes)).toBeLessThan(responseIndex);

    await vi.waitFor(() => expect(b.of(sessionId).length).toBe(updateIndexes.length));
    const replay = b.of(sessionId);
    const users = ofKind(replay, 'user_message_chunk');
    expect(users.map((u) => (u.content.type === 'text' ? u.content.text : ''))).toEqual(['Refactor greet', '/notice']);
    expect(users[0].messageId).not.toBe(users[1].messageId);
    expect(new Set(ofKind(replay, 'agent_message_chunk').map((u) => u.messageId))).toEqual(liveIds);
    expect(textOf(replay)).toBe(textOf(live));
    expect(ofKind(replay, 'tool_call').map((t) => t.toolCallId)).toEqual(ofKind(live, 'tool_call').map((t) => t.toolCallId));
    expect(kinds(replay)).not.toContain('notice');
    expect(ofKind(replay, 'session_info_update')[0].title).toBe('Refactor greet');
    assertToolCallLifecycle(replay);

    // Prompting on the loaded session works from the new connection.
    expect((await b.prompt(sessionId, '/plan')).stopReason).toBe('end_turn');
  });

  it('set_config_option returns the complete list and syncs modes; set_mode updates config', async () => {
    const c = client();
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession();
    await vi.waitFor(() => expect(c.of(sessionId)).toHaveLength(2));
    c.reset();

    const r1 = await c.agent.request(m.agent.session.setConfigOption, { sessionId, configId: 'model', value: 'demo-pro' });
    expect(r1.configOptions.map((o) => o.id)).toEqual(['mode', 'model', 'thought_level', 'auto_run_tests']);
    expect(r1.configOptions.find((o) => o.id === 'model')?.currentValue).toBe('demo-pro');
    await vi.waitFor(() => expect(kinds(c.of(sessionId))).toEqual(['config_option_update']));

    const r2 = await c.agent.request(m.agent.session.setConfigOption, { sessionId, configId: 'mode', value: 'architect' });
    expect(r2.configOptions.find((o) => o.id === 'mode')?.currentValue).toBe('architect');
    await vi.waitFor(() => expect(ofKind(c.of(sessionId), 'current_mode_update').map((u) => u.currentModeId)).toEqual(['architect']));

    await c.agent.request(m.agent.session.setMode, { sessionId, modeId: 'ask' });
    await vi.waitFor(() => {
      const configs = ofKind(c.of(sessionId), 'config_option_update');
      expect(configs.at(-1)?.configOptions.find((o) => o.id === 'mode')?.currentValue).toBe('ask');
    });
    expect(ofKind(c.of(sessionId), 'current_mode_update').at(-1)?.currentModeId).toBe('ask');

    const r3 = await c.agent.request(m.agent.session.setConfigOption, { sessionId, configId: 'auto_run_tests', type: 'boolean', value: false });
    expect(r3.configOptions.find((o) => o.id === 'auto_run_tests')).toMatchObject({ type: 'boolean', currentValue: false });
    expect(r3.configOptions.find((o) => o.id === 'model')?.currentValue).toBe('demo-pro');

    await expect(c.agent.request(m.agent.session.setConfigOption, { sessionId, configId: 'model', value: 'gpt-nope' })).rejects.toMatchObject({ code: -32602 });
    await expect(c.agent.request(m.agent.session.setConfigOption, { sessionId, configId: 'nope', value: 'x' })).rejects.toMatchObject({ code: -32602 });
    await expect(c.agent.request(m.agent.session.setMode, { sessionId, modeId: 'yolo' })).rejects.toMatchObject({ code: -32602 });

    // auto_run_tests off: the default turn skips the terminal.
    await c.prompt(sessionId, 'go');
    expect(c.calls.map((call) => call.method)).not.toContain('terminal/create');
    expect(textOf(c.of(sessionId))).toContain('auto_run_tests');
  });

  it('dropConnections cuts a running turn; the session survives and can be resumed or loaded', async () => {
    const own = await startDemoAgentServer();
    try {
      const a = connectClient(own.url);
      await a.init(FULL_CAPS);
      const { sessionId } = await a.newSession();
      expect(own.connections).toBe(1);
      const pending = a.prompt(sessionId, '/slow 5');
      const settled = pending.then(
        () => 'resolved',
        () => 'rejected',
      );
      await vi.waitFor(() => expect(ofKind(a.of(sessionId), 'agent_message_chunk').length).toBeGreaterThanOrEqual(1), { timeout: 5000 });
      expect(await own.dropConnections()).toBe(1);
      expect(own.connections).toBe(0);
      expect(await settled).toBe('rejected');
      await a.conn.closed;

      const b = connectClient(own.url);
      await b.init(FULL_CAPS);
      const resumed = await b.agent.request(m.agent.session.resume, { sessionId, cwd: CWD });
      expect(resumed.modes?.currentModeId).toBe('code');
      expect(resumed.configOptions?.length).toBe(4);
      expect((await b.prompt(sessionId, '/plan')).stopReason).toBe('end_turn');
      // resume does not replay: the only user-visible updates are this turn's and the post-resume snapshot.
      expect(kinds(b.of(sessionId))).not.toContain('user_message_chunk');
      const list = await b.agent.request(m.agent.session.list, {});
      expect(list.sessions.map((s) => s.sessionId)).toContain(sessionId);

      // A third connection loads it: the cut turn's prompt and partial output are in the history.
      const d = connectClient(own.url);
      await d.init(FULL_CAPS);
      await d.agent.request(m.agent.session.load, { sessionId, cwd: CWD, mcpServers: [] });
      const users = ofKind(d.of(sessionId), 'user_message_chunk').map((u) => (u.content.type === 'text' ? u.content.text : ''));
      expect(users).toEqual(['/slow 5', '/plan']);
      expect(own.connections).toBe(2);
      b.close();
      d.close();
    } finally {
      await own.close();
    }
  });

  it('rejects prompts on sessions that are not open on the connection, and audio prompts', async () => {
    const a = client();
    await a.init(FULL_CAPS);
    const { sessionId } = await a.newSession();
    const b = client();
    await b.init(FULL_CAPS);
    await expect(b.prompt(sessionId, 'hi')).rejects.toMatchObject({ code: -32002 });
    await expect(b.prompt('no-such-session', 'hi')).rejects.toMatchObject({ code: -32002 });
    await expect(
      a.agent.request(m.agent.session.prompt, { sessionId, prompt: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(a.agent.request(m.agent.session.new, { cwd: 'relative/path', mcpServers: [] })).rejects.toMatchObject({ code: -32602 });
    // A second prompt while one runs is refused.
    const running = a.prompt(sessionId, '/slow 1');
    await vi.waitFor(() => expect(ofKind(a.of(sessionId), 'tool_call').length).toBe(1));
    await expect(a.prompt(sessionId, 'again')).rejects.toMatchObject({ code: -32600 });
    expect((await running).stopReason).toBe('end_turn');
  });

  it('close and delete: delete is idempotent and removes the session from the list', async () => {
    const c = client();
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession('/tmp/close-delete');
    await c.agent.request(m.agent.session.close, { sessionId });
    await expect(c.prompt(sessionId, 'hi')).rejects.toMatchObject({ code: -32002 });
    await c.agent.request(m.agent.session.delete, { sessionId });
    await c.agent.request(m.agent.session.delete, { sessionId });
    const list = await c.agent.request(m.agent.session.list, { cwd: '/tmp/close-delete' });
    expect(list.sessions).toEqual([]);
    await expect(c.agent.request(m.agent.session.load, { sessionId, cwd: CWD, mcpServers: [] })).rejects.toMatchObject({ code: -32002 });
  });

  it('/stream N sends exactly N agent_message_chunks', async () => {
    const c = client();
    await c.init(BARE_CAPS);
    const { sessionId } = await c.newSession();
    await vi.waitFor(() => expect(c.of(sessionId)).toHaveLength(2));
    c.reset();
    expect((await c.prompt(sessionId, '/stream 5000')).stopReason).toBe('end_turn');
    const updates = c.of(sessionId);
    expect(updates).toHaveLength(5000);
    expect(updates.every((u) => u.sessionUpdate === 'agent_message_chunk')).toBe(true);
    expect(updates[0]).toMatchObject({ content: { type: 'text', text: 'w0 ' } });
    expect(updates[4999]).toMatchObject({ content: { type: 'text', text: 'w4999 ' } });
  });

  it('/stream N with words after it titles the session by them first, then sends exactly N chunks', async () => {
    const c = client();
    await c.init(BARE_CAPS);
    const { sessionId } = await c.newSession('/tmp/stream-title');
    await vi.waitFor(() => expect(c.of(sessionId)).toHaveLength(2));
    c.reset();
    expect((await c.prompt(sessionId, '/stream 3 Fix the login redirect')).stopReason).toBe('end_turn');
    const updates = c.of(sessionId);
    expect(updates).toHaveLength(4);
    expect(updates[0]).toMatchObject({ sessionUpdate: 'session_info_update', title: 'Fix the login redirect' });
    expect(updates.slice(1).map((u) => u.sessionUpdate === 'agent_message_chunk' && u.content)).toEqual(
      ['w0 ', 'w1 ', 'w2 '].map((text) => ({ type: 'text', text })),
    );
    // The list names it so too.
    const list = await c.agent.request(m.agent.session.list, { cwd: '/tmp/stream-title' });
    expect(list.sessions.map((s) => s.title)).toEqual(['Fix the login redirect']);
  });

  it('/form sends a form elicitation with every property kind and reports exactly what came back', async () => {
    let answer: CreateElicitationResponse = {
      action: 'accept',
      content: {
        email: 'ada@example.com',
        projectName: 'my-app',
        teamSize: 4,
        packageManager: 'pnpm',
        targets: ['browser', 'node'],
        features: ['ci'],
        useTypeScript: true,
        budget: 99.5,
        license: 'mit',
      },
    };
    const c = client({ elicitation: () => answer });
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession();
    await c.prompt(sessionId, '/form');
    const request = c.calls.find((call) => call.method === 'elicitation/create')!.params;
    const formCall = ofKind(c.of(sessionId), 'tool_call')[0];
    expect(request).toMatchObject({ sessionId, toolCallId: formCall.toolCallId, mode: 'form', message: expect.any(String) });
    const props = request.requestedSchema.properties;
    expect(props.email).toMatchObject({ type: 'string', format: 'email' });
    expect(props.homepage).toMatchObject({ type: 'string', format: 'uri', default: 'https://example.com' });
    expect(props.releaseDate).toMatchObject({ format: 'date' });
    expect(props.reminderAt).toMatchObject({ format: 'date-time' });
    expect(props.projectName).toMatchObject({ minLength: 3, maxLength: 40, pattern: expect.any(String) });
    expect(props.budget).toMatchObject({ type: 'number', minimum: 0, maximum: 10000 });
    expect(props.teamSize).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
    expect(props.useTypeScript).toMatchObject({ type: 'boolean', default: true });
    expect(props.packageManager.enum).toEqual(['npm', 'pnpm', 'yarn', 'bun']);
    expect(props.license.oneOf.map((o: { const: string }) => o.const)).toEqual(['mit', 'apache-2.0', 'proprietary']);
    expect(props.targets).toMatchObject({ type: 'array', items: { type: 'string', enum: expect.any(Array) }, minItems: 1, maxItems: 3 });
    expect(props.features.items.anyOf).toHaveLength(3);
    expect(request.requestedSchema.required).toEqual(['email', 'projectName', 'teamSize', 'packageManager']);
    const text = textOf(c.of(sessionId));
    expect(text).toContain('accepted');
    expect(text).toContain(JSON.stringify(answer.content, null, 2));
    expect(text).toContain('Every value matches the schema');

    answer = { action: 'decline' };
    c.reset();
    await c.prompt(sessionId, '/form');
    expect(textOf(c.of(sessionId))).toContain('declined');

    answer = { action: 'accept', content: { email: 'x', teamSize: 99, projectName: 'A' } };
    c.reset();
    await c.prompt(sessionId, '/form');
    expect(textOf(c.of(sessionId))).toMatch(/teamSize.*outside/);

    const bare = client();
    await bare.init(BARE_CAPS);
    const s = await bare.newSession();
    await bare.prompt(s.sessionId, '/form');
    expect(bare.calls).toEqual([]);
    expect(textOf(bare.of(s.sessionId))).toContain('elicitation.form');
  });

  it('/login runs a URL elicitation and sends elicitation/complete after the accept', async () => {
    const c = client({ elicitation: () => ({ action: 'accept' }) });
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession();
    expect((await c.prompt(sessionId, '/login')).stopReason).toBe('end_turn');
    const request = c.calls.find((call) => call.method === 'elicitation/create')!.params;
    expect(request).toMatchObject({ sessionId, mode: 'url', elicitationId: expect.any(String) });
    expect(request.url).toBe(`https://example.com/demo-oauth?state=${encodeURIComponent(request.elicitationId)}`);
    await vi.waitFor(() => expect(c.completed).toEqual([request.elicitationId]));
    // complete arrives before the turn's closing message
    const completeIndex = c.raw.findIndex((x) => x.method === 'elicitation/complete');
    const lastUpdate = c.raw
      .map((x, i) => (x.method === 'session/update' ? i : -1))
      .filter((i) => i >= 0)
      .at(-1)!;
    expect(completeIndex).toBeLessThan(lastUpdate);
    expect(textOf(c.of(sessionId))).toContain('Signed in');
  });

  it('/compact, /notice, /fail, /refuse, /long and max_turn_requests', async () => {
    const c = client();
    await c.init(FULL_CAPS);
    const { sessionId } = await c.newSession();
    await c.prompt(sessionId, 'warm up the context');
    const usedBefore = ofKind(c.of(sessionId), 'usage_update').at(-1)!.used;

    c.reset();
    expect((await c.prompt(sessionId, '/compact')).stopReason).toBe('end_turn');
    let u = c.of(sessionId);
    const compaction = ofKind(u, 'compaction_update');
    expect(compaction.map((x) => x.status)).toEqual(['in_progress', 'completed']);
    expect(ofKind(u, 'compaction_summary_chunk').length).toBeGreaterThan(2);
    expect(ofKind(u, 'compaction_summary_chunk').every((x) => x.compactionId === compaction[0].compactionId)).toBe(true);
    expect(ofKind(u, 'usage_update').at(-1)!.used).toBeLessThan(usedBefore);

    c.reset();
    await c.prompt(sessionId, '/notice');
    expect(ofKind(c.of(sessionId), 'notice').map((x) => x.severity)).toEqual(['info', 'warning', 'error']);

    c.reset();
    await c.prompt(sessionId, '/fail');
    u = c.of(sessionId);
    expect(ofKind(u, 'tool_call_update').at(-1)).toMatchObject({ status: 'failed', rawOutput: { error: expect.any(String) } });

    expect((await c.prompt(sessionId, '/refuse')).stopReason).toBe('refusal');
    c.reset();
    expect((await c.prompt(sessionId, '/long')).stopReason).toBe('max_tokens');
    expect(textOf(c.of(sessionId)).length).toBeGreaterThan(5000);
    expect((await c.prompt(sessionId, '/long turns')).stopReason).toBe('max_turn_requests');
    expect((await c.prompt(sessionId, 'please hit max_turn_requests')).stopReason).toBe('max_turn_requests');
    c.reset();
    expect((await c.prompt(sessionId, '/nope')).stopReason).toBe('end_turn');
    expect(textOf(c.of(sessionId))).toContain('Unknown command `/nope`');
  });

  it('/explain streams a long markdown answer with a ~200-line TypeScript block', async () => {
    const c = client();
    await c.init(BARE_CAPS);
    const { sessionId } = await c.newSession();
    await c.prompt(sessionId, '/explain');
    const text = textOf(c.of(sessionId));
    const code = /```ts\n([\s\S]*?)\n```/.exec(text);
    expect(code![1].split('\n').length).toBeGreaterThanOrEqual(190);
    expect(ofKind(c.of(sessionId), 'agent_message_chunk').length).toBeGreaterThan(300);
  });

  it('per-connection options from the URL query: ?auth=required and ?delay=', async () => {
    const c = client({}, `${server.url}?auth=required&delay=5`);
    await c.init(FULL_CAPS);
    await expect(c.newSession()).rejects.toMatchObject({ code: -32000 });
    await c.agent.request(m.agent.authenticate, { methodId: 'demo-login' });
    const { sessionId } = await c.newSession();
    const started = Date.now();
    await c.prompt(sessionId, '/plan');
    // 6 plan steps at 4 x 5 ms each
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    // Other connections on the same server are unaffected.
    const other = client();
    await other.init(FULL_CAPS);
    await expect(other.newSession()).resolves.toMatchObject({ sessionId: expect.any(String) });
  });
});

describe('requireAuth', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startDemoAgentServer({ requireAuth: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('fails session/new and session/prompt with -32000 until authenticate; logout requires it again', async () => {
    const c = connectClient(server.url);
    try {
      await c.init(FULL_CAPS);
      const error = await c.newSession().catch((e: unknown) => e);
      expect(codeOf(error)).toBe(-32000);
      await expect(c.agent.request(m.agent.authenticate, { methodId: 'demo-terminal-login' })).rejects.toMatchObject({ code: -32602 });
      await expect(c.agent.request(m.agent.authenticate, { methodId: 'nope' })).rejects.toMatchObject({ code: -32602 });
      await expect(c.newSession()).rejects.toMatchObject({ code: -32000 });
      await c.agent.request(m.agent.authenticate, { methodId: 'demo-login' });
      const { sessionId } = await c.newSession();
      expect((await c.prompt(sessionId, '/refuse')).stopReason).toBe('refusal');
      await c.agent.request(m.agent.logout, {});
      await expect(c.prompt(sessionId, '/refuse')).rejects.toMatchObject({ code: -32000 });
      // Auth is per connection.
      const d = connectClient(server.url);
      await d.init(FULL_CAPS);
      await expect(d.newSession()).rejects.toMatchObject({ code: -32000 });
      d.close();
    } finally {
      c.close();
    }
  });
});

describe('session/list', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startDemoAgentServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('paginates with an opaque cursor (5 per page), filters by cwd, newest first', async () => {
    const c = connectClient(server.url);
    try {
      await c.init(FULL_CAPS);
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) ids.push((await c.newSession(i < 3 ? '/work/a' : '/work/b')).sessionId);
      await c.prompt(ids[0], 'Oldest session, now the most recent');

      const page1 = await c.agent.request(m.agent.session.list, {});
      expect(page1.sessions).toHaveLength(5);
      expect(page1.nextCursor).toEqual(expect.any(String));
      expect(page1.sessions[0]).toMatchObject({ sessionId: ids[0], cwd: '/work/a', title: 'Oldest session, now the most recent' });
      expect(Date.parse(page1.sessions[0].updatedAt!)).not.toBeNaN();
      expect(page1.sessions.slice(1).map((s) => s.sessionId)).toEqual([ids[6], ids[5], ids[4], ids[3]]);
      const page2 = await c.agent.request(m.agent.session.list, { cursor: page1.nextCursor });
      expect(page2.sessions.map((s) => s.sessionId)).toEqual([ids[2], ids[1]]);
      expect(page2.nextCursor ?? undefined).toBeUndefined();

      const a = await c.agent.request(m.agent.session.list, { cwd: '/work/a' });
      expect(a.sessions.map((s) => s.sessionId)).toEqual([ids[0], ids[2], ids[1]]);
      expect(a.nextCursor ?? undefined).toBeUndefined();

      await expect(c.agent.request(m.agent.session.list, { cursor: 'garbage' })).rejects.toMatchObject({ code: -32602 });
    } finally {
      c.close();
    }
  });

  it('honours listPageSize', async () => {
    const own = await startDemoAgentServer({ listPageSize: 2 });
    const c = connectClient(own.url);
    try {
      await c.init(BARE_CAPS);
      for (let i = 0; i < 3; i++) await c.newSession();
      const page = await c.agent.request(m.agent.session.list, {});
      expect(page.sessions).toHaveLength(2);
      expect(page.nextCursor).toBeTruthy();
    } finally {
      c.close();
      await own.close();
    }
  });
});

describe('transports and in-process use', () => {
  it('the direct transport serves the same agent', async () => {
    const own = await startDemoAgentServer({ transport: 'direct' });
    const c = connectClient(own.url);
    try {
      await c.init(FULL_CAPS);
      const { sessionId } = await c.newSession();
      expect((await c.prompt(sessionId, 'hello')).stopReason).toBe('end_turn');
      expect(c.calls.map((call) => call.method)).toContain('terminal/create');
      await expect(c.init()).rejects.toMatchObject({ code: -32600 });
      expect(await own.dropConnections()).toBe(1);
      await c.conn.closed;
    } finally {
      c.close();
      await own.close();
    }
  });

  it('one agent app keeps per-connection state apart (in-process connections)', async () => {
    const app = createDemoAgent();
    const withBool = acp.client({ name: 'a' }).connect(app);
    const without = acp.client({ name: 'b' }).connect(app);
    try {
      await withBool.agent.request(m.agent.initialize, { protocolVersion: 1, clientCapabilities: FULL_CAPS });
      await without.agent.request(m.agent.initialize, { protocolVersion: 1, clientCapabilities: BARE_CAPS });
      const s1 = await withBool.agent.request(m.agent.session.new, { cwd: CWD, mcpServers: [] });
      const s2 = await without.agent.request(m.agent.session.new, { cwd: CWD, mcpServers: [] });
      expect(s1.configOptions).toHaveLength(4);
      expect(s2.configOptions).toHaveLength(3);
    } finally {
      withBool.close();
      without.close();
    }
  });

  it('picks scripts and chunks text deterministically', () => {
    expect(pickScript('/stream 10')).toMatchObject({ name: 'stream', args: '10' });
    expect(pickScript('  /EXPLAIN hooks  ')).toMatchObject({ name: 'explain', args: 'hooks' });
    expect(pickScript('/constructor')).toMatchObject({ name: 'unknown' });
    expect(pickScript('fix the bug')).toMatchObject({ name: 'default' });
    expect(DEMO_COMMANDS).toHaveLength(16);
    expect(pickScript('/refactor')).toMatchObject({ name: 'refactor' });
    expect(pickScript('/delegate check the tests')).toMatchObject({ name: 'delegate', args: 'check the tests' });
    const text = 'x'.repeat(1000);
    const chunks = chunkText(text);
    expect(chunks.join('')).toBe(text);
    expect(chunks.slice(0, -1).every((chunk) => chunk.length >= 12 && chunk.length <= 24)).toBe(true);
    expect(chunkText(text)).toEqual(chunks);
  });
});
