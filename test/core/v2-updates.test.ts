/**
 * ACP v2's `session/update` kinds folded by the one reducer: tool calls as upserts whose `null`
 * clears (v1's keeps), tool-call content chunks appended, whole messages replacing what chunks
 * streamed, plans by id, agent-owned terminals (base64 output within the terminal budget) in the
 * snapshot's terminals, the turn driven by `state_update`, and the prompt's `messageId` so the
 * agent's echo updates the local prompt. Kinds of the other version are folded anyway, with a
 * `protocol_oddity` diagnostic. Every wire example is checked against the SDK's own v2 guards, so
 * a shape error here fails the test instead of testing a made-up shape.
 */
import { SessionUpdate } from '@agentclientprotocol/sdk/experimental/v2';
import { describe, expect, it } from 'vitest';
import { initialSnapshot, putSession } from '../../src/core/client/snapshot.js';
import { TERMINAL_OUTPUT_BYTES } from '../../src/core/client/terminal-output.js';
import { parseSessionUpdate } from '../../src/core/parse-update.js';
import { applySessionUpdate, startTurn, withPromptMessageId } from '../../src/core/reducer/index.js';
import { applySnapshotUpdate } from '../../src/core/reducer/snapshot-update.js';
import type { AcpSnapshot, SessionState } from '../../src/core/types.js';
import { SESSION_ID, freshSession, items, itemsOf, text } from './helpers.js';

type Guard = (value: never) => boolean;
/** A wire example the SDK's v2 schema accepts (a zod parse inside the guard). */
function wire<T extends Record<string, unknown>>(guard: Guard, value: T): T {
  expect(guard(value as never), `not a valid v2 update: ${JSON.stringify(value)}`).toBe(true);
  return value;
}

/** Applies raw v2 updates, the clock advancing 1 ms a step. */
function apply2(session: SessionState, updates: readonly unknown[], start = 1000): SessionState {
  return updates.reduce<SessionState>((s, u, i) => applySessionUpdate(s, u, start + i, 2), session);
}

function snapshotWith(session: SessionState = freshSession()): AcpSnapshot {
  return putSession(initialSnapshot(), session);
}
function applyToSnapshot(snapshot: AcpSnapshot, updates: readonly unknown[], version: 1 | 2 = 2, start = 1000): AcpSnapshot {
  return updates.reduce<AcpSnapshot>((s, u, i) => applySnapshotUpdate(s, SESSION_ID, u, start + i, version), snapshot);
}
const sessionOf = (snapshot: AcpSnapshot) => snapshot.sessions[SESSION_ID]!;

const b64 = (value: string | Uint8Array) => Buffer.from(value).toString('base64');

const toolUpdate = (toolCallId: string, fields: Record<string, unknown> = {}) =>
  wire(SessionUpdate.isToolCallUpdate, { sessionUpdate: 'tool_call_update', toolCallId, ...fields });
const contentChunk = (toolCallId: string, t: string) =>
  wire(SessionUpdate.isToolCallContentChunk, { sessionUpdate: 'tool_call_content_chunk', toolCallId, content: { type: 'content', content: text(t) } });
const agentChunk = (messageId: string, t: string) =>
  wire(SessionUpdate.isAgentMessageChunk, { sessionUpdate: 'agent_message_chunk', messageId, content: text(t) });
const agentMessage = (messageId: string, content: unknown[] | null) =>
  wire(SessionUpdate.isAgentMessage, { sessionUpdate: 'agent_message', messageId, content });
const state = (fields: Record<string, unknown>) => wire(SessionUpdate.isStateUpdate, { sessionUpdate: 'state_update', ...fields });

