/**
 * UNSTABLE child sessions (ACP RFD "subagents"): the requests an agent sends with a CHILD's
 * session id, and the children's lifecycle, over a real loopback WebSocket with the real SDK on
 * both sides (the agent on the SDK's unstable entry, as in `subagent-sessions.test.ts`). Each test
 * gives the agent's prompt a script; the script drives the agent side through the SDK's client
 * handle, so every request below is a real JSON-RPC request over the socket.
 */
import * as acp from '@agentclientprotocol/sdk';
import { agent as unstableAgent } from '@agentclientprotocol/sdk/unstable';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFs, createSimulatedTerminal, parseTranscript, replayTranscript, toTranscript } from '../../src/core/devtools/index.js';
import type { AcpClient, AcpClientOptions, AcpSnapshot, ThreadItem } from '../../src/core/index.js';
import { makeClient, WORKSPACE, workspaceFiles } from '../helpers/demo.js';
import { serveSdkAgent, type SdkAgentServer } from '../helpers/sdk-agent-server.js';
import { waitForSnapshot } from '../helpers/wait.js';

const m = acp.methods;
type Send = (sessionId: string, update: Record<string, unknown>) => Promise<void>;
interface Turn {
  client: { request<R = unknown>(method: string, params: unknown): Promise<R>; notify(method: string, params: unknown): Promise<void> };
  sessionId: string;
  send: Send;
}
/** What the agent does in the next `session/prompt` (set by each test). */
let script: (turn: Turn) => Promise<acp.StopReason | void> = async () => {};
/** What `session/load` replays (set by the tests that load). */
let replay: (turn: Turn) => Promise<void> = async () => {};
/** Resolves `cancelled()` for the parent or child session id the client cancelled. */
const cancels = new Map<string, () => void>();
const cancelled = (sessionId: string) => new Promise<void>((resolve) => cancels.set(sessionId, resolve));
let sessions = 0;

const sender =
  (client: Turn['client']): Send =>
  (sessionId, update) =>
    client.notify(m.client.session.update, { sessionId, update });

function scriptedAgent() {
  return unstableAgent({ name: 'child-request-agent' })
    .onRequest(m.agent.initialize, () => ({
      protocolVersion: acp.PROTOCOL_VERSION,
      agentCapabilities: { loadSession: true, sessionCapabilities: { resume: {}, close: {}, additionalDirectories: {} } } as acp.AgentCapabilities,
      agentInfo: { name: 'child-request-agent', version: '1.0.0' },
    }))
    .onRequest(m.agent.session.new, () => ({ sessionId: `parent-${++sessions}` }))
    .onRequest(m.agent.session.load, async ({ params, client }) => {
      await replay({ client: client as never, sessionId: params.sessionId, send: sender(client as never) });
      return {};
    })
    .onRequest(m.agent.session.resume, () => ({}))
    .onRequest(m.agent.session.close, () => ({}))
    .onNotification(m.agent.session.cancel, ({ params }) => cancels.get(params.sessionId)?.())
    .onRequest(m.agent.session.prompt, async ({ params, client }) => {
      const stopReason = await script({ client: client as never, sessionId: params.sessionId, send: sender(client as never) });
      return { stopReason: stopReason ?? 'end_turn' };
    });
}

let agentServer: SdkAgentServer;
let url: string;
const clients: AcpClient[] = [];

beforeAll(async () => {
  agentServer = await serveSdkAgent(scriptedAgent());
  url = agentServer.url;
});
afterAll(async () => {
  await agentServer.close();
});
afterEach(async () => {
  script = async () => {};
  replay = async () => {};
  cancels.clear();
  await Promise.all(clients.splice(0).map((c) => c.disconnect()));
});

/** The parent's extra root, and a file in it. */
const SHARED = '/shared';

