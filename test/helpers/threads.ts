import { applySessionUpdate, createSessionState, endTurn, startTurn } from '../../src/core/index.js';
import type { SessionState } from '../../src/core/types.js';

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