describe('tool_call_update on v2', () => {
  const full = { title: 'Read a file', name: 'read_file', kind: 'read', status: 'in_progress', locations: [{ path: '/ws/a.ts' }], _meta: { k: 1 } };

  it('a null field clears it to what a new card starts with; on v1 the same null keeps the value', () => {
    const nulls = { title: null, name: null, kind: null, status: null, locations: null, _meta: null };
    const v2 = apply2(freshSession(), [toolUpdate('t1', full), toolUpdate('t1', nulls)]);
    expect(itemsOf(v2, 'tool_call')).toMatchObject([
      { toolCallId: 't1', title: 't1', name: null, toolKind: 'other', status: 'pending', locations: [], _meta: null },
    ]);

    const v1 = [
      { sessionUpdate: 'tool_call', toolCallId: 't1', ...full },
      { sessionUpdate: 'tool_call_update', toolCallId: 't1', ...nulls },
    ].reduce((s, u, i) => applySessionUpdate(s, u, 1000 + i, 1), freshSession());
    expect(itemsOf(v1, 'tool_call')).toMatchObject([{ title: 'Read a file', name: 'read_file', toolKind: 'read', status: 'in_progress' }]);
  });

  it('an unknown id creates the card, not marked as created by an update (v2 has no other way to start one)', () => {
    const s = apply2(freshSession(), [toolUpdate('new', { title: 'Edit', kind: 'edit' })]);
    expect(itemsOf(s, 'tool_call')).toMatchObject([{ toolCallId: 'new', title: 'Edit', toolKind: 'edit', status: 'pending', createdByUpdate: false }]);
  });

  it('tool_call_content_chunk appends one content item; a later content replaces the whole list', () => {
    let s = apply2(freshSession(), [toolUpdate('t1', { title: 'Run' }), contentChunk('t1', 'one'), contentChunk('t1', 'two')]);
    expect(itemsOf(s, 'tool_call')[0]!.content).toEqual([
      { type: 'content', content: text('one') },
      { type: 'content', content: text('two') },
    ]);
    s = apply2(s, [toolUpdate('t1', { content: [{ type: 'content', content: text('all') }] }), contentChunk('t1', 'more')]);
    expect(itemsOf(s, 'tool_call')[0]!.content).toEqual([
      { type: 'content', content: text('all') },
      { type: 'content', content: text('more') },
    ]);
    expect(itemsOf(s, 'tool_call')).toHaveLength(1);
  });

  it('a content chunk for an unknown tool call creates its card holding that content', () => {
    const s = apply2(freshSession(), [contentChunk('late', 'output')]);
    expect(itemsOf(s, 'tool_call')).toMatchObject([{ toolCallId: 'late', title: 'late', content: [{ type: 'content', content: text('output') }] }]);
  });

  it('keeps a v2 diff as received', () => {
    const diff = { type: 'diff', changes: [{ operation: 'modify', path: '/ws/a.ts' }], patch: { format: 'git_patch', text: '--- a/a.ts\n+++ b/a.ts\n' } };
    const s = apply2(freshSession(), [toolUpdate('t1', { content: [diff] })]);
    expect(itemsOf(s, 'tool_call')[0]!.content).toEqual([diff]);
  });
});

describe('messages on v2', () => {
  it('a whole agent_message replaces what its chunks streamed; later chunks append to it', () => {
    let s = apply2(freshSession(), [agentChunk('m1', 'Hel'), agentChunk('m1', 'lo')]);
    expect(itemsOf(s, 'agent_message').map((m) => m.text)).toEqual(['Hello']);
    s = apply2(s, [agentMessage('m1', [text('Hello, world')]), agentChunk('m1', '!')]);
    expect(itemsOf(s, 'agent_message').map((m) => m.text)).toEqual(['Hello, world!']);
    s = apply2(s, [wire(SessionUpdate.isAgentThought, { sessionUpdate: 'agent_thought', messageId: 'th1', content: [text('Hmm')] })]);
    expect(items(s).map((i) => i.kind)).toEqual(['agent_message', 'thought']);
  });

  it('a chunk without its (required) messageId is still shown', () => {
    const s = apply2(freshSession(), [{ sessionUpdate: 'agent_message_chunk', content: text('no id') }]);
    expect(itemsOf(s, 'agent_message').map((m) => m.text)).toEqual(['no id']);
  });

  it('the prompt given the agent’s messageId is updated by its user_message echo, not shown twice', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('Fix the bug')], 1000);
    s = withPromptMessageId(s, 'turn-1', 'u1');
    // The agent's echo may differ from what was typed (expanded mentions): it replaces the local copy.
    s = apply2(s, [wire(SessionUpdate.isUserMessage, { sessionUpdate: 'user_message', messageId: 'u1', content: [text('Fix the bug in a.ts')] })]);
    expect(itemsOf(s, 'user_message')).toMatchObject([{ messageId: 'u1', text: 'Fix the bug in a.ts', local: false, turnId: 'turn-1' }]);

    let c = withPromptMessageId(startTurn(freshSession(), 'turn-1', [text('Hi')], 1000), 'turn-1', 'u1');
    c = apply2(c, [wire(SessionUpdate.isUserMessageChunk, { sessionUpdate: 'user_message_chunk', messageId: 'u1', content: text('Hello there') })]);
    expect(itemsOf(c, 'user_message')).toMatchObject([{ messageId: 'u1', text: 'Hello there', local: false }]);
  });

  it('the messageId helper leaves a session without that turn’s prompt alone', () => {
    const s = startTurn(freshSession(), 'turn-1', [text('Hi')], 1000);
    expect(withPromptMessageId(s, 'other-turn', 'u1')).toBe(s);
  });
});

