/**
 * Pure updates of the review's snapshot: putting a file record in its turn, replacing files after
 * a decision, and the summaries a turn shows.
 */
import type { ChangesSnapshot, FileChange, TurnChanges } from './types.js';

export const initialChanges = (writable: boolean): ChangesSnapshot => ({ turns: [], writable, busy: false, error: null });

function summed(turn: Omit<TurnChanges, 'additions' | 'deletions'>): TurnChanges {
  let additions = 0;
  let deletions = 0;
  for (const file of turn.files) {
    additions += file.additions;
    deletions += file.deletions;
  }
  return { ...turn, additions, deletions };
}

/** The snapshot with `file` added to its turn, or replacing its earlier record there. */
export function putFile(state: ChangesSnapshot, file: FileChange): ChangesSnapshot {
  const index = state.turns.findIndex((t) => t.sessionId === file.sessionId && t.turnId === file.turnId);
  if (index === -1) return { ...state, turns: [...state.turns, summed({ sessionId: file.sessionId, turnId: file.turnId, files: [file], restored: false })] };
  const turn = state.turns[index]!;
  const at = turn.files.findIndex((f) => f.id === file.id);
  const files = at === -1 ? [...turn.files, file] : turn.files.map((f, i) => (i === at ? file : f));
  const turns = state.turns.slice();
  turns[index] = summed({ ...turn, files });
  return { ...state, turns };
}

/** The snapshot with these files replaced (by id); `restored` marks their turns restored. */
export function replaceFiles(state: ChangesSnapshot, files: ReadonlyMap<string, FileChange>, restored?: ReadonlySet<TurnChanges>): ChangesSnapshot {
  const turns = state.turns.map((turn) => {
    if (!turn.files.some((f) => files.has(f.id)) && !restored?.has(turn)) return turn;
    return summed({ ...turn, files: turn.files.map((f) => files.get(f.id) ?? f), restored: turn.restored || Boolean(restored?.has(turn)) });
  });
  return { ...state, turns };
}

export function findFile(state: ChangesSnapshot, id: string): FileChange | undefined {
  for (const turn of state.turns) for (const file of turn.files) if (file.id === id) return file;
  return undefined;
}

/** The turns of one session, oldest first. */
export const sessionTurns = (state: ChangesSnapshot, sessionId: string): TurnChanges[] => state.turns.filter((t) => t.sessionId === sessionId);

/** One turn's changes, or undefined when it changed no file. */
export const turnChanges = (state: ChangesSnapshot, sessionId: string, turnId: string | null): TurnChanges | undefined =>
  state.turns.find((t) => t.sessionId === sessionId && t.turnId === turnId);

export interface ChangeCounts {
  files: number;
  additions: number;
  deletions: number;
  /** Hunks with no decision yet. */
  undecided: number;
}

/** A v2 patch's record has no texts to write back: decisions and restores pass over it. */
export const decidable = (file: FileChange) => file.source !== 'patch';

/** "3 files changed, +42 −7", as numbers, over any files (a turn, a session). */
export function countChanges(files: Iterable<FileChange>): ChangeCounts {
  const counts: ChangeCounts = { files: 0, additions: 0, deletions: 0, undecided: 0 };
  for (const file of files) {
    counts.files++;
    counts.additions += file.additions;
    counts.deletions += file.deletions;
    // A v2 patch's hunks are read-only: nothing there waits for a decision.
    if (decidable(file)) for (const hunk of file.hunks) if (!file.decisions[hunk.id]) counts.undecided++;
  }
  return counts;
}

/** How far the review of a file has got. */
export function fileReviewState(file: FileChange): 'pending' | 'partial' | 'accepted' | 'rejected' | 'mixed' {
  let accepted = 0;
  let rejected = 0;
  for (const hunk of file.hunks) {
    const decision = file.decisions[hunk.id];
    if (decision === 'accepted') accepted++;
    else if (decision === 'rejected') rejected++;
  }
  const total = file.hunks.length;
  if (accepted + rejected === 0) return total === 0 ? 'accepted' : 'pending';
  if (accepted + rejected < total) return 'partial';
  if (rejected === 0) return 'accepted';
  return accepted === 0 ? 'rejected' : 'mixed';
}
