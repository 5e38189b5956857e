/**
 * Sub-agent runs: message chunks and tool calls that name a parent tool call in `_meta` go into
 * that tool call's `run` instead of the thread, at any depth (a run's tool call may start a run).
 *
 * Per update this costs O(depth): the thread's `nesting` map says which run holds an item (so an
 * update that does not repeat the parent id, such as a tool result, still finds it), the parent
 * chain is walked through it, and each level is found through that thread's own index. Nothing
 * scans a transcript.
 *
 * Nothing is lost or moved: an update whose parent is not in the thread (unknown, or arriving
 * before its parent) is shown at the top level, and an item already shown somewhere stays there.
 */
import type { ParsedUpdate } from '../parse-update.js';
import { PersistentList } from '../persistent-list.js';
import { findIndex, findToolCallIndex, replaceItem, type ThreadKey } from '../thread.js';
import type { SessionState, SubagentRun, ThreadItem, ThreadState, ToolCallItem } from '../types.js';
import { toolCallItem, withThread } from './copy.js';
import { appendChunk, upsertMessage } from './messages.js';
import { upsertToolCall } from './tool-calls.js';

/** Deeper parent chains (or a cycle an agent made up) are shown at the top level. */
const MAX_DEPTH = 8;

/** A chunk or tool call applied inside its run, or null when it belongs at the top level. */
export function applyNested(
  session: SessionState,
  update: Extract<ParsedUpdate, { kind: 'chunk' | 'message' | 'tool_call' }>,
  now: number,
): SessionState | null {
  const top = session.thread;
  const named = update.parentToolCallId ?? null;
  const nesting = top.nesting;
  // The common case, a session without sub-agents, costs this check.
  if (named === null && !nesting?.size) return null;
  const chunk = update.kind !== 'tool_call';
  const key = chunk ? (update.messageId === null ? null : (`m:${update.target}:${update.messageId}` as const)) : (`t:${update.patch.toolCallId}` as const);

  // Where the item already is wins; else the parent named, unless the item is at the top level
  // already (asked once per item: afterwards `nesting` knows) or names itself.
  let parentId = key === null ? undefined : nesting?.get(key);
  if (parentId === undefined) {
    if (named === null || (key !== null && findIndex(top, key as ThreadKey) >= 0) || (!chunk && named === update.patch.toolCallId)) return null;
    parentId = named;
  }

  // The tool calls from the thread down to the parent, each found through its own thread's index.
  const chain = [parentId];
  for (let up = nesting?.get(`t:${parentId}`); up !== undefined; up = nesting!.get(`t:${up}`)) {
    if (chain.length > MAX_DEPTH || chain.includes(up)) return null;
    chain.unshift(up);
  }
  const holders: ThreadState[] = [];
  const positions: number[] = [];
  const owners: ToolCallItem[] = [];
  let thread: ThreadState | undefined = top;
  for (const id of chain) {
    const position = thread ? findToolCallIndex(thread, id) : -1;
    // A parent not in the thread (unknown, or not shown yet): the update stays at the top level.
    if (position < 0) return null;
    const owner = thread!.items.get(position) as ToolCallItem;
    holders.push(thread!);
    positions.push(position);
    owners.push(owner);
    thread = owner.run?.thread;
  }

  const parent = owners[owners.length - 1]!;
  const run: SubagentRun = parent.run ?? {
    thread: { items: PersistentList.empty<ThreadItem>(), index: new Map(), nextId: 1, idPrefix: `${parent.id}.` },
    steps: 0,
    latestStep: -1,
  };
  const before = run.thread;
  let inner =
    update.kind === 'chunk'
      ? appendChunk(before, update.target, update.content, update.messageId, now, update._meta)
      : update.kind === 'message'
        ? upsertMessage(before, update.target, update.messageId, update.content, update._meta, now)
        : upsertToolCall(before, update.patch, update.isUpdate, now);
  const grew = inner.items.size > before.items.size;
  const step = grew && inner.items.last()?.kind === 'tool_call';
  let nextRun: SubagentRun = { thread: inner, steps: run.steps + (step ? 1 : 0), latestStep: step ? inner.items.size - 1 : run.latestStep };
  // Back up the chain: each owner gets its run with the new thread below it.
  for (let level = owners.length - 1; ; level--) {
    inner = replaceItem(holders[level]!, positions[level]!, toolCallItem(owners[level]!, owners[level]!, nextRun), true);
    if (level === 0) break;
    nextRun = { ...owners[level - 1]!.run!, thread: inner };
  }
  const map = nesting ?? new Map<string, string>();
  if (key !== null && grew) map.set(key, parentId);
  return withThread(session, nesting ? inner : { ...inner, nesting: map });
}
