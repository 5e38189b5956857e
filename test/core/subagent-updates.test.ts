/**
 * UNSTABLE `subagent_update` (ACP RFD "subagents"): a child session's record on its parent, with
 * the schema's patch semantics, and the child's own `session/update` traffic reduced into it.
 */
import { describe, expect, it } from 'vitest';
import { applySessionUpdate } from '../../src/core/reducer/index.js';
import { createSessionState } from '../../src/core/session.js';
import { applyChildUpdate, applySubagentUpdate, parseSubagentUpdate, type SubagentPatch } from '../../src/core/subagents.js';
import type { SessionState } from '../../src/core/types.js';
import { agentChunk, freshSession, items, toolCall, toolUpdate } from './helpers.js';

const reducers = { createSessionState, applySessionUpdate };
const CHILD = 'child-1';

function patch(raw: Record<string, unknown>): SubagentPatch {
  const read = parseSubagentUpdate({ sessionUpdate: 'subagent_update', sessionId: CHILD, ...raw });
  if (typeof read === 'string') throw new Error(read);
  return read;
}
const announce = (session: SessionState, raw: Record<string, unknown>) => applySubagentUpdate(session, patch(raw), reducers);
const child = (session: SessionState) => session.subagents![CHILD]!;

describe('parseSubagentUpdate', () => {
  it('refuses an update without a child sessionId', () => {
    expect(parseSubagentUpdate({ sessionUpdate: 'subagent_update' })).toBe('The subagent update has no child sessionId.');
    expect(parseSubagentUpdate({ sessionUpdate: 'subagent_update', sessionId: '' })).toEqual(expect.any(String));
  });

  it('reads each state with what it carries; unknown states are kept by name', () => {
    expect(patch({ state: { state: 'running' } }).state).toEqual({ state: 'running', stopReason: null, error: null, usage: null });
    const usage = { totalTokens: 30, inputTokens: 10, outputTokens: 20 };
    expect(patch({ state: { state: 'idle', stopReason: 'end_turn', usage } }).state).toEqual({ state: 'idle', stopReason: 'end_turn', error: null, usage });
    expect(patch({ state: { state: 'idle', stopReason: 'error', error: { code: -32603, message: 'boom' } } }).state).toMatchObject({
      stopReason: 'error',
      error: { code: -32603, message: 'boom' },
    });
    // A malformed stop reason or usage is "not reported".
    expect(patch({ state: { state: 'idle', stopReason: 7, usage: { tokens: 'many' } } }).state).toMatchObject({ stopReason: null, usage: null });
    expect(patch({ state: { state: 'requires_action' } }).state?.state).toBe('requires_action');
    expect(patch({ state: { state: 'hibernating' } }).state?.state).toBe('hibernating');
  });

  it('tells absent (undefined), null (clear) and values apart; malformed values count as absent', () => {
    expect(patch({})).toEqual({ sessionId: CHILD });
    expect(patch({ title: null, description: 'd', cwd: 3, state: null, capabilities: null })).toEqual({
      sessionId: CHILD,
      title: null,
      description: 'd',
      state: null,
      canCancel: false,
    });
    expect(patch({ capabilities: { cancel: {} } }).canCancel).toBe(true);
    expect(patch({ capabilities: { cancel: null } }).canCancel).toBe(false);
  });
});

describe('applySubagentUpdate', () => {
  it('records the child on its parent, then patches it: absent keeps, null clears, a value replaces', () => {
    let s = announce(freshSession(), { title: 'Explorer', description: 'Find the greeting', state: { state: 'running' }, capabilities: { cancel: {} } });
    expect(child(s)).toMatchObject({ sessionId: CHILD, title: 'Explorer', description: 'Find the greeting', canCancel: true, state: { state: 'running' } });
    expect(child(s).run).toMatchObject({ steps: 0, latestStep: -1 });

    s = announce(s, { state: { state: 'idle', stopReason: 'end_turn' } });
    expect(child(s)).toMatchObject({ title: 'Explorer', description: 'Find the greeting', canCancel: true, state: { state: 'idle', stopReason: 'end_turn' } });

    s = announce(s, { description: null, capabilities: null, state: null });
    expect(child(s)).toMatchObject({ title: 'Explorer', description: null, canCancel: false, state: null });
  });

  it('leaves the parent’s thread alone: a child is no thread item', () => {
    const s = announce(freshSession(), { title: 'Explorer' });
    expect(items(s)).toEqual([]);
  });
});

describe('applyChildUpdate', () => {
  it('builds the child’s own thread with the session reducer and counts its steps as they arrive', () => {
    let s = announce(freshSession(), { state: { state: 'running' } });
    const updates = [
      agentChunk('Look', 'm1'),
      agentChunk('ing', 'm1'),
      toolCall('t1', { title: 'grep', kind: 'search' }),
      toolUpdate('t1', { status: 'completed' }),
      toolCall('t2', { title: 'read' }),
    ];
    updates.forEach((u, i) => (s = applyChildUpdate(s, CHILD, u, 1000 + i, reducers)));

    const run = child(s).run;
    expect(run.thread.items.toArray().map((i) => [i.kind, 'text' in i ? i.text : i.kind === 'tool_call' ? i.status : null])).toEqual([
      ['agent_message', 'Looking'],
      ['tool_call', 'completed'],
      ['tool_call', 'pending'],
    ]);
    expect(run).toMatchObject({ steps: 2, latestStep: 2 });
    expect(child(s).session.thread).toBe(run.thread);
    // Ids stay unique across the parent's session: the child's items are prefixed.
    expect(run.thread.items.get(0)!.id).toMatch(/^ia1\./);
    expect(items(s)).toEqual([]);
  });

  it('a parent chunk keeps its children (the streaming copy carries them)', () => {
    let s = announce(freshSession(), { title: 'Explorer' });
    s = applySessionUpdate(s, agentChunk('hello', 'p1'), 1000);
    expect(child(s).title).toBe('Explorer');
  });

  it('an update for a child the parent does not have changes nothing', () => {
    const s = freshSession();
    expect(applyChildUpdate(s, 'nobody', agentChunk('x'), 1000, reducers)).toBe(s);
  });
});
