/**
 * `tool_call` and `tool_call_update` both upsert by `toolCallId`: an unknown id creates the card
 * (many agents only ever send updates). Every field is a tri-state patch (`ToolCallPatch`): omitted
 * stays, `null` resets to a new card's value, a value replaces (`content` and `locations` as whole
 * arrays); `appendContent` (ACP v2's content chunks) adds items after that. Each `toolCallId`
 * appears in the thread exactly once.
 */
import type { ToolCallPatch } from '../parse-update.js';
import { appendItem, findToolCallIndex, replaceItem } from '../thread.js';
import type { SessionState, ThreadState, ToolCallItem } from '../types.js';
import { settleRuns } from './runs.js';
import { closeOpenThought } from './thoughts.js';
import { patched, toolCallItem, withThread } from './copy.js';

export function applyToolCall(session: SessionState, patch: ToolCallPatch, isUpdate: boolean, now: number): SessionState {
  return withThread(session, upsertToolCall(session.thread, patch, isUpdate, now));
}

/** The tool call patched in `thread` (the session's or a sub-agent run's), or appended to it. */
export function upsertToolCall(thread: ThreadState, patch: ToolCallPatch, isUpdate: boolean, now: number): ThreadState {
  const position = findToolCallIndex(thread, patch.toolCallId);
  if (position >= 0) {
    const current = thread.items.get(position) as ToolCallItem;
    return replaceItem(thread, position, mergeToolCall(current, patch), true);
  }
  return appendItem(closeOpenThought(thread, now), (id) =>
    mergeToolCall(
      {
        id,
        kind: 'tool_call',
        toolCallId: patch.toolCallId,
        title: patch.toolCallId,
        name: null,
        toolKind: 'other',
        status: 'pending',
        content: [],
        locations: [],
        rawInput: undefined,
        rawOutput: undefined,
        createdByUpdate: isUpdate,
        _meta: null,
      },
      patch,
    ),
  );
}

function mergeToolCall(current: ToolCallItem, patch: ToolCallPatch): ToolCallItem {
  const content = patched(patch.content, current.content, []);
  return toolCallItem(current, {
    title: patched(patch.title, current.title, current.toolCallId),
    name: patched(patch.name, current.name, null),
    toolKind: patched(patch.toolKind, current.toolKind, 'other'),
    status: nextStatus(current.status, patched(patch.status, current.status, 'pending')),
    content: patch.appendContent ? [...content, ...patch.appendContent] : content,
    locations: patched(patch.locations, current.locations, []),
    rawInput: patch.rawInput !== undefined ? patch.rawInput : current.rawInput,
    rawOutput: patch.rawOutput !== undefined ? patch.rawOutput : current.rawOutput,
    _meta: patched(patch._meta, current._meta, null),
  });
}

/** After `session/cancel`: unfinished tool calls of the turn are shown as cancelled (client-local). */
export function markUnfinishedToolCallsCancelled(session: SessionState, fromIndex: number): SessionState {
  let thread = session.thread;
  for (let i = Math.max(0, fromIndex); i < thread.items.size; i++) {
    const item = thread.items.get(i);
    if (item?.kind === 'tool_call' && (item.status === 'pending' || item.status === 'in_progress')) {
      thread = replaceItem(thread, i, { ...item, status: 'cancelled' });
    }
  }
  // A sub-agent's run stops with its turn too.
  thread = settleRuns(thread, fromIndex, null);
  return thread === session.thread ? session : withThread(session, thread);
}

/**
 * Late updates after a cancel still apply, except that an agent reporting the cancelled call as
 * `failed` (how many agents surface the abort) keeps showing "cancelled": the user stopped it.
 */
function nextStatus(current: ToolCallItem['status'], incoming: ToolCallItem['status']): ToolCallItem['status'] {
  return current === 'cancelled' && incoming === 'failed' ? 'cancelled' : incoming;
}
