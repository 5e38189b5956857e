/**
 * The session reducer: a pure function from (session, one `session/update`) to the next session.
 * One small function per update kind; the streaming paths are O(1) amortized.
 */
import { parseSessionUpdate, type ParsedUpdate, type ProtocolVersion } from '../parse-update.js';
import { appendItem } from '../thread.js';
import type { SessionState } from '../types.js';
import { applyCompaction } from './compaction.js';
import { applyChunk, applyMessage } from './messages.js';
import { applyNested } from './nesting.js';
import { applyPlan, removePlan } from './plans.js';
import { closeOpenThought } from './thoughts.js';
import { applyToolCall } from './tool-calls.js';
import { applyTurnState } from './turn-state.js';
import { withThread } from './copy.js';

export { startTurn, cancelTurn, endTurn, withPromptMessageId, type TurnOutcome } from './turns.js';
export { markUnfinishedToolCallsCancelled } from './tool-calls.js';

/**
 * Applies one raw `update` object (the `update` field of `session/update` params), read as the
 * connection's ACP `version` speaks it, to its session. What lives beside the session (ACP v2's
 * agent-owned terminals) and the diagnostics need the snapshot: `applySnapshotUpdate`.
 */
export function applySessionUpdate(session: SessionState, update: unknown, now: number = Date.now(), version: ProtocolVersion = 1): SessionState {
  return reduceParsedUpdate(session, parseSessionUpdate(update, version), now);
}

export function reduceParsedUpdate(session: SessionState, update: ParsedUpdate, now: number): SessionState {
  switch (update.kind) {
    case 'chunk':
      return applyNested(session, update, now) ?? applyChunk(session, update.target, update.content, update.messageId, now, update._meta);
    case 'message':
      return applyNested(session, update, now) ?? applyMessage(session, update.target, update.messageId, update.content, update._meta, now);
    case 'tool_call':
      return applyNested(session, update, now) ?? applyToolCall(session, update.patch, update.isUpdate, now);
    case 'plan':
      return applyPlan(session, update.plan);
    case 'plan_removed':
      return removePlan(session, update.planId);
    case 'commands':
      return { ...session, commands: update.commands };
    case 'mode':
      return {
        ...session,
        modes: { availableModes: session.modes?.availableModes ?? [], currentModeId: update.currentModeId },
      };
    case 'config':
      return { ...session, configOptions: update.configOptions };
    case 'info':
      return {
        ...session,
        info: {
          title: update.title !== undefined ? update.title : session.info.title,
          updatedAt: update.updatedAt !== undefined ? update.updatedAt : session.info.updatedAt,
        },
      };
    case 'usage':
      return { ...session, usage: { used: update.used, size: update.size, cost: update.cost } };
    case 'notice': {
      const thread = appendItem(closeOpenThought(session.thread, now), (id) => ({
        id,
        kind: 'notice' as const,
        severity: update.severity,
        title: update.title,
        description: update.description,
        ...(update.code === null ? {} : { code: update.code }),
      }));
      return withThread(session, thread);
    }
    case 'compaction':
      return applyCompaction(session, update.compactionId, { status: update.status, summary: update.summary, error: update.error }, now);
    case 'compaction_chunk':
      return applyCompaction(session, update.compactionId, { appendSummary: update.content }, now);
    case 'state':
      return applyTurnState(session, update, now);
    case 'oddity':
      return reduceParsedUpdate(session, update.update, now);
    // Kept in the snapshot's terminals, beside the sessions (`snapshot-update.ts`).
    case 'terminal':
    case 'terminal_output':
      return session;
    case 'unsupported': {
      const thread = appendItem(closeOpenThought(session.thread, now), (id) => ({
        id,
        kind: 'unsupported' as const,
        sessionUpdate: update.sessionUpdate,
        reason: update.reason,
        raw: update.raw,
      }));
      return withThread(session, thread);
    }
  }
}
