/**
 * The change review's state: every file the agent changed, per turn, with the hunks of each and
 * the user's decision on each hunk. Plain data, replaced (never mutated) on every change.
 */
import type { ChangeHunk, FileChangeStatus } from './hunks.js';

export type { ChangeHunk, FileChangeStatus } from './hunks.js';

export type HunkDecision = 'accepted' | 'rejected';

/**
 * Where the review learnt of a change. `patch`: an ACP v2 tool call's diff, whose hunks come from
 * its git patch; without the texts before and after it is read-only (no accept, reject or restore).
 */
export type ChangeSource = 'write' | 'tool_call' | 'patch';

export interface FileChange {
  /** `sessionId`, `turnId` and `path` together; stable, use it as a React key. */
  id: string;
  sessionId: string;
  /** The turn the change belongs to; null for a write outside any turn. */
  turnId: string | null;
  /** Absolute path. */
  path: string;
  /** `write`: an `fs/write_text_file` request; `tool_call`: a completed tool call's `diff` content. */
  source: ChangeSource;
  status: FileChangeStatus;
  /** Compared and restored whole (a NUL character), never by lines. */
  binary: boolean;
  /** The content before the turn's first change; null when the file did not exist. */
  before: string | null;
  /** The agent's content after the turn's last change; null for a deleted file. */
  after: string | null;
  hunks: readonly ChangeHunk[];
  additions: number;
  deletions: number;
  /** The line matching ran out of budget: the hunks are correct but may be larger than needed. */
  approximate: boolean;
  /** Per hunk id; a hunk without an entry is undecided. */
  decisions: Readonly<Record<string, HunkDecision>>;
  /**
   * The file changed after the agent's write (it differed from what the review expected when a
   * decision was last applied): hunks are then found by their lines, never applied blindly.
   */
  conflict: boolean;
  /** Hunks found not to apply to the file as it is now (set by the last decision tried). */
  stale: readonly string[];
  /** The session roots the file was written under (the context of a write through the adapter). */
  roots: readonly string[];
  /** ACP v2 `DiffChange.operation` (`add`, `delete`, `modify`, `move`, `copy`, or a future value); v2 only. */
  operation?: string;
  /** Where a v2 `move` or `copy` came from. */
  oldPath?: string | null;
  /** What of the v2 patch could not be read for this file (its hunks before that point are shown). */
  patchError?: string | null;
}

export interface TurnChanges {
  sessionId: string;
  turnId: string | null;
  files: readonly FileChange[];
  additions: number;
  deletions: number;
  /** Restored to before this turn (`restoreCheckpoint`). */
  restored: boolean;
}

export interface ChangeError {
  message: string;
  /** The file the failure concerns, when it is one file. */
  path: string | null;
}

export interface ChangesSnapshot {
  /** Every turn that changed files, oldest first, all sessions. */
  turns: readonly TurnChanges[];
  /** False when the host's adapter has no `writeTextFile`: decisions cannot be written back. */
  writable: boolean;
  /** A decision is being applied. */
  busy: boolean;
  /** The last failure (a write refused, a hunk that no longer applies); cleared by the next success. */
  error: ChangeError | null;
}

export type ChangeDecisionKind = 'accept' | 'reject' | 'restore';

/** What a host hears for every decision, after it was applied (a web IDE may mirror it in its editor). */
export interface ChangeDecisionEvent {
  kind: ChangeDecisionKind;
  sessionId: string;
  turnId: string | null;
  path: string;
  /** The hunks decided (for `restore`: every hunk of the file). */
  hunkIds: readonly string[];
  /** The file's content now; null when it does not exist (a rejected new file). */
  content: string | null;
  /** Hunks that could not be applied because the file changed since (left undecided). */
  stale: readonly string[];
}

/** Which files an action covers: one file, a turn, or a whole session. */
export type ChangeScope = { fileId: string } | { sessionId: string; turnId?: string | null };
