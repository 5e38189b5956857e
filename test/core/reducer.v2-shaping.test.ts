/**
 * The reducer's operations shaped for ACP v2 beside v1: whole-message upserts by `messageId` next
 * to chunk appends, tri-state patches, plans by id, `_meta` kept on messages and plans. The v2
 * kinds are fed as the operations a v2 normalizer would make of them (`reduceParsedUpdate`); v1's
 * through the v1 normalizer (`applySessionUpdate`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSessionUpdate } from '../../src/core/parse-update.js';
import { PersistentList } from '../../src/core/persistent-list.js';
import { applySessionUpdate, reduceParsedUpdate, startTurn } from '../../src/core/reducer/index.js';
import type { ParsedUpdate } from '../../src/core/parse-update.js';
import type { Meta, PlanState, ReceivedContentBlock, SessionState, ToolCallItem } from '../../src/core/types.js';
import { agentChunk, applyAll as applyRaw, freshSession, items, itemsOf, text, thoughtChunk, toolCall, toolUpdate, userChunk } from './helpers.js';

type Step = ParsedUpdate | Record<string, unknown>;
const isOp = (step: Step): step is ParsedUpdate => 'kind' in step && !('sessionUpdate' in step);
/** Raw v1 updates through the v1 normalizer, operations straight into the reducer; the clock advances 1 ms a step. */
function applyAll(session: SessionState, steps: readonly Step[], start = 1000): SessionState {
  return steps.reduce<SessionState>((s, step, i) => (isOp(step) ? reduceParsedUpdate(s, step, start + i) : applyRaw(s, [step], start + i)), session);
}

type MessageFields = { content?: ReceivedContentBlock[] | null; _meta?: Meta | null };
/** What a v2 normalizer makes of `agent_message` / `agent_thought` / `user_message`. */
const message = (target: 'agent_message' | 'thought' | 'user_message', messageId: string, fields: MessageFields = {}): ParsedUpdate => ({
  kind: 'message',
  target,
  messageId,
  ...fields,
});
const agentMessage = (messageId: string, fields: MessageFields = {}) => message('agent_message', messageId, fields);
/** What a v2 normalizer makes of `plan_update` and `plan_removed`. */
type PlanFields = PlanState extends infer P ? (P extends PlanState ? Omit<P, '_meta'> & { _meta?: Meta | null } : never) : never;
const planUpdate = (plan: PlanFields): ParsedUpdate => ({ kind: 'plan', plan: { _meta: null, ...plan } });
const planRemoved = (planId: string): ParsedUpdate => ({ kind: 'plan_removed', planId });
const summary = (s: SessionState) => items(s).map((i) => `${i.kind}:${'text' in i ? i.text : ''}`);
const tool = (s: SessionState, id: string) => itemsOf(s, 'tool_call').find((t) => t.toolCallId === id) as ToolCallItem;

