/**
 * `acp-react/changes`: reviewing what the agent changed, headless. A change set per turn from
 * the agent's `fs/write_text_file` requests and its tool calls' `diff` content; accept or reject
 * per hunk, per file or for all, written back through the host's `FsAdapter`; checkpoints that
 * put a turn's files back. No React: the hooks and components of `acp-react` build on it.
 */
export { createChangeTracker } from './tracker.js';
export type { ChangeTracker, ChangeTrackerOptions, ChangeTrackerClient, RestoreEntry } from './tracker.js';
export { computeHunks, computeHunksInSlices, contentFor, moveHunk } from './hunks.js';
export type { HunkSet } from './hunks.js';
// The v2 patch reader itself stays out of this entry (the tracker fetches it with the first v2 diff).
export { isV2Diff } from './diff-shape.js';
export type { DiffChangeInfo, V2DiffContent } from './diff-shape.js';
export type { V2DiffFile, V2DiffView } from './diff-content.js';
export type { GitPatch, GitPatchFile, PatchBlock, PatchLine, PatchLineKind, DiffOperation } from './git-patch.js';
export { countChanges, fileReviewState, sessionTurns, turnChanges, findFile } from './state.js';
export type { ChangeCounts } from './state.js';
export type * from './types.js';
