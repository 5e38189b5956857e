/**
 * What a diff shows, derived from ACP's `Diff` content (`oldText` null or omitted means a new
 * file) plus the RFD "diff-delete" flag `deleted: true` (not in SDK 2.4.0; read from the raw
 * payload so a deleted file is not mistaken for an emptied one).
 */
export type DiffFileState = 'modified' | 'added' | 'deleted';

export function diffFileState(oldText: string | null | undefined, deleted: boolean | undefined): DiffFileState {
  if (deleted) return 'deleted';
  if (oldText === null || oldText === undefined) return 'added';
  return 'modified';
}

/** Reads the RFD `deleted` flag from any diff-shaped payload, accepting only a real `true`. */
export function isDeletedDiff(content: object): boolean {
  return (content as { deleted?: unknown }).deleted === true;
}

/** A v2 diff's file state from its `DiffChange.operation`; a move, a copy or a future operation shows as modified, with its own badge. */
export function patchFileState(operation: string): DiffFileState {
  return operation === 'add' ? 'added' : operation === 'delete' ? 'deleted' : 'modified';
}
