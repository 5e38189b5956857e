export { Diff } from './Diff.js';
export { PatchDiffs } from './PatchDiffs.js';
export type { PatchDiffsProps } from './PatchDiffsLoaded.js';
export type { DiffProps } from './DiffLoaded.js';
export type { DiffViewMode } from './DiffHeader.js';
export type { DiffFileState } from './diff-input.js';
export { isDeletedDiff } from './diff-input.js';
export { diffMessages } from './messages.js';
export type { DiffMessages } from './messages.js';