describe('plans on v2', () => {
  it('plan_update keeps plans by id; plan_removed drops one', () => {
    const items2 = wire(SessionUpdate.isPlanUpdate, {
      sessionUpdate: 'plan_update',
      plan: { type: 'items', planId: 'main', entries: [{ content: 'Step', priority: 'high', status: 'pending' }] },
    });
    const markdown = { sessionUpdate: 'plan_update', plan: { type: 'markdown', planId: 'design', content: '# Plan' } };
    let s = apply2(freshSession(), [items2, markdown]);
    expect(Object.keys(s.plans)).toEqual(['main', 'design']);
    expect(s.plan).toEqual([{ content: 'Step', priority: 'high', status: 'pending' }]);
    s = apply2(s, [{ sessionUpdate: 'plan_removed', planId: 'main' }]);
    expect(Object.keys(s.plans)).toEqual(['design']);
    expect(s.plan).toBeNull();
  });
});

describe('agent-owned terminals (terminal_update, terminal_output_chunk)', () => {
  const termUpdate = (fields: Record<string, unknown>) =>
    wire(SessionUpdate.isTerminalUpdate, { sessionUpdate: 'terminal_update', terminalId: 'term-1', ...fields });
  const outChunk = (data: string) => wire(SessionUpdate.isTerminalOutputChunk, { sessionUpdate: 'terminal_output_chunk', terminalId: 'term-1', data });

  it('are kept in snapshot.terminals for the terminal card, output decoded from base64 and appended', () => {
    const s = applyToSnapshot(snapshotWith(), [termUpdate({ command: 'npm test', cwd: '/ws' }), outChunk(b64('ok 1\n')), outChunk(b64('ok 2\n'))]);
    expect(s.terminals['term-1']).toEqual({
      terminalId: 'term-1',
      sessionId: SESSION_ID,
      command: 'npm test',
      args: [],
      cwd: '/ws',
      output: 'ok 1\nok 2\n',
      truncated: false,
      exitStatus: null,
      released: false,
    });
  });

  it('a character split across chunks is decoded whole', () => {
    const bytes = Buffer.from('→ done', 'utf8');
    const s = applyToSnapshot(snapshotWith(), [outChunk(b64(bytes.subarray(0, 1))), outChunk(b64(bytes.subarray(1)))]);
    expect(s.terminals['term-1']!.output).toBe('→ done');
  });

  it('output is an authoritative snapshot, exitStatus marks the end, null clears command and cwd', () => {
    const s = applyToSnapshot(snapshotWith(), [
      termUpdate({ command: 'make', cwd: '/ws' }),
      outChunk(b64('partial')),
      termUpdate({ output: { data: b64('whole output\n') }, exitStatus: { exitCode: 2 } }),
      termUpdate({ command: null, cwd: null }),
    ]);
    expect(s.terminals['term-1']).toMatchObject({ command: '', cwd: null, output: 'whole output\n', exitStatus: { exitCode: 2, signal: null } });
    expect(applyToSnapshot(s, [termUpdate({ exitStatus: null })]).terminals['term-1']!.exitStatus).toBeNull();
  });

  it('keeps the last TERMINAL_OUTPUT_BYTES of a long output, marked truncated', () => {
    const line = 'x'.repeat(1023) + '\n';
    const chunk = b64(line.repeat(256)); // 256 KiB
    const s = applyToSnapshot(snapshotWith(), [chunk, chunk, chunk, chunk, chunk].map(outChunk));
    const t = s.terminals['term-1']!;
    expect(t.truncated).toBe(true);
    expect(t.output.length).toBe(TERMINAL_OUTPUT_BYTES);
    expect(t.output.endsWith(line)).toBe(true);
  });

  it('data that is not base64 is an unsupported item naming why, and the terminal is untouched', () => {
    const s = applyToSnapshot(snapshotWith(), [
      termUpdate({ command: 'ls' }),
      { sessionUpdate: 'terminal_output_chunk', terminalId: 'term-1', data: 'not base64!' },
    ]);
    expect(s.terminals['term-1']!.output).toBe('');
    expect(itemsOf(sessionOf(s), 'unsupported')).toMatchObject([{ sessionUpdate: 'terminal_output_chunk', reason: expect.stringMatching(/base64/) }]);
  });
});

