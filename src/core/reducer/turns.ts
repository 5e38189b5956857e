/**
 * Turn bookkeeping driven by the client's own actions (a prompt sent, cancel, the prompt's
 * response or failure), as opposed to `session/update`s from the agent.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { textOf } from '../content.js';
import { appendItem, replaceItem, threadLength } from '../thread.js';
import type { AcpErrorInfo, Meta, ReceivedContentBlock, SessionState, TurnRecord } from '../types.js';
import { settleRuns } from './runs.js';
import { closeOpenThought } from './thoughts.js';
import { markUnfinishedToolCallsCancelled } from './tool-calls.js';

export function startTurn(session: SessionState, turnId: string, prompt: readonly ReceivedContentBlock[], now: number): SessionState {
  let thread = closeOpenThought(session.thread, now);
  const startIndex = threadLength(thread);
  thread = appendItem(thread, (id) => ({
    id,
    kind: 'user_message',
    messageId: null,
    content: [...prompt],
    text: prompt.map(textOf).join(''),
    local: true,
    turnId,
  }));
  const record: TurnRecord = {
    turnId,
    startIndex,
    status: 'running',
    stopReason: null,
    error: null,
    startedAt: now,
    endedAt: null,
  };
  return {
    ...session,
    thread,
    turns: [...session.turns, record],
    turn: { state: 'running', turnId, stopReason: null, error: null },
  };
}

/**
 * ACP v2: the agent accepted the prompt of `turnId` and named its message (`session/prompt`'s
 * `messageId`). The local prompt takes that id, so the agent's `user_message` echo with it
 * updates the prompt instead of adding a second one. Unchanged when the turn's prompt is gone or
 * was already echoed.
 */
export function withPromptMessageId(session: SessionState, turnId: string, messageId: string): SessionState {
  const record = session.turns.findLast((t) => t.turnId === turnId);
  const item = record ? session.thread.items.get(record.startIndex) : undefined;
  if (!record || item?.kind !== 'user_message' || !item.local || item.turnId !== turnId) return session;
  return { ...session, thread: replaceItem(session.thread, record.startIndex, { ...item, messageId }) };
}

/** `session/cancel` was sent: the turn is winding down and unfinished tool calls show as cancelled. */
export function cancelTurn(session: SessionState): SessionState {
  if (session.turn.state !== 'running') return session;
  const record = session.turns.find((t) => t.turnId === session.turn.turnId);
  const next = markUnfinishedToolCallsCancelled(session, record?.startIndex ?? 0);
  return {
    ...next,
    turns: patchTurn(session.turns, session.turn.turnId, { status: 'cancelling' }),
    turn: { ...session.turn, state: 'cancelling' },
  };
}

export type TurnOutcome =
  { stopReason: acp.StopReason; usage?: SessionState['lastTurnUsage']; _meta?: Meta | null } | { error: AcpErrorInfo; interrupted?: boolean };

export function endTurn(session: SessionState, turnId: string, outcome: TurnOutcome, now: number): SessionState {
  if (session.turn.turnId !== turnId) return session;
  const record = session.turns.findLast((t) => t.turnId === turnId);
  const thread = settleRuns(closeOpenThought(session.thread, now), record?.startIndex ?? 0, now);
  if ('stopReason' in outcome) {
    // A cancelled turn will never finish its tool calls, whatever late updates said about them.
    const settled = outcome.stopReason === 'cancelled' ? markUnfinishedToolCallsCancelled({ ...session, thread }, record?.startIndex ?? 0).thread : thread;
    return {
      ...session,
      thread: settled,
      lastTurnUsage: outcome.usage ?? session.lastTurnUsage,
      turns: patchTurn(session.turns, turnId, { status: 'ended', stopReason: outcome.stopReason, endedAt: now, _meta: outcome._meta ?? null }),
      turn: { state: 'idle', turnId, stopReason: outcome.stopReason, error: null },
    };
  }
  const status = outcome.interrupted ? 'interrupted' : 'failed';
  const cancelled = markUnfinishedToolCallsCancelled({ ...session, thread }, record?.startIndex ?? 0);
  return {
    ...cancelled,
    turns: patchTurn(session.turns, turnId, { status, error: outcome.error, endedAt: now }),
    turn: { state: 'idle', turnId, stopReason: null, error: outcome.error },
  };
}

/** The turn patched is nearly always the newest: found from the end, the array copied once. */
function patchTurn(turns: TurnRecord[], turnId: string | null, patch: Partial<TurnRecord>): TurnRecord[] {
  const index = turns.findLastIndex((t) => t.turnId === turnId);
  const next = turns.slice();
  if (index >= 0) next[index] = { ...turns[index]!, ...patch };
  return next;
}