describe('whole-message updates beside chunks', () => {
  it('a message update with content replaces what the chunks accumulated (the RFD’s first sequence)', () => {
    const s = applyAll(freshSession(), [agentChunk('A', 'm1'), agentChunk('B', 'm1'), agentMessage('m1', { content: [text('C')] })]);
    expect(summary(s)).toEqual(['agent_message:C']);
    expect(itemsOf(s, 'agent_message')[0]!.content).toEqual([text('C')]);
  });

  it('chunks after a message update append to its content (the RFD’s second sequence)', () => {
    const s = applyAll(freshSession(), [agentMessage('m1', { content: [text('A')] }), agentChunk('B', 'm1')]);
    expect(summary(s)).toEqual(['agent_message:AB']);
  });

  it('content: absent keeps it, null clears it, [] clears it, blocks replace it', () => {
    let s = applyAll(freshSession(), [agentChunk('hello', 'm1')]);
    s = applyAll(s, [agentMessage('m1', { _meta: { source: 'replay' } })]);
    expect(itemsOf(s, 'agent_message')[0]).toMatchObject({ text: 'hello', content: [text('hello')], _meta: { source: 'replay' } });
    s = applyAll(s, [agentMessage('m1', { content: null })]);
    expect(itemsOf(s, 'agent_message')[0]).toMatchObject({ text: '', content: [] });
    s = applyAll(s, [agentMessage('m1', { content: [text('x'), { type: 'image', data: 'AA', mimeType: 'image/png' }, text('y')] })]);
    expect(itemsOf(s, 'agent_message')[0]).toMatchObject({ text: 'xy' });
    expect(itemsOf(s, 'agent_message')[0]!.content).toHaveLength(3);
    s = applyAll(s, [agentMessage('m1', { content: [] })]);
    expect(itemsOf(s, 'agent_message')[0]).toMatchObject({ text: '', content: [] });
    expect(items(s)).toHaveLength(1);
  });

  it('_meta: absent keeps it, null clears it, an object replaces it', () => {
    let s = applyAll(freshSession(), [agentMessage('m1', { content: [text('a')], _meta: { a: 1 } })]);
    s = applyAll(s, [agentMessage('m1', { content: [text('b')] })]);
    expect(itemsOf(s, 'agent_message')[0]).toMatchObject({ text: 'b', _meta: { a: 1 } });
    s = applyAll(s, [agentMessage('m1', { _meta: { b: 2 } })]);
    expect(itemsOf(s, 'agent_message')[0]!._meta).toEqual({ b: 2 });
    s = applyAll(s, [agentMessage('m1', { _meta: null })]);
    expect(itemsOf(s, 'agent_message')[0]!._meta).toBeNull();
  });

  it('a new id starts an item at the end (empty without content); each message kind has its own ids', () => {
    const s = applyAll(freshSession(), [
      agentChunk('first', 'm1'),
      message('thought', 'm1', { content: [text('thinking')] }),
      message('user_message', 'm1', { content: [text('question')] }),
      agentMessage('m2'),
      agentChunk(' more', 'm1'),
    ]);
    expect(summary(s)).toEqual(['agent_message:first more', 'thought:thinking', 'user_message:question', 'agent_message:']);
  });

  it('a whole thought starts a thought (timed from then) and ends an open one; replacing it keeps its times', () => {
    let s = applySessionUpdate(freshSession(), thoughtChunk('hmm', 't1'), 100);
    s = reduceParsedUpdate(s, message('thought', 't2', { content: [text('then')] }), 200);
    expect(itemsOf(s, 'thought').map((t) => [t.text, t.startedAt, t.endedAt])).toEqual([
      ['hmm', 100, 200],
      ['then', 200, null],
    ]);
    s = reduceParsedUpdate(s, message('thought', 't1', { content: [text('redacted')] }), 300);
    expect(itemsOf(s, 'thought').map((t) => [t.text, t.startedAt, t.endedAt])).toEqual([
      ['redacted', 100, 200],
      ['then', 200, null],
    ]);
  });

  it('a whole user_message echoing the running turn’s prompt takes over the optimistic copy', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('fix the bug')], 10);
    s = applyAll(s, [message('user_message', 'u1', { content: [text('fix the bug')], _meta: { accepted: true } }), agentChunk('On it', 'a1')]);
    expect(summary(s)).toEqual(['user_message:fix the bug', 'agent_message:On it']);
    expect(itemsOf(s, 'user_message')[0]).toMatchObject({ local: false, messageId: 'u1', turnId: 'turn-1', _meta: { accepted: true } });
  });

  it('replacing a message leaves every other item as it was (the same objects)', () => {
    const before = applyAll(freshSession(), [agentChunk('a', 'm1'), toolCall('t1'), agentChunk('b', 'm2')]);
    const after = applyAll(before, [agentMessage('m1', { content: [text('A')] })]);
    expect(after.thread.items.get(1)).toBe(before.thread.items.get(1));
    expect(after.thread.items.get(2)).toBe(before.thread.items.get(2));
    expect(before.thread.items.get(0)).toMatchObject({ text: 'a' });
  });

  describe('finding the message', () => {
    afterEach(() => vi.restoreAllMocks());

    it('replacement by id goes through the index: no walk over the thread, however long', () => {
      let s = freshSession();
      for (let i = 0; i < 3000; i++) s = applySessionUpdate(s, agentChunk(`m${i}`, `m${i}`), i);
      const walk = vi.spyOn(PersistentList.prototype, Symbol.iterator);
      const toArray = vi.spyOn(PersistentList.prototype, 'toArray');
      s = reduceParsedUpdate(s, agentMessage('m7', { content: [text('replaced')] }), 5000);
      s = applySessionUpdate(s, agentChunk('+', 'm7'), 5001);
      s = reduceParsedUpdate(s, agentMessage('m2999', { _meta: { x: 1 } }), 5002);
      expect(walk).not.toHaveBeenCalled();
      expect(toArray).not.toHaveBeenCalled();
      expect(s.thread.items.get(7)).toMatchObject({ messageId: 'm7', text: 'replaced+' });
      expect(s.thread.items.get(2999)).toMatchObject({ _meta: { x: 1 } });
      expect(s.thread.items.size).toBe(3000);
    });
  });
});

