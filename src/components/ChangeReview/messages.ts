/** English defaults for the `changeReview` namespace; hosts override any of them through `AcpUiProvider`. */
export const changeReviewMessages = {
  title: 'Review changes',
  restored: 'Restored to before this turn',
  accept_all: 'Accept all',
  reject_all: 'Reject all',
  accept_file: 'Accept file',
  reject_file: 'Reject file',
  accept: 'Accept',
  reject: 'Reject',
  accepted: 'Accepted',
  rejected: 'Rejected',
  stale: 'No longer applies: the file changed after the agent’s write',
  conflict: 'This file changed after the agent’s write: changes are matched by their lines, never written over your edits.',
  /** On a file known from an ACP v2 diff: a git patch has no texts to write back. */
  patch_read_only: 'Reported as a patch (ACP v2): shown for reading only, it cannot be accepted, rejected or restored here.',
  /** Where a file moved or copied in an ACP v2 diff came from. */
  from_path: 'from {path}',
  /** A part of an ACP v2 patch that did not parse (the hunks read before it are shown). */
  patch_error: 'Part of the patch could not be read: {error}',
  read_only: 'Read-only: the host does not allow writing files, so rejected changes cannot be reverted. You can still mark changes reviewed.',
  files_label: 'Changed files',
  turn_label: 'Turn {number}',
  restore: 'Restore to before this turn',
  restore_title: 'Restore files to before this turn?',
  restore_body: 'These files go back to how they were before this turn (changes of later turns to them are undone too):',
  restore_confirm: 'Restore files',
  restore_cancel: 'Cancel',
  restore_loading: 'Checking the files…',
  restore_changed: 'edited since: your edits are overwritten',
  restore_deleted: 'deleted (it did not exist)',
  hunk_label: 'Change {number} of {total}, lines {from} to {to}',
  hunk_lines: 'Lines {from}–{to}',
  hunk_insert: 'After line {line}',
  gap: '{count} unchanged lines',
  binary: 'Binary file: compared and restored whole.',
  status_added: 'New',
  status_modified: 'Modified',
  status_deleted: 'Deleted',
  source_tool_call: 'reported by a tool call',
  whole_file: 'Whole file',
  hunks_view: 'Changes',
  no_changes: 'The agent changed no files.',
  busy: 'Applying…',
  dismiss: 'Dismiss',
  keyboard_hint: 'Keys: J / K next and previous change, A accept, R reject.',
  approximate: 'Some regions were too costly to compare line by line: changes may be larger than needed.',
};

/** @useDeclaredType */
export type ChangeReviewMessages = typeof changeReviewMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    changeReview: typeof changeReviewMessages;
  }
}
