/**
 * How changes enter the review: a record per (session, turn, path), made from an agent's
 * `fs/write_text_file` (the content before it read from the adapter first) or from a completed
 * tool call's `diff` content, for agents that edit files themselves and report what they did.
 */
import type { AcpSnapshot, SessionState, ThreadItem } from '../types.js';
import type { V2DiffFile } from './diff-content.js';
import { isV2Diff, operationStatus, type V2DiffContent } from './diff-shape.js';
import { computeHunks, type ChangeHunk, type HunkSet } from './hunks.js';
import { findFile, putFile } from './state.js';
import type { ChangeSource, ChangesSnapshot, FileChange, HunkDecision } from './types.js';

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

/**
 * The record of one file of a v2 diff: its hunks come from the patch, and without the texts before
 * and after there is nothing to write back, so it is read-only (`source: 'patch'`). A later patch
 * of the same file in the turn adds its hunks (each relative to the file as the previous one left it).
 */
export function recordPatch(
  previous: FileChange | undefined,
  change: { sessionId: string; turnId: string | null; file: V2DiffFile; roots: readonly string[] },
): FileChange {
  const { change: info, patch } = change.file;
  const earlier = previous?.source === 'patch' ? previous.hunks : [];
  const seen = new Set(earlier.map((h) => h.id));
  const hunks: ChangeHunk[] = [...earlier, ...(patch?.hunks ?? []).filter((h) => !seen.has(h.id))];
  let additions = 0;
  let deletions = 0;
  for (const hunk of hunks) {
    additions += hunk.newLines.length;
    deletions += hunk.oldLines.length;
  }
  const status = operationStatus(info.operation);
  return {
    id: fileId(change.sessionId, change.turnId, info.path),
    sessionId: change.sessionId,
    turnId: change.turnId,
    path: info.path,
    source: 'patch',
    // A file the turn created stays new whatever later patches did to it (but a delete).
    status: previous?.status === 'added' && status !== 'deleted' ? 'added' : status,
    binary: (patch?.binary ?? false) || info.fileType === 'binary' || (previous?.binary ?? false),
    before: null,
    after: null,
    hunks,
    additions,
    deletions,
    approximate: false,
    decisions: {},
    conflict: false,
    stale: [],
    roots: change.roots,
    operation: info.operation,
    oldPath: info.oldPath ?? previous?.oldPath ?? null,
    patchError: patch?.error ?? previous?.patchError ?? null,
  };
}

/**
 * Records every file of a v2 diff, its patch read in slices (`core/slices.ts`); a file the agent
 * also wrote through the adapter keeps that record. Never rejects: the tracker queues it.
 */
export async function recordPatches(
  content: V2DiffContent,
  session: SessionState,
  turnId: string | null,
  set: (fn: (s: ChangesSnapshot) => ChangesSnapshot) => void,
): Promise<void> {
  const record = { sessionId: session.sessionId, turnId, roots: sessionRoots(session) };
  // The patch reader is fetched with the first v2 diff: a v1 session never loads it.
  const view = await import('./diff-content.js').then(({ readV2DiffInSlices }) => readV2DiffInSlices(content)).catch(() => null);
  for (const file of view?.files ?? []) {
    const id = fileId(record.sessionId, record.turnId, file.change.path);
    set((s) => (findFile(s, id)?.source === 'write' ? s : putFile(s, recordPatch(findFile(s, id), { ...record, file }))));
  }
}

/** The turn a write of this session belongs to: the running one, else the last one. */
export function currentTurnId(snapshot: AcpSnapshot | null, sessionId: string): string | null {
  const session = snapshot?.sessions[sessionId];
  if (!session) return null;
  if (session.turn.state !== 'idle' && session.turn.turnId) return session.turn.turnId;
  return session.turns[session.turns.length - 1]?.turnId ?? null;
}

/** A v1 diff (the two texts) or a v2 one (its changes and git patch, read by the tracker in slices). */
export type ReportedDiff = ReportedTexts | { kind: 'patch'; content: V2DiffContent };

export interface ReportedTexts {
  kind: 'texts';
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
      if (isV2Diff(content)) {
        out.push({ kind: 'patch', content });
        continue;
      }
      const deleted = (content as { deleted?: unknown }).deleted === true;
      out.push({ kind: 'texts', path: content.path, oldText: content.oldText ?? null, newText: deleted ? null : content.newText });
    }
  }
  if (item.run) for (const nested of item.run.thread.items) collectDiffs(nested, out);
}

/** The session's roots, for writes the review makes on a file it learnt of from a tool call. */
export const sessionRoots = (session: SessionState | undefined): string[] => (session ? [session.cwd, ...session.additionalDirectories].filter(Boolean) : []);
