/**
 * Sub-agent runs nested under their parent tool call by the parent id in `_meta`.
 *
 * The updates follow what Claude's ACP adapter (`@zed-industries/claude-agent-acp` 0.23.1,
 * `toAcpNotifications`) sends for a `Task` run: the `Task` tool call itself carries
 * `_meta.claudeCode.toolName`; every chunk and tool call of the run carries
 * `_meta.claudeCode.parentToolUseId` (the Task's toolCallId); and the tool result sent from its
 * PostToolUse hook carries `_meta.claudeCode.toolResponse` without the parent id.
 */
import { describe, expect, it } from 'vitest';
import { parentToolCallIdOf } from '../../src/core/parent-tool-call.js';
import { cancelTurn, endTurn, startTurn } from '../../src/core/reducer/index.js';
import type { SessionState, ThreadItem, ToolCallItem } from '../../src/core/types.js';
import { agentChunk, applyAll, freshSession, items, thoughtChunk, toolCall, toolUpdate, userChunk } from './helpers.js';

const under = (parent: string) => ({ _meta: { claudeCode: { parentToolUseId: parent } } });
const nested = <T extends object>(update: T, parent: string) => ({ ...update, ...under(parent) });

const task = (id: string, extra: Record<string, unknown> = {}) =>
  toolCall(id, { title: 'Find the flaky test', kind: 'think', status: 'in_progress', _meta: { claudeCode: { toolName: 'Task' } }, ...extra });

/** The tool call with `toolCallId` among `list`. */
function card(list: readonly ThreadItem[], toolCallId: string): ToolCallItem {
  const found = list.find((i): i is ToolCallItem => i.kind === 'tool_call' && i.toolCallId === toolCallId);
  if (!found) throw new Error(`no tool call ${toolCallId}`);
  return found;
}

function runOf(session: SessionState, toolCallId: string): readonly ThreadItem[] {
  return card(items(session), toolCallId).run?.thread.items.toArray() ?? [];
}

describe('parentToolCallIdOf', () => {
  it('reads the id Claude’s adapter puts in _meta.claudeCode.parentToolUseId', () => {
    expect(parentToolCallIdOf({ claudeCode: { parentToolUseId: 'toolu_1', toolName: 'Read' } })).toBe('toolu_1');
  });

  it('anything else is no parent: no _meta, other vendors, an empty or non-string id', () => {
    for (const meta of [undefined, null, 'x', [], {}, { claudeCode: null }, { claudeCode: { parentToolUseId: '' } }, { claudeCode: { parentToolUseId: 7 } }]) {
      expect(parentToolCallIdOf(meta)).toBeNull();
    }
  });
});