describe('whole-message updates inside a sub-agent run', () => {
  const inRun = { _meta: { claudeCode: { parentToolUseId: 'task' } } };

  it('replace the nested message where it is (the run’s own index), never add one at the top level', () => {
    let s = applyAll(freshSession(), [
      toolCall('task', { title: 'Task' }),
      { ...agentChunk('sub ', 'n1'), ...inRun },
      { ...agentChunk('agent', 'n1'), ...inRun },
    ]);
    s = applyAll(s, [agentMessage('n1', { content: [text('redacted')], _meta: { redacted: true } })]);
    expect(summary(s)).toEqual(['tool_call:']);
    const run = tool(s, 'task').run!;
    expect(run.thread.items.toArray()).toEqual([
      expect.objectContaining({ kind: 'agent_message', messageId: 'n1', text: 'redacted', _meta: { redacted: true } }),
    ]);
  });
});

describe('_meta on v1 chunks', () => {
  it('a chunk’s _meta becomes the message’s; a chunk without one keeps it; the next with one replaces it', () => {
    let s = applyAll(freshSession(), [{ ...agentChunk('a', 'm1'), _meta: { trace: 1 } }, agentChunk('b', 'm1')]);
    expect(itemsOf(s, 'agent_message')[0]).toMatchObject({ text: 'ab', _meta: { trace: 1 } });
    s = applyAll(s, [
      { ...agentChunk('c', 'm1'), _meta: { trace: 2 } },
      { ...agentChunk('d', 'm1'), _meta: null },
    ]);
    expect(itemsOf(s, 'agent_message')[0]).toMatchObject({ text: 'abcd', _meta: { trace: 2 } });
  });

  it('also without message ids, and on the echo that takes over an optimistic prompt', () => {
    let s = applyAll(freshSession(), [{ ...thoughtChunk('x'), _meta: { k: 'v' } }]);
    expect(itemsOf(s, 'thought')[0]!._meta).toEqual({ k: 'v' });
    s = startTurn(s, 'turn-1', [text('hi')], 10);
    s = applyAll(s, [{ ...userChunk('hi'), _meta: { echo: true } }]);
    expect(itemsOf(s, 'user_message')[0]).toMatchObject({ local: false, _meta: { echo: true } });
  });
});

describe('tool call patches: absent keeps, null resets, a value replaces', () => {
  const full = {
    title: 'Read a.ts',
    name: 'read_file',
    kind: 'read',
    status: 'in_progress',
    content: [{ type: 'content', content: text('x') }],
    locations: [{ path: '/a.ts' }],
    _meta: { claudeCode: { toolName: 'Read' } },
  };

  it('null on the reducer’s patch resets each field to a new card’s value', () => {
    let s = applyAll(freshSession(), [toolCall('t1', full)]);
    s = reduceParsedUpdate(
      s,
      {
        kind: 'tool_call',
        isUpdate: true,
        patch: { toolCallId: 't1', title: null, name: null, toolKind: null, status: null, content: null, locations: null, _meta: null },
      },
      2000,
    );
    expect(tool(s, 't1')).toMatchObject({ title: 't1', name: null, toolKind: 'other', status: 'pending', content: [], locations: [], _meta: null });
  });

  it('an absent field keeps its value', () => {
    let s = applyAll(freshSession(), [toolCall('t1', full)]);
    s = reduceParsedUpdate(s, { kind: 'tool_call', isUpdate: true, patch: { toolCallId: 't1', status: 'completed' } }, 2000);
    expect(tool(s, 't1')).toMatchObject({ title: 'Read a.ts', name: 'read_file', toolKind: 'read', status: 'completed', _meta: full._meta });
    expect(tool(s, 't1').content).toEqual(full.content);
    expect(tool(s, 't1').locations).toEqual(full.locations);
  });

  it('from a v1 agent, null title, name, kind and status leave the field (v1’s schema), null content and locations clear', () => {
    let s = applyAll(freshSession(), [toolCall('t1', full)]);
    s = applyAll(s, [toolUpdate('t1', { title: null, name: null, kind: null, status: null, content: null, locations: null })]);
    expect(tool(s, 't1')).toMatchObject({ title: 'Read a.ts', name: 'read_file', toolKind: 'read', status: 'in_progress', content: [], locations: [] });
    expect(parseSessionUpdate(toolUpdate('t1', { name: null }))).toMatchObject({ kind: 'tool_call', isUpdate: true, patch: { toolCallId: 't1' } });
    expect((parseSessionUpdate(toolUpdate('t1', { name: null })) as { patch: object }).patch).toEqual({ toolCallId: 't1' });
  });
});

