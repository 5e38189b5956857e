/** The pure parts of Thread: cutting the thread into turn groups, and placing agent requests. */
import { describe, expect, it } from 'vitest';
import { computeAttachments } from '../../src/components/Thread/attachments.js';
import { TurnGrouper } from '../../src/components/Thread/group-turns.js';
import { applySessionUpdate, createSessionState, endTurn, startTurn } from '../../src/core/index.js';
import type { PermissionRequestState, SessionState } from '../../src/core/types.js';

const user = (s: SessionState, id: string) =>
  applySessionUpdate(s, { sessionUpdate: 'user_message_chunk', messageId: id, content: { type: 'text', text: id } }, 0);
const agent = (s: SessionState, text: string, at = 0) => applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }, at);
const bounds = (groups: ReturnType<TurnGrouper['group']>) => groups.map((g) => [g.key.split(':')[0], g.start, g.end]);

describe('TurnGrouper', () => {
  it('cuts history at user messages and live turns at their start index', () => {
    let s = agent(user(createSessionState('s'), 'u1'), 'a1');
    s = agent(user(s, 'u2'), 'a2');
    s = startTurn(s, 't1', [{ type: 'text', text: 'live' }], 10);
    s = agent(s, 'answer', 11);
    const groups = new TurnGrouper().group(s.thread, s.turns);
    expect(bounds(groups)).toEqual([
      ['history', 0, 2],
      ['history', 2, 4],
      ['turn', 4, 6],
    ]);
    expect(groups[2]!.turn?.turnId).toBe('t1');
  });

  it('keeps the identity of unchanged groups as the newest one grows', () => {
    const grouper = new TurnGrouper();
    let s = endTurn(agent(startTurn(createSessionState('s'), 't1', [], 0), 'one'), 't1', { stopReason: 'end_turn' }, 1);
    s = agent(startTurn(s, 't2', [], 2), 'two', 3);
    const before = grouper.group(s.thread, s.turns);
    s = agent(s, ' more', 4);
    const after = grouper.group(s.thread, s.turns);
    expect(after[0]).toBe(before[0]);
    // The streaming item replaced the last one in place: same bounds, same record, same group.
    expect(after[1]).toBe(before[1]);
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 'c', title: 'Read', kind: 'read' }, 5);
    const grown = grouper.group(s.thread, s.turns);
    expect(grown[0]).toBe(before[0]);
    expect(grown[1]).not.toBe(before[1]);
    expect(grown[1]!.end).toBe(5);
  });

  it('starts over when the session is loaded again (a new thread)', () => {
    const grouper = new TurnGrouper();
    let first = agent(user(createSessionState('s'), 'u1'), 'a1');
    first = agent(user(first, 'u2'), 'a2');
    grouper.group(first.thread, first.turns);
    // A reload of a different history, already as long as the old one.
    let second = user(agent(createSessionState('s'), 'preamble'), 'u9');
    second = agent(agent(second, 'x'), 'y');
    second = user(second, 'u10');
    expect(bounds(grouper.group(second.thread, second.turns))).toEqual([
      ['history', 0, 1],
      ['history', 1, 3],
      ['history', 3, 4],
    ]);
  });
});

describe('computeAttachments', () => {
  function request(toolCallId: string, createdAt: number, patch: Partial<PermissionRequestState> = {}): PermissionRequestState {
    return {
      requestId: `r-${toolCallId}-${createdAt}`,
      sessionId: 's',
      toolCall: { toolCallId },
      options: [],
      status: 'pending',
      optionId: null,
      byPolicy: false,
      createdAt,
      ...patch,
    };
  }

  function twoTurns(): SessionState {
    let s = startTurn(createSessionState('s'), 't1', [], 100);
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 'card', title: 'Edit', kind: 'edit' }, 110);
    s = endTurn(s, 't1', { stopReason: 'end_turn' }, 200);
    return agent(startTurn(s, 't2', [], 300), 'hi', 310);
  }

  it('puts a request in its card, preferring a pending one over an older answered one', () => {
    const s = twoTurns();
    const groups = new TurnGrouper().group(s.thread, s.turns);
    const answered = request('card', 120, { status: 'answered' });
    const pending = request('card', 115);
    const placed = computeAttachments(s.thread, groups, [answered, pending], []);
    expect(placed.permissionByToolCall.get('card')).toBe(pending);
    expect(placed.standalone.size).toBe(0);
  });

  it('places a request without a card in the turn that was running (or had last started) when it came', () => {
    const s = twoTurns();
    const groups = new TurnGrouper().group(s.thread, s.turns);
    const during1 = request('elsewhere', 150);
    const between = request('gap', 250);
    const during2 = request('nowhere', 320);
    const early = request('before-all', 5);
    const placed = computeAttachments(s.thread, groups, [during2, during1, between, early], []);
    expect(placed.standalone.get('turn:t1')?.permissions).toEqual([during1, between]);
    // Older than every turn: history has no times, so the newest group gets it.
    expect(placed.standalone.get('turn:t2')?.permissions).toEqual([early, during2]);
  });

  it('keeps requests for an empty thread as orphans', () => {
    const s = createSessionState('s');
    const placed = computeAttachments(s.thread, [], [request('x', 1)], []);
    expect(placed.orphans.permissions).toHaveLength(1);
  });
});