describe('sub-agent runs', () => {
  const taskRun = [
    agentChunk('I will ask a sub-agent.'),
    task('toolu_task'),
    nested(userChunk('Find the flaky test in test/'), 'toolu_task'),
    nested(thoughtChunk('Looking at the suite'), 'toolu_task'),
    nested(
      toolCall('toolu_grep', { title: 'grep -r "retry" test/', kind: 'search', status: 'pending', _meta: { claudeCode: { toolName: 'Grep' } } }),
      'toolu_task',
    ),
    nested(toolUpdate('toolu_grep', { status: 'completed', rawOutput: '3 matches' }), 'toolu_task'),
    // The PostToolUse hook's update: the tool response, no parent id.
    toolUpdate('toolu_grep', { _meta: { claudeCode: { toolName: 'Grep', toolResponse: { matches: 3 } } } }),
    nested(toolCall('toolu_read', { title: 'Read test/net.test.ts', kind: 'read', status: 'in_progress' }), 'toolu_task'),
    nested(agentChunk('The flaky one is '), 'toolu_task'),
    nested(agentChunk('net.test.ts.'), 'toolu_task'),
  ];

  it('nests the run’s messages, thoughts and tool calls under the Task; the thread keeps only the Task', () => {
    const s = applyAll(freshSession(), taskRun);
    expect(items(s).map((i) => i.kind)).toEqual(['agent_message', 'tool_call']);
    const run = runOf(s, 'toolu_task');
    expect(run.map((i) => i.kind)).toEqual(['user_message', 'thought', 'tool_call', 'tool_call', 'agent_message']);
    expect(run[0]).toMatchObject({ kind: 'user_message', text: 'Find the flaky test in test/' });
    expect(run[4]).toMatchObject({ kind: 'agent_message', text: 'The flaky one is net.test.ts.' });
    // A thought followed by something else ends, inside a run as in the thread.
    expect(run[1]).toMatchObject({ kind: 'thought', endedAt: expect.any(Number) });
  });

  it('counts the run’s steps and points at the newest one', () => {
    const s = applyAll(freshSession(), taskRun);
    const run = card(items(s), 'toolu_task').run!;
    expect(run.steps).toBe(2);
    expect(run.thread.items.get(run.latestStep)).toMatchObject({ toolCallId: 'toolu_read', status: 'in_progress' });
  });

  it('an update that does not repeat the parent id (the tool result) still finds the nested card', () => {
    const s = applyAll(freshSession(), taskRun);
    expect(items(s).filter((i) => i.kind === 'tool_call')).toHaveLength(1);
    const grep = card(runOf(s, 'toolu_task'), 'toolu_grep');
    expect(grep).toMatchObject({ status: 'completed', rawOutput: '3 matches', title: 'grep -r "retry" test/' });
    expect(grep._meta).toEqual({ claudeCode: { toolName: 'Grep', toolResponse: { matches: 3 } } });
  });

  it('a message chunk by messageId joins its nested message even without the parent id', () => {
    const s = applyAll(freshSession(), [task('t1'), nested(agentChunk('Hel', 'm1'), 't1'), agentChunk('lo', 'm1')]);
    expect(items(s)).toHaveLength(1);
    expect(runOf(s, 't1')).toEqual([expect.objectContaining({ kind: 'agent_message', messageId: 'm1', text: 'Hello' })]);
  });

  it('the parent tool call’s own updates keep its run', () => {
    const s = applyAll(freshSession(), [...taskRun, toolUpdate('toolu_task', { status: 'completed', rawOutput: 'net.test.ts' })]);
    const parent = card(items(s), 'toolu_task');
    expect(parent.status).toBe('completed');
    expect(parent.run?.thread.items.size).toBe(5);
  });

  it('a run inside a run nests two levels deep', () => {
    const s = applyAll(freshSession(), [
      task('outer'),
      nested(task('inner'), 'outer'),
      nested(toolCall('leaf', { kind: 'read' }), 'inner'),
      nested(agentChunk('deep'), 'inner'),
      toolUpdate('leaf', { status: 'completed' }),
    ]);
    expect(items(s)).toHaveLength(1);
    const inner = card(runOf(s, 'outer'), 'inner');
    expect(inner.run?.thread.items.toArray()).toEqual([
      expect.objectContaining({ toolCallId: 'leaf', status: 'completed' }),
      expect.objectContaining({ kind: 'agent_message', text: 'deep' }),
    ]);
    expect(card(items(s), 'outer').run?.steps).toBe(1);
  });

  it('an unknown parent, or one that arrives later, leaves the update at the top level: nothing is lost', () => {
    const s = applyAll(freshSession(), [
      nested(agentChunk('orphan text'), 'toolu_missing'),
      nested(toolCall('early', { title: 'Early' }), 'toolu_late'),
      task('toolu_late'),
      // The card is already shown at the top: it stays there.
      nested(toolUpdate('early', { status: 'completed' }), 'toolu_late'),
    ]);
    expect(items(s).map((i) => (i.kind === 'tool_call' ? i.toolCallId : i.kind))).toEqual(['agent_message', 'early', 'toolu_late']);
    expect(card(items(s), 'early').status).toBe('completed');
    expect(card(items(s), 'toolu_late').run ?? null).toBeNull();
  });

  it('a tool call naming itself as parent, or a made-up cycle, stays at the top level', () => {
    const s = applyAll(freshSession(), [
      nested(toolCall('self'), 'self'),
      task('a'),
      nested(toolCall('b'), 'a'),
      nested(toolUpdate('a', { status: 'completed' }), 'b'),
    ]);
    expect(items(s).map((i) => (i as ToolCallItem).toolCallId)).toEqual(['self', 'a']);
    expect(card(items(s), 'a').status).toBe('completed');
    expect(runOf(s, 'a').map((i) => (i as ToolCallItem).toolCallId)).toEqual(['b']);
  });

  it('a nested item stays where it is when a later update names another parent', () => {
    const s = applyAll(freshSession(), [task('p1'), task('p2'), nested(toolCall('x'), 'p1'), nested(toolUpdate('x', { status: 'completed' }), 'p2')]);
    expect(runOf(s, 'p1')).toEqual([expect.objectContaining({ toolCallId: 'x', status: 'completed' })]);
    expect(runOf(s, 'p2')).toEqual([]);
  });

  it('nested items get ids unique in the session, built from their parent’s', () => {
    const s = applyAll(freshSession(), taskRun);
    const parent = card(items(s), 'toolu_task');
    const ids = [...items(s), ...runOf(s, 'toolu_task')].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(runOf(s, 'toolu_task').every((i) => i.id.startsWith(`${parent.id}.`))).toBe(true);
  });

  it('a chunk in a run replaces only the parent item: every other item keeps its identity', () => {
    const before = applyAll(freshSession(), [agentChunk('a', 'm0'), toolCall('other'), ...taskRun.slice(1)]);
    const after = applyAll(before, [nested(agentChunk(' more'), 'toolu_task')], 5000);
    const a = items(before);
    const b = items(after);
    expect(b).toHaveLength(a.length);
    for (let i = 0; i < a.length; i++) {
      if ((a[i] as ToolCallItem).toolCallId === 'toolu_task') expect(b[i]).not.toBe(a[i]);
      else expect(b[i]).toBe(a[i]);
    }
    const run = card(b, 'toolu_task').run!.thread.items.toArray();
    expect(run.at(-1)).toMatchObject({ text: 'The flaky one is net.test.ts. more' });
    // Inside the run, too, only the item that changed is new.
    const oldRun = card(a, 'toolu_task').run!.thread.items.toArray();
    for (let i = 0; i < oldRun.length - 1; i++) expect(run[i]).toBe(oldRun[i]);
  });

  it('cancelling the turn cancels the run’s unfinished tool calls, at any depth', () => {
    let s = startTurn(freshSession(), 'turn-1', [{ type: 'text', text: 'go' }], 1);
    s = applyAll(s, [task('outer'), nested(toolCall('a', { status: 'in_progress' }), 'outer'), nested(task('inner'), 'outer'), nested(toolCall('b'), 'inner')]);
    s = cancelTurn(s);
    const outer = card(items(s), 'outer');
    expect(outer.status).toBe('cancelled');
    expect(card(runOf(s, 'outer'), 'a').status).toBe('cancelled');
    const inner = card(runOf(s, 'outer'), 'inner');
    expect(inner.status).toBe('cancelled');
    expect(card(inner.run!.thread.items.toArray(), 'b').status).toBe('cancelled');
  });

  it('a thought left open at the end of a run ends with the turn', () => {
    let s = startTurn(freshSession(), 'turn-1', [{ type: 'text', text: 'go' }], 1);
    s = applyAll(s, [task('t1'), nested(thoughtChunk('hmm'), 't1')], 10);
    expect(runOf(s, 't1')[0]).toMatchObject({ kind: 'thought', endedAt: null });
    s = endTurn(s, 'turn-1', { stopReason: 'end_turn' }, 99);
    expect(runOf(s, 't1')[0]).toMatchObject({ kind: 'thought', endedAt: 99 });
  });

  it('the agent’s prompt echo is reconciled at the top level only: a run’s user message is its own', () => {
    let s = startTurn(freshSession(), 'turn-1', [{ type: 'text', text: 'Find it' }], 1);
    s = applyAll(s, [task('t1'), nested(userChunk('Find it'), 't1')]);
    expect(items(s)[0]).toMatchObject({ kind: 'user_message', local: true });
    expect(runOf(s, 't1')).toEqual([expect.objectContaining({ kind: 'user_message', text: 'Find it', local: false })]);
  });
});