async function connected(overrides: Partial<AcpClientOptions> = {}) {
  const fs = createMemoryFs({ files: { ...workspaceFiles(), [`${SHARED}/notes.md`]: '# Notes\n' }, writable: true });
  const { client } = makeClient(url, { subagents: true, fs, terminal: createSimulatedTerminal({ fs }), ...overrides });
  clients.push(client);
  await client.connect();
  const { sessionId } = await client.newSession({ cwd: WORKSPACE, additionalDirectories: [SHARED] });
  return { client, fs, sessionId };
}

const childOf = (parent: string) => `${parent}.worker`;
/** Announces the child on its parent (`fields` patch it). */
const announce = (turn: Turn, fields: Record<string, unknown> = {}) =>
  turn.send(turn.sessionId, { sessionUpdate: 'subagent_update', sessionId: childOf(turn.sessionId), title: 'Worker', state: { state: 'running' }, ...fields });
const permissionOf = (sessionId: string, toolCallId = 'edit') => ({
  sessionId,
  toolCall: { toolCallId, title: 'Edit greeting.ts', kind: 'edit' },
  options: [
    { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
    { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
  ],
});
const ask = (turn: Turn, sessionId: string, toolCallId?: string) =>
  turn.client.request<acp.RequestPermissionResponse>(m.client.session.requestPermission, permissionOf(sessionId, toolCallId));
const elicit = (turn: Turn, sessionId: string) =>
  turn.client.request<acp.CreateElicitationResponse>(m.client.elicitation.create, {
    sessionId,
    mode: 'form',
    message: 'Which branch?',
    requestedSchema: { type: 'object', properties: { branch: { type: 'string' } } },
  });
/** The agent side's answer to a request, or the JSON-RPC error it got. */
const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (result) => ({ result }),
    (error: { code?: number; message?: string }) => ({ error: { code: error.code, message: error.message } }),
  );
const pendingPermissions = (s: AcpSnapshot) => s.permissionRequests.filter((r) => r.status === 'pending');
const childItems = (s: AcpSnapshot, parent: string): readonly ThreadItem[] =>
  s.sessions[parent]?.subagents?.[childOf(parent)]?.session.thread.items.toArray() ?? [];
const texts = (items: readonly ThreadItem[]) =>
  items.map((i) => (i.kind === 'tool_call' ? `tool:${i.toolCallId}` : 'text' in i ? `${i.kind}:${i.text}` : i.kind));

describe('requests sent with a child session’s id', () => {
  it('with `subagents: false`: a child’s permission request is an unknown session’s, answered "cancelled"', async () => {
    const { client, sessionId } = await connected({ subagents: false });
    let answer: unknown;
    script = async (turn) => {
      await announce(turn);
      answer = await ask(turn, childOf(turn.sessionId));
    };
    await client.prompt(sessionId, 'go');
    expect(answer).toEqual({ outcome: { outcome: 'cancelled' } });
    const s = client.getSnapshot();
    expect(s.permissionRequests).toEqual([]);
    expect(
      s.diagnostics.some((d) => d.kind === 'unknown_session' && d.message.includes(`Permission request for an unknown session ${childOf(sessionId)}`)),
    ).toBe(true);
  });

  it('a permission request and an elicitation are shown in the parent’s panel, marked with the child that asked, and answered', async () => {
    const { client, sessionId } = await connected();
    const answers: unknown[] = [];
    script = async (turn) => {
      await announce(turn);
      answers.push(await ask(turn, childOf(turn.sessionId)));
      answers.push(await elicit(turn, childOf(turn.sessionId)));
      // The parent's own request is not marked.
      answers.push(await ask(turn, turn.sessionId, 'own'));
    };
    const turn = client.prompt(sessionId, 'go');
    let s = await waitForSnapshot(client, (snap) => pendingPermissions(snap).length === 1, 10_000, 'the child’s permission request');
    expect(s.permissionRequests[0]).toMatchObject({ sessionId, subagentSessionId: childOf(sessionId), toolCall: { toolCallId: 'edit' }, status: 'pending' });
    expect(client.respondToPermission(s.permissionRequests[0]!.requestId, 'allow')).toBe(true);

    s = await waitForSnapshot(client, (snap) => snap.elicitations.some((e) => e.status === 'pending'), 10_000, 'the child’s elicitation');
    expect(s.elicitations[0]).toMatchObject({ sessionId, subagentSessionId: childOf(sessionId), message: 'Which branch?' });
    expect(client.respondToElicitation(s.elicitations[0]!.requestId, { action: 'accept', content: { branch: 'main' } })).toBe(true);

    s = await waitForSnapshot(
      client,
      (snap) => pendingPermissions(snap).length === 1 && snap.permissionRequests.length === 2,
      10_000,
      'the parent’s own request',
    );
    expect(s.permissionRequests[1]).toMatchObject({ sessionId, subagentSessionId: null, toolCall: { toolCallId: 'own' } });
    client.respondToPermission(s.permissionRequests[1]!.requestId, 'reject');
    await expect(turn).resolves.toBe('end_turn');
    expect(answers).toEqual([
      { outcome: { outcome: 'selected', optionId: 'allow' } },
      { action: 'accept', content: { branch: 'main' } },
      { outcome: { outcome: 'selected', optionId: 'reject' } },
    ]);
    expect(client.getSnapshot().diagnostics.filter((d) => d.kind === 'unknown_session')).toEqual([]);
  });

  it('fs/* is confined to the child’s roots: its cwd and additionalDirectories, each the parent’s while unset or cleared', async () => {
    const { client, fs, sessionId } = await connected();
    const results: Record<string, unknown> = {};
    script = async (turn) => {
      const child = childOf(turn.sessionId);
      const read = (path: string) => outcome(turn.client.request<{ content: string }>(m.client.fs.readTextFile, { sessionId: child, path }));
      // Its own cwd; additionalDirectories unset: the parent's (/shared).
      await announce(turn, { cwd: `${WORKSPACE}/src` });
      results.inCwd = await read(`${WORKSPACE}/src/greeting.ts`);
      results.parentCwd = await read(`${WORKSPACE}/README.md`);
      results.inherited = await read(`${SHARED}/notes.md`);
      results.write = await outcome(
        turn.client.request(m.client.fs.writeTextFile, { sessionId: child, path: `${WORKSPACE}/src/new.ts`, content: 'export {};\n' }),
      );
      results.writeOutside = await outcome(turn.client.request(m.client.fs.writeTextFile, { sessionId: child, path: `${WORKSPACE}/evil.ts`, content: '' }));
      // `[]`: no additional directories; cwd cleared: the parent's again.
      await announce(turn, { cwd: null, additionalDirectories: [] });
      results.clearedCwd = await read(`${WORKSPACE}/README.md`);
      results.noExtra = await read(`${SHARED}/notes.md`);
      // Cleared: inherited again.
      await announce(turn, { additionalDirectories: null });
      results.inheritedAgain = await read(`${SHARED}/notes.md`);
    };
    await client.prompt(sessionId, 'go');
    expect(results.inCwd).toEqual({ result: { content: expect.stringContaining('export function greet') } });
    expect(results.parentCwd).toEqual({ error: { code: -32602, message: expect.stringContaining(`(${WORKSPACE}/src, ${SHARED})`) } });
    expect(results.inherited).toEqual({ result: { content: '# Notes\n' } });
    expect(results.write).toEqual({ result: {} });
    expect(fs.read(`${WORKSPACE}/src/new.ts`)).toBe('export {};\n');
    expect(results.writeOutside).toMatchObject({ error: { code: -32602 } });
    expect(fs.read(`${WORKSPACE}/evil.ts`)).toBeUndefined();
    expect(results.clearedCwd).toEqual({ result: { content: '# Workspace\n' } });
    expect(results.noExtra).toEqual({ error: { code: -32602, message: expect.stringContaining(`(${WORKSPACE})`) } });
    expect(results.inheritedAgain).toEqual({ result: { content: '# Notes\n' } });
  });

  it('a child’s roots never reach beyond its parent’s: one outside them is not used, with a diagnostic', async () => {
    const { client, fs, sessionId } = await connected();
    fs.write('/etc/passwd', 'root:x:0:0\n');
    const results: Record<string, unknown> = {};
    script = async (turn) => {
      const child = childOf(turn.sessionId);
      const read = (path: string) => outcome(turn.client.request<{ content: string }>(m.client.fs.readTextFile, { sessionId: child, path }));
      await announce(turn, { cwd: '/etc', additionalDirectories: [`${WORKSPACE}/src`, '/'] });
      results.outside = await read('/etc/passwd');
      results.inside = await read(`${WORKSPACE}/src/greeting.ts`);
      results.rootOfAll = await read(`${WORKSPACE}/README.md`);
    };
    await client.prompt(sessionId, 'go');
    expect(results.outside).toEqual({ error: { code: -32602, message: expect.stringContaining(`inside the session roots (${WORKSPACE}/src)`) } });
    expect(results.inside).toEqual({ result: { content: expect.stringContaining('export function greet') } });
    expect(results.rootOfAll).toMatchObject({ error: { code: -32602 } });
    const notUsed = client.getSnapshot().diagnostics.filter((d) => d.message.includes("lies outside its parent's roots"));
    expect(notUsed.map((d) => d.message)).toContain(
      `Child session ${childOf(sessionId)}'s root /etc lies outside its parent's roots (${WORKSPACE}, ${SHARED}); not used.`,
    );
  });

  it('terminal/* works for a child: it starts in the child’s cwd, is the child’s to use and its parent’s to show', async () => {
    const { client, sessionId } = await connected();
    const results: Record<string, unknown> = {};
    script = async (turn) => {
      const child = childOf(turn.sessionId);
      const t = m.client.terminal;
      await announce(turn, { cwd: `${WORKSPACE}/src` });
      const { terminalId } = await turn.client.request<{ terminalId: string }>(t.create, { sessionId: child, command: 'pwd' });
      results.exit = await turn.client.request(t.waitForExit, { sessionId: child, terminalId });
      results.output = await turn.client.request(t.output, { sessionId: child, terminalId });
      // Another session's id does not reach it.
      results.byParent = await outcome(turn.client.request(t.output, { sessionId: turn.sessionId, terminalId }));
      results.kill = await outcome(turn.client.request(t.kill, { sessionId: child, terminalId }));
      results.release = await outcome(turn.client.request(t.release, { sessionId: child, terminalId }));
      // A directory the agent names is kept.
      const named = await turn.client.request<{ terminalId: string }>(t.create, { sessionId: child, command: 'pwd', cwd: WORKSPACE });
      await turn.client.request(t.waitForExit, { sessionId: child, terminalId: named.terminalId });
      results.named = await turn.client.request(t.output, { sessionId: child, terminalId: named.terminalId });
    };
    await client.prompt(sessionId, 'go');
    expect(results.exit).toEqual({ exitCode: 0, signal: null });
    expect(results.output).toMatchObject({ output: `${WORKSPACE}/src\n` });
    expect(results.byParent).toMatchObject({ error: { code: -32002 } });
    expect(results.kill).toEqual({ result: {} });
    expect(results.release).toEqual({ result: {} });
    expect(results.named).toMatchObject({ output: `${WORKSPACE}\n` });
    const terminals = Object.values(client.getSnapshot().terminals);
    expect(terminals.map((x) => [x.sessionId, x.subagentSessionId, x.cwd, x.released])).toEqual([
      [sessionId, childOf(sessionId), `${WORKSPACE}/src`, true],
      [sessionId, childOf(sessionId), WORKSPACE, false],
    ]);
  });
});

describe('cancelling, closing', () => {
  it('a cancelling parent turn answers its child’s pending and new requests "cancelled" at once', async () => {
    const { client, sessionId } = await connected();
    const answers: unknown[] = [];
    script = async (turn) => {
      await announce(turn);
      const stop = cancelled(turn.sessionId);
      answers.push(await ask(turn, childOf(turn.sessionId)));
      await stop;
      // After session/cancel, while the turn winds down.
      answers.push(await ask(turn, childOf(turn.sessionId), 'late'));
      answers.push(await outcome(elicit(turn, childOf(turn.sessionId))));
      return 'cancelled';
    };
    const turn = client.prompt(sessionId, 'go');
    await waitForSnapshot(client, (s) => pendingPermissions(s).length === 1, 10_000, 'the child’s permission request');
    await client.cancel(sessionId);
    await expect(turn).resolves.toBe('cancelled');
    expect(answers).toEqual([{ outcome: { outcome: 'cancelled' } }, { outcome: { outcome: 'cancelled' } }, { result: { action: 'cancel' } }]);
    const s = client.getSnapshot();
    // The late ones were never shown.
    expect(s.permissionRequests.map((r) => [r.toolCall.toolCallId, r.status])).toEqual([['edit', 'cancelled']]);
    expect(s.elicitations).toEqual([]);
  });

  it('cancelSubagent answers that child’s pending requests "cancelled"; the parent’s own stay pending', async () => {
    const { client, sessionId } = await connected();
    const answers: Record<string, unknown> = {};
    script = async (turn) => {
      await announce(turn, { capabilities: { cancel: {} } });
      const child = childOf(turn.sessionId);
      const stop = cancelled(child);
      await Promise.all([
        ask(turn, child).then((a) => (answers.child = a)),
        elicit(turn, child).then((a) => (answers.childForm = a)),
        ask(turn, turn.sessionId, 'own').then((a) => (answers.own = a)),
        stop,
      ]);
    };
    const turn = client.prompt(sessionId, 'go');
    await waitForSnapshot(client, (s) => pendingPermissions(s).length === 2 && s.elicitations.length === 1, 10_000, 'three requests');
    await client.cancelSubagent(sessionId, childOf(sessionId));
    let s = await waitForSnapshot(client, (snap) => pendingPermissions(snap).length === 1, 10_000, 'the child’s settled');
    expect(pendingPermissions(s)[0]).toMatchObject({ subagentSessionId: null, toolCall: { toolCallId: 'own' } });
    expect(s.elicitations[0]!.status).toBe('cancelled');
    client.respondToPermission(pendingPermissions(s)[0]!.requestId, 'allow');
    await turn;
    expect(answers).toEqual({
      child: { outcome: { outcome: 'cancelled' } },
      childForm: { action: 'cancel' },
      own: { outcome: { outcome: 'selected', optionId: 'allow' } },
    });
    s = client.getSnapshot();
    expect(s.permissionRequests.map((r) => [r.subagentSessionId, r.status])).toEqual([
      [childOf(sessionId), 'cancelled'],
      [null, 'answered'],
    ]);
  });

  it('closing the parent settles its children’s pending requests', async () => {
    const { client, sessionId } = await connected();
    let answer!: Promise<acp.RequestPermissionResponse>;
    script = async (turn) => {
      await announce(turn);
      answer = ask(turn, childOf(turn.sessionId));
      await answer;
    };
    const turn = client.prompt(sessionId, 'go');
    await waitForSnapshot(client, (s) => pendingPermissions(s).length === 1, 10_000, 'the child’s permission request');
    await client.closeSession(sessionId);
    await expect(turn).resolves.toBe('cancelled');
    await expect(answer).resolves.toEqual({ outcome: { outcome: 'cancelled' } });
    expect(client.getSnapshot().permissionRequests.map((r) => r.status)).toEqual(['cancelled']);
  });
});

describe('a child’s own children (any depth)', () => {
  it('a child announces one on its own session id: its updates build its record, its requests are shown in the top-level panel, its roots inherit through the chain, cancelling the child settles them', async () => {
    const { client, sessionId } = await connected();
    const results: Record<string, unknown> = {};
    script = async (turn) => {
      const child = childOf(turn.sessionId);
      const grandchild = `${child}.fixtures`;
      const read = (path: string) => outcome(turn.client.request<{ content: string }>(m.client.fs.readTextFile, { sessionId: grandchild, path }));
      await announce(turn, { cwd: `${WORKSPACE}/src`, capabilities: { cancel: {} } });
      // Sent on the child's session: its immediate parent. cwd and additionalDirectories unset.
      await turn.send(child, { sessionUpdate: 'subagent_update', sessionId: grandchild, title: 'Fixtures', state: { state: 'running' } });
      await turn.send(grandchild, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Rebuilding.' } });
      await turn.send(grandchild, { sessionUpdate: 'tool_call', toolCallId: 'gen', title: 'npm run fixtures', kind: 'execute', status: 'in_progress' });
      // The child's cwd (its own), the top-level session's extra root (inherited through the child).
      results.inChildCwd = await read(`${WORKSPACE}/src/greeting.ts`);
      results.inherited = await read(`${SHARED}/notes.md`);
      results.outside = await read(`${WORKSPACE}/README.md`);
      const stop = cancelled(child);
      await Promise.all([ask(turn, grandchild).then((a) => (results.permission = a)), stop]);
    };
    const turn = client.prompt(sessionId, 'go');
    const grandchild = `${childOf(sessionId)}.fixtures`;
    const s = await waitForSnapshot(client, (snap) => pendingPermissions(snap).length === 1, 10_000, 'the grandchild’s permission request');
    expect(s.permissionRequests[0]).toMatchObject({ sessionId, subagentSessionId: grandchild, toolCall: { toolCallId: 'edit' }, status: 'pending' });
    const records = s.sessions[sessionId]!.subagents!;
    expect(records[grandchild]).toMatchObject({ parentSessionId: childOf(sessionId), title: 'Fixtures', state: { state: 'running' }, run: { steps: 1 } });
    expect(texts(records[grandchild]!.session.thread.items.toArray())).toEqual(['agent_message:Rebuilding.', 'tool:gen']);
    expect(records[childOf(sessionId)]!.parentSessionId).toBe(sessionId);
    // The announcement is no item of the child's thread.
    expect(childItems(s, sessionId)).toEqual([]);

    await client.cancelSubagent(sessionId, childOf(sessionId));
    await expect(turn).resolves.toBe('end_turn');
    expect(results.permission).toEqual({ outcome: { outcome: 'cancelled' } });
    expect(client.getSnapshot().permissionRequests.map((r) => [r.subagentSessionId, r.status])).toEqual([[grandchild, 'cancelled']]);
    expect(results.inChildCwd).toEqual({ result: { content: expect.stringContaining('export function greet') } });
    expect(results.inherited).toEqual({ result: { content: '# Notes\n' } });
    expect(results.outside).toEqual({ error: { code: -32602, message: expect.stringContaining(`(${WORKSPACE}/src, ${SHARED})`) } });
    expect(client.getSnapshot().diagnostics.filter((d) => d.kind === 'unknown_session' || d.kind === 'invalid_update')).toEqual([]);
  });
});

describe('a dropped connection', () => {
  it('interrupts a child’s pending requests like any other', async () => {
    const { client, sessionId } = await connected();
    script = async (turn) => {
      await announce(turn);
      await Promise.all([ask(turn, childOf(turn.sessionId)), elicit(turn, childOf(turn.sessionId))]).catch(() => {});
    };
    void client.prompt(sessionId, 'go').catch(() => {});
    await waitForSnapshot(client, (s) => pendingPermissions(s).length === 1 && s.elicitations.length === 1, 10_000, 'the child’s requests');
    agentServer.dropSockets();
    const s = await waitForSnapshot(client, (snap) => snap.permissionRequests[0]?.status === 'interrupted', 10_000, 'the interruption');
    expect(s.permissionRequests[0]).toMatchObject({ subagentSessionId: childOf(sessionId), status: 'interrupted' });
    expect(s.elicitations[0]).toMatchObject({ subagentSessionId: childOf(sessionId), status: 'interrupted' });
  });
});

describe('a child’s lifecycle', () => {
  /** A child's work: a message and a tool call. */
  const work = async (turn: Turn, n = 1) => {
    const child = childOf(turn.sessionId);
    await turn.send(child, { sessionUpdate: 'agent_message_chunk', messageId: `c${n}`, content: { type: 'text', text: 'Reading.' } });
    await turn.send(child, {
      sessionUpdate: 'tool_call',
      toolCallId: n === 1 ? 'read' : `read${n}`,
      title: 'Read greeting.ts',
      kind: 'read',
      status: 'completed',
    });
  };

  it('updates that arrive before the subagent_update announcing the child are kept and added to it, with a diagnostic', async () => {
    const { client, sessionId } = await connected();
    script = async (turn) => {
      // The spec violation agents race into: the child speaks before it is announced.
      await work(turn);
      await announce(turn);
      await turn.send(childOf(turn.sessionId), { sessionUpdate: 'agent_message_chunk', messageId: 'c2', content: { type: 'text', text: 'Done.' } });
    };
    await client.prompt(sessionId, 'go');
    const s = client.getSnapshot();
    expect(texts(childItems(s, sessionId))).toEqual(['agent_message:Reading.', 'tool:read', 'agent_message:Done.']);
    expect(s.sessions[sessionId]!.subagents![childOf(sessionId)]!.run).toMatchObject({ steps: 1, latestStep: 1 });
    expect(Object.keys(s.sessions)).toEqual([sessionId]);
    expect(
      s.diagnostics.some((d) => d.kind === 'protocol_error' && d.message.startsWith(`2 update(s) of child session ${childOf(sessionId)} arrived before`)),
    ).toBe(true);
  });

  it('session/load rebuilds the children its replay announces (no duplicates); session/resume keeps them; a restore after a drop keeps routing', async () => {
    const { client, sessionId } = await connected();
    script = async (turn) => {
      await announce(turn);
      await work(turn);
    };
    await client.prompt(sessionId, 'go');
    expect(texts(childItems(client.getSnapshot(), sessionId))).toEqual(['agent_message:Reading.', 'tool:read']);

    // The replay sends one child update before the child's announcement, one after.
    replay = async (turn) => {
      const child = childOf(turn.sessionId);
      await turn.send(turn.sessionId, { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'go' } });
      await turn.send(child, { sessionUpdate: 'agent_message_chunk', messageId: 'c1', content: { type: 'text', text: 'Reading.' } });
      await announce(turn, { title: 'Worker (replayed)' });
      await turn.send(child, { sessionUpdate: 'tool_call', toolCallId: 'read', title: 'Read greeting.ts', kind: 'read', status: 'completed' });
    };
    for (let load = 0; load < 2; load++) {
      await client.loadSession(sessionId, { cwd: WORKSPACE, additionalDirectories: [SHARED] });
      const s = client.getSnapshot();
      expect(Object.keys(s.sessions[sessionId]!.subagents!)).toEqual([childOf(sessionId)]);
      expect(s.sessions[sessionId]!.subagents![childOf(sessionId)]).toMatchObject({ title: 'Worker (replayed)', run: { steps: 1 } });
      expect(texts(childItems(s, sessionId))).toEqual(['agent_message:Reading.', 'tool:read']);
      expect(Object.keys(s.sessions)).toEqual([sessionId]);
    }

    await client.resumeSession(sessionId, { cwd: WORKSPACE, additionalDirectories: [SHARED] });
    expect(texts(childItems(client.getSnapshot(), sessionId))).toEqual(['agent_message:Reading.', 'tool:read']);

    // The connection drops; the reconnect resumes the session and the child's requests still reach its parent's panel.
    agentServer.dropSockets();
    await waitForSnapshot(client, (s) => s.status === 'reconnecting', 10_000, 'the drop');
    await waitForSnapshot(client, (s) => s.status === 'ready' && s.sessions[sessionId]?.status === 'active', 10_000, 'the restore');
    expect(texts(childItems(client.getSnapshot(), sessionId))).toEqual(['agent_message:Reading.', 'tool:read']);
    let answer: unknown;
    script = async (turn) => {
      answer = await ask(turn, childOf(turn.sessionId));
      await work(turn, 2);
    };
    const turn = client.prompt(sessionId, 'again');
    const s = await waitForSnapshot(client, (snap) => pendingPermissions(snap).length === 1, 10_000, 'the child’s request');
    expect(pendingPermissions(s)[0]).toMatchObject({ sessionId, subagentSessionId: childOf(sessionId) });
    client.respondToPermission(pendingPermissions(s)[0]!.requestId, 'allow');
    await turn;
    expect(answer).toEqual({ outcome: { outcome: 'selected', optionId: 'allow' } });
    expect(texts(childItems(client.getSnapshot(), sessionId))).toEqual(['agent_message:Reading.', 'tool:read', 'agent_message:Reading.', 'tool:read2']);
  });
});

describe('devtools replay of a recording with child sessions', () => {
  it('rebuilds what the live client showed: the children (early updates adopted), their threads, and a child’s permission request under its parent', async () => {
    const { client, sessionId } = await connected();
    script = async (turn) => {
      const child = childOf(turn.sessionId);
      await turn.send(child, { sessionUpdate: 'agent_message_chunk', messageId: 'early', content: { type: 'text', text: 'Early.' } });
      await announce(turn, { description: 'Edits greeting.ts' });
      await turn.send(child, { sessionUpdate: 'tool_call', toolCallId: 'edit', title: 'Edit greeting.ts', kind: 'edit', status: 'pending' });
      await ask(turn, child);
      await turn.send(child, { sessionUpdate: 'tool_call_update', toolCallId: 'edit', status: 'completed' });
      await turn.send(turn.sessionId, { sessionUpdate: 'agent_message_chunk', messageId: 'p1', content: { type: 'text', text: 'Done.' } });
    };
    const turn = client.prompt(sessionId, 'go');
    const asking = await waitForSnapshot(client, (s) => pendingPermissions(s).length === 1, 10_000, 'the child’s request');
    client.respondToPermission(asking.permissionRequests[0]!.requestId, 'allow');
    await turn;
    const live = client.getSnapshot();

    const replayed = replayTranscript(parseTranscript(toTranscript(client.traffic.entries())));
    expect(Object.keys(replayed.sessions)).toEqual([sessionId]);
    const child = (s: AcpSnapshot) => s.sessions[sessionId]!.subagents![childOf(sessionId)]!;
    expect(child(replayed)).toMatchObject({ title: 'Worker', description: 'Edits greeting.ts', state: { state: 'running' }, run: { steps: 1 } });
    expect(texts(childItems(replayed, sessionId))).toEqual(texts(childItems(live, sessionId)));
    expect(texts(childItems(replayed, sessionId))).toEqual(['agent_message:Early.', 'tool:edit']);
    expect(texts(replayed.sessions[sessionId]!.thread.items.toArray())).toEqual(texts(live.sessions[sessionId]!.thread.items.toArray()));
    expect(replayed.permissionRequests.map((r) => [r.sessionId, r.subagentSessionId, r.status, r.optionId])).toEqual([
      [sessionId, childOf(sessionId), 'answered', 'allow'],
    ]);
  });

  it('a recording whose client did not advertise subagents replays as that client showed it', async () => {
    const { client, sessionId } = await connected({ subagents: false });
    script = async (turn) => {
      await announce(turn);
      await turn.send(childOf(turn.sessionId), { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hi.' } });
    };
    await client.prompt(sessionId, 'go');
    const replayed = replayTranscript(parseTranscript(toTranscript(client.traffic.entries())));
    expect(replayed.sessions[sessionId]!.subagents).toBeUndefined();
    expect(replayed.sessions[sessionId]!.thread.items.toArray().map((i) => i.kind)).toEqual(['user_message', 'unsupported']);
  });
});
