/** English defaults for the `diff` namespace; hosts override any of them through `AcpUiProvider`. */
export const diffMessages = {
  view_label: 'Diff layout',
  view_unified: 'Unified',
  view_split: 'Split',
  badge_added: 'New file',
  badge_deleted: 'Deleted',
  /** Spoken form of the `+N −M` counts. */
  counts_label: '{additions} lines added, {deletions} lines removed',
  /** Spoken form of the counts of an approximate diff (see `approximate`). */
  counts_approximate_label: 'At most {additions} lines added, {deletions} lines removed (approximate)',
  /** Under the header of a diff too costly to compare line by line everywhere. */
  approximate: 'Approximate diff: parts of this file were too costly to compare line by line and show as replaced, so the counts are an upper bound.',
  show_lines: 'Show {count} lines',
  show_lines_label: 'Show {count} unchanged lines, {from} to {to}',
  show_more: 'Show {count} more',
  show_all: 'Show all',
  showing: 'Showing {shown} of {total} rows',
  computing: 'Computing diff…',
  no_changes: 'No changes',
  empty_file: 'Empty file',
  old_side: 'Before',
  new_side: 'After',
  /** ACP v2 operations shown beside the path (`add` and `delete` use the badges above). */
  badge_moved: 'Moved',
  badge_copied: 'Copied',
  /** Where a moved or copied file came from. */
  from_path: 'from {path}',
  /** A v2 diff that names the file but carries no patch for it. */
  no_patch: 'No line changes were sent for this file, only that it changed.',
  /** A v2 patch section with no `@@` blocks (a mode change, an empty file, a pure rename). */
  patch_no_lines: 'No line changes for this file.',
  patch_binary: 'Binary file: no lines to show.',
  /** A part of the v2 patch that did not parse; the lines read before it are shown. */
  patch_error: 'Part of the patch could not be read: {error}',
};

export type DiffMessages = typeof diffMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    diff: typeof diffMessages;
  }
}
