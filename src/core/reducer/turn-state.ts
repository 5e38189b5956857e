/**
 * ACP v2's turn, driven by the agent's `state_update` rather than by the `session/prompt`
 * response (which only says the prompt was accepted). `running` while idle is a turn the agent
 * started on its own: it gets a record but no local user message, and its id is derived from the
 * session's turn count so the reducer stays a pure function. `requires_action` marks the running
 * turn as waiting for the user; `idle` ends the current turn with its stop reason, or as failed
 * for the stop reason `error`.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { ParsedUpdate } from '../parse-update.js';
import { threadLength } from '../thread.js';
import type { SessionState, TurnRecord } from '../types.js';
import { closeOpenThought } from './thoughts.js';
import { endTurn } from './turns.js';

type StateUpdate = Extract<ParsedUpdate, { kind: 'state' }>;

export function applyTurnState(session: SessionState, update: StateUpdate, now: number): SessionState {
  const { turn } = session;
  switch (update.state) {
    case 'running':
      if (turn.state === 'idle') return startAgentTurn(session, now);
      return turn.requiresAction ? { ...session, turn: withoutRequiresAction(turn) } : session;
    case 'requires_action': {
      // Waiting for the user is still a turn: an agent that skipped `running` starts one here.
      const running = turn.state === 'idle' ? startAgentTurn(session, now) : session;
      return running.turn.requiresAction ? running : { ...running, turn: { ...running.turn, requiresAction: true } };
    }
    case 'idle': {
      if (turn.state === 'idle' || turn.turnId === null) return session;
      const ended = update.error
        ? endTurn(session, turn.turnId, { error: update.error }, now)
        : endTurn(
            session,
            turn.turnId,
            { stopReason: (update.stopReason ?? 'end_turn') as acp.StopReason, usage: update.usage ?? undefined, _meta: update._meta },
            now,
          );
      return ended;
    }
  }
}

/**
 * True for an `idle` that names how a turn ended while none is running: nothing to end, so the
 * client diagnoses it. A bare `idle` (no stop reason) only reports the state and is expected.
 */
export function isIdleWithoutTurn(session: SessionState, update: ParsedUpdate): update is StateUpdate {
  return update.kind === 'state' && update.state === 'idle' && update.stopReason !== null && session.turn.state === 'idle';
}

/** A turn the agent started without a prompt from this client. */
function startAgentTurn(session: SessionState, now: number): SessionState {
  const turnId = agentTurnId(session);
  const thread = closeOpenThought(session.thread, now);
  const record: TurnRecord = { turnId, startIndex: threadLength(thread), status: 'running', stopReason: null, error: null, startedAt: now, endedAt: null };
  return {
    ...session,
    thread,
    turns: [...session.turns, record],
    turn: { state: 'running', turnId, stopReason: null, error: null },
  };
}

/** `agent:<n>` after the session's turn count; the next free one if a host already used that id. */
function agentTurnId(session: SessionState): string {
  let n = session.turns.length + 1;
  while (session.turns.some((t) => t.turnId === `agent:${n}`)) n++;
  return `agent:${n}`;
}

function withoutRequiresAction(turn: SessionState['turn']): SessionState['turn'] {
  const { requiresAction: _cleared, ...rest } = turn;
  return rest;
}
