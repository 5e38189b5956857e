import { describe, expect, it } from 'vitest';
import { applySessionUpdate, createSessionState, type ToolCallItem } from '../../src/core/index.js';

describe('a tool_call arriving after updates for the same id', () => {
  it('merges into the card without resetting its kind or status', () => {
    let s = createSessionState('s');
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed', kind: 'edit' }, 1);
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Edit a.ts' }, 2);
    const items = s.thread.items.toArray();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'tool_call', title: 'Edit a.ts', status: 'completed', toolKind: 'edit' } satisfies Partial<ToolCallItem>);
  });

  it('still starts a fresh card as pending / other', () => {
    const s = applySessionUpdate(createSessionState('s'), { sessionUpdate: 'tool_call', toolCallId: 't2', title: 'Think' }, 1);
    expect(s.thread.items.get(0)).toMatchObject({ status: 'pending', toolKind: 'other' });
  });
});

describe('late tool call updates after a cancel', () => {
  it('keep "cancelled" when the agent reports the aborted call as failed, but show a completion', async () => {
    const { startTurn, cancelTurn } = await import('../../src/core/index.js');
    let s = startTurn(createSessionState('s'), 'turn-1', [{ type: 'text', text: 'go' }], 0);
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 'a', title: 'A', status: 'in_progress' }, 1);
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 'b', title: 'B', status: 'in_progress' }, 1);
    s = cancelTurn(s);
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'failed' }, 2);
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call_update', toolCallId: 'b', status: 'completed' }, 2);
    const [, a, b] = s.thread.items.toArray() as ToolCallItem[];
    expect(a!.status).toBe('cancelled');
    expect(b!.status).toBe('completed');
  });
});
