/**
 * How changes enter the review: a record per (session, turn, path), made from an agent's
 * `fs/write_text_file` (the content before it read from the adapter first) or from a completed
 * tool call's `diff` content, for agents that edit files themselves and report what they did.
 */
import type { AcpSnapshot, SessionState, ThreadItem } from '../types.js';
import { computeHunks, type HunkSet } from './hunks.js';
import type { ChangeSource, FileChange, HunkDecision } from './types.js';

export const fileId = (sessionId: string, turnId: string | null, path: string) => `${sessionId}\u0000${turnId ?? ''}\u0000${path}`;

/**
 * The record after one more change to its file in the same turn: the first change's `before`
 * stays, the last one's content is the agent's; decisions on hunks that are still there stay.
 */
export function recordChange(
  previous: FileChange | undefined,
  change: {
    sessionId: string;
    turnId: string | null;
    path: string;
    before: string | null;
    after: string | null;
    source: ChangeSource;
    roots: readonly string[];
  },
  /** The hunks already computed (`computeHunksInSlices`) from `computed.before` to `change.after`. */
  computed?: { before: string | null; set: HunkSet },
): FileChange {
  const before = previous ? previous.before : change.before;
  const set = computed && computed.before === before ? computed.set : computeHunks(before, change.after);
  const decisions: Record<string, HunkDecision> = {};
  for (const hunk of set.hunks) {
    const kept = previous?.decisions[hunk.id];
    if (kept) decisions[hunk.id] = kept;
  }
  return {
    id: fileId(change.sessionId, change.turnId, change.path),
    sessionId: change.sessionId,
    turnId: change.turnId,
    path: change.path,
    // A write through the adapter is what happened on disk; a tool call's diff only what it reported.
    source: previous?.source === 'write' ? 'write' : change.source,
    ...set,
    before,
    after: change.after,
    decisions,
    conflict: false,
    stale: [],
    roots: change.roots.length > 0 ? change.roots : (previous?.roots ?? []),
  };
}

/** The turn a write of this session belongs to: the running one, else the last one. */
export function currentTurnId(snapshot: AcpSnapshot | null, sessionId: string): string | null {
  const session = snapshot?.sessions[sessionId];
  if (!session) return null;
  if (session.turn.state !== 'idle' && session.turn.turnId) return session.turn.turnId;
  return session.turns[session.turns.length - 1]?.turnId ?? null;
}

export interface ReportedDiff {
  path: string;
  oldText: string | null;
  /** Null when the tool call reported the file deleted (the RFD `deleted: true` flag). */
  newText: string | null;
}

/**
 * The diffs that completed tool calls of a finished turn reported, in order. Only `completed`
 * ones count: a diff shown while a tool call waits for permission is a proposal, not a change.
 */
export function turnDiffs(session: SessionState, turnIndex: number): ReportedDiff[] {
  const record = session.turns[turnIndex];
  if (!record) return [];
  const items = session.thread.items;
  const end = session.turns[turnIndex + 1]?.startIndex ?? items.size;
  const out: ReportedDiff[] = [];
  for (let i = record.startIndex; i < end; i++) collectDiffs(items.get(i), out);
  return out;
}

/** An item's reported diffs, then those of the sub-agent run nested under it (a sub-agent edits files too). */
function collectDiffs(item: ThreadItem | undefined, out: ReportedDiff[]): void {
  if (item?.kind !== 'tool_call') return;
  if (item.status === 'completed') {
    for (const content of item.content) {
      if (content.type !== 'diff') continue;
      const deleted = (content as { deleted?: unknown }).deleted === true;
      out.push({ path: content.path, oldText: content.oldText ?? null, newText: deleted ? null : content.newText });
    }
  }
  if (item.run) for (const nested of item.run.thread.items) collectDiffs(nested, out);
}

/** The session's roots, for writes the review makes on a file it learnt of from a tool call. */
export const sessionRoots = (session: SessionState | undefined): string[] => (session ? [session.cwd, ...session.additionalDirectories].filter(Boolean) : []);
