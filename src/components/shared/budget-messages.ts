/** English defaults for the `budget` namespace: the note under a part cut to its budget. */
export const budgetMessages = {
  /** A text shown only in part. */
  cut: 'Showing the first {shown} of {total} characters.',
  /** A text shown only in part whose whole size is not worked out (it is generated on request). */
  cut_unknown: 'Showing the first {shown} characters.',
  /** Raw JSON nested deeper than the nesting budget. */
  json_flattened: 'Nested deeper than {depth} levels: the deeper levels are written on one line.',
  /** In place of raw JSON that takes a while to write (a deeply nested payload), until it is written. */
  json_writing: 'Writing out the raw JSON…',
  copy: 'Copy all',
  copy_label: 'Copy the full text',
  download: 'Download',
  download_label: 'Download the full text as {name}',
};

export type BudgetMessages = typeof budgetMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    budget: typeof budgetMessages;
  }
}
