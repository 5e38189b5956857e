import { applySessionUpdate, createSessionState, endTurn, startTurn } from '../../src/core/index.js';
import { applySubagentUpdate, parseSubagentUpdate } from '../../src/core/subagents.js';
import type { SessionState, ToolCallItem } from '../../src/core/types.js';

/** A finished session of `turns` short question/answer turns, for the Thread's long-thread paths. */
export function longThread(turns: number): SessionState {
  let s = createSessionState('s1');
  for (let t = 0; t < turns; t++) {
    s = startTurn(s, `t${t}`, [{ type: 'text', text: `Question ${t}` }], t * 10);
    s = applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `Answer ${t}` } }, t * 10 + 1);
    s = endTurn(s, `t${t}`, { stopReason: 'end_turn' }, t * 10 + 2);
  }
  return s;
}

/** A tool call item as the reducer makes it, finished and empty unless `patch` says otherwise. */
export function toolCallItem(patch: Partial<ToolCallItem> = {}): ToolCallItem {
  return {
    id: 'tc',
    kind: 'tool_call',
    toolCallId: 'tc',
    title: 'Tool call',
    name: null,
    toolKind: 'other',
    status: 'completed',
    content: [],
    locations: [],
    rawInput: undefined,
    rawOutput: undefined,
    createdByUpdate: false,
    ...patch,
  };
}

/** `session` with the child `childId` announced (or patched) by a `subagent_update` of `fields`, as the router applies it. */
export function announceChild(session: SessionState, childId: string, fields: Record<string, unknown>): SessionState {
  const patch = parseSubagentUpdate({ sessionUpdate: 'subagent_update', sessionId: childId, ...fields });
  if (typeof patch === 'string') throw new Error(patch);
  return applySubagentUpdate(session, patch, { createSessionState, applySessionUpdate });
}