describe('state_update drives the turn', () => {
  it('running while idle starts an agent-started turn; requires_action flags it; idle ends it with its stop reason', () => {
    let s = apply2(freshSession(), [state({ state: 'running' })]);
    expect(s.turn).toMatchObject({ state: 'running', turnId: 'agent:1' });
    expect(s.turns).toMatchObject([{ turnId: 'agent:1', status: 'running', startIndex: 0 }]);
    expect(items(s)).toEqual([]);

    s = apply2(s, [agentChunk('m1', 'Working'), state({ state: 'requires_action' })]);
    expect(s.turn.requiresAction).toBe(true);
    s = apply2(s, [state({ state: 'running' })]);
    expect(s.turn.requiresAction).toBeUndefined();
    expect(s.turns).toHaveLength(1);

    s = apply2(s, [state({ state: 'idle', stopReason: 'end_turn', _meta: { m: 1 } })]);
    expect(s.turn).toEqual({ state: 'idle', turnId: 'agent:1', stopReason: 'end_turn', error: null });
    expect(s.turns).toMatchObject([{ turnId: 'agent:1', status: 'ended', stopReason: 'end_turn', _meta: { m: 1 } }]);

    s = apply2(s, [state({ state: 'running' })]);
    expect(s.turn.turnId).toBe('agent:2');
  });

  it('idle ends the client’s own turn (cancelled too)', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('Hi')], 1000);
    s = apply2(s, [state({ state: 'running' }), state({ state: 'idle', stopReason: 'cancelled' })]);
    expect(s.turns).toMatchObject([{ turnId: 'turn-1', status: 'ended', stopReason: 'cancelled' }]);
    expect(s.turn).toMatchObject({ state: 'idle', turnId: 'turn-1', stopReason: 'cancelled' });
  });

  it('idle with stopReason error fails the turn with the agent’s error', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('Hi')], 1000);
    s = apply2(s, [state({ state: 'idle', stopReason: 'error', error: { code: -32000, message: 'Authentication required' } })]);
    expect(s.turn).toEqual({ state: 'idle', turnId: 'turn-1', stopReason: null, error: { code: -32000, message: 'Authentication required' } });
    expect(s.turns).toMatchObject([{ status: 'failed', error: { code: -32000 } }]);
  });

  it('idle with no running turn changes nothing and is diagnosed', () => {
    const before = snapshotWith();
    const after = applyToSnapshot(before, [state({ state: 'idle', stopReason: 'end_turn' })]);
    expect(sessionOf(after)).toBe(sessionOf(before));
    expect(after.diagnostics).toMatchObject([{ kind: 'protocol_oddity', message: expect.stringMatching(/idle.*no running turn/) }]);
  });

  it('an unknown state is an unsupported item, not a crash', () => {
    const s = apply2(freshSession(), [{ sessionUpdate: 'state_update', state: 'sleeping' }]);
    expect(itemsOf(s, 'unsupported')).toMatchObject([{ sessionUpdate: 'state_update', reason: expect.stringMatching(/sleeping/) }]);
  });
});

describe('kinds of the other version are folded and diagnosed, never dropped', () => {
  it('a v1 tool_call and current_mode_update on a v2 connection', () => {
    const s = applyToSnapshot(snapshotWith(), [
      { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Old style', kind: 'read' },
      { sessionUpdate: 'current_mode_update', currentModeId: 'code' },
    ]);
    expect(itemsOf(sessionOf(s), 'tool_call')).toMatchObject([{ toolCallId: 't1', title: 'Old style' }]);
    expect(sessionOf(s).modes?.currentModeId).toBe('code');
    expect(s.diagnostics).toMatchObject([
      { kind: 'protocol_oddity', message: expect.stringContaining('tool_call'), raw: { sessionUpdate: 'tool_call' } },
      { kind: 'protocol_oddity', message: expect.stringContaining('current_mode_update') },
    ]);
  });

  it('v2 kinds on a v1 connection', () => {
    const s = applyToSnapshot(
      snapshotWith(),
      [
        state({ state: 'running' }),
        agentMessage('m1', [text('whole')]),
        contentChunk('t1', 'x'),
        { sessionUpdate: 'terminal_output_chunk', terminalId: 'term-1', data: b64('hi') },
      ],
      1,
    );
    expect(sessionOf(s).turn.state).toBe('running');
    expect(itemsOf(sessionOf(s), 'agent_message').map((m) => m.text)).toEqual(['whole']);
    expect(itemsOf(sessionOf(s), 'tool_call')).toHaveLength(1);
    expect(s.terminals['term-1']!.output).toBe('hi');
    expect(s.diagnostics.map((d) => d.kind)).toEqual(['protocol_oddity', 'protocol_oddity', 'protocol_oddity', 'protocol_oddity']);
  });

  it('shared kinds raise no diagnostic', () => {
    const s = applyToSnapshot(snapshotWith(), [agentChunk('m1', 'hi'), { sessionUpdate: 'usage_update', used: 1, size: 10 }]);
    expect(s.diagnostics).toEqual([]);
    expect(parseSessionUpdate({ sessionUpdate: 'notice', title: 'Heads up' }, 2)).toMatchObject({ kind: 'notice', title: 'Heads up' });
  });
});