describe('plans by id', () => {
  const entry = (content: string, status: 'pending' | 'completed' = 'pending') => ({ content, priority: 'medium' as const, status });

  it('a v1 plan is the plan "main", with its _meta, and still session.plan', () => {
    const s = applyAll(freshSession(), [{ sessionUpdate: 'plan', entries: [entry('a')], _meta: { source: 'todo' } }]);
    expect(s.plan).toEqual([entry('a')]);
    expect(s.plans).toEqual({ main: { planId: 'main', type: 'items', entries: [entry('a')], _meta: { source: 'todo' } } });
  });

  it('plan_update replaces the plan with its id whole and leaves the others; plan_removed drops one', () => {
    let s = applyAll(freshSession(), [
      planUpdate({ type: 'items', planId: 'p1', entries: [entry('a'), entry('b')] }),
      planUpdate({ type: 'markdown', planId: 'design', content: '## Steps', _meta: { v: 1 } }),
      planUpdate({ type: 'file', planId: 'doc', uri: 'file:///plan.md' }),
    ]);
    const design = s.plans.design;
    expect(design).toEqual({ planId: 'design', type: 'markdown', content: '## Steps', _meta: { v: 1 } });
    s = applyAll(s, [planUpdate({ type: 'items', planId: 'p1', entries: [entry('a', 'completed')] })]);
    expect(s.plans.p1).toEqual({ planId: 'p1', type: 'items', entries: [entry('a', 'completed')], _meta: null });
    expect(s.plans.design).toBe(design);
    expect(s.plans.doc).toEqual({ planId: 'doc', type: 'file', uri: 'file:///plan.md', _meta: null });
    // Only the main plan is session.plan.
    expect(s.plan).toBeNull();
    s = applyAll(s, [planRemoved('p1'), planRemoved('never-sent')]);
    expect(Object.keys(s.plans)).toEqual(['design', 'doc']);
    expect(items(s)).toHaveLength(0);
  });

  it('the main plan through plan_update and plan_removed moves session.plan with it', () => {
    let s = applyAll(freshSession(), [{ sessionUpdate: 'plan', entries: [entry('a')] }]);
    s = applyAll(s, [planUpdate({ type: 'items', planId: 'main', entries: [entry('b')] })]);
    expect(s.plan).toEqual([entry('b')]);
    s = applyAll(s, [planUpdate({ type: 'markdown', planId: 'main', content: 'prose' })]);
    expect(s.plan).toBeNull();
    s = applyAll(s, [{ sessionUpdate: 'plan', entries: [entry('c')] }, planRemoved('main')]);
    expect(s.plan).toBeNull();
    expect(s.plans).toEqual({});
  });

  it('plan ids named like Object.prototype members are plain keys', () => {
    let s = applyAll(freshSession(), [planUpdate({ type: 'markdown', planId: '__proto__', content: 'x' }), planRemoved('toString')]);
    expect(Object.hasOwn(s.plans, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(s.plans)).toBe(Object.prototype);
    s = applyAll(s, [planRemoved('__proto__')]);
    expect(Object.keys(s.plans)).toEqual([]);
  });

  it('from a v1 agent, an entries list that is not a list is unsupported and changes no plan', () => {
    const s = applyAll(freshSession(), [
      { sessionUpdate: 'plan', entries: [entry('a')], _meta: 'not an object' },
      { sessionUpdate: 'plan', entries: {} },
    ]);
    expect(s.plans).toEqual({ main: { planId: 'main', type: 'items', entries: [entry('a')], _meta: null } });
    expect(itemsOf(s, 'unsupported').map((i) => i.sessionUpdate)).toEqual(['plan']);
  });
});
