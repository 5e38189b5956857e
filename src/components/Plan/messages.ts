/** English defaults for the `plan` namespace; hosts override any of them through `AcpUiProvider`. */
export const planMessages = {
  title: 'Plan',
  /** The name of each plan but the main one when the session keeps several: the agent's plan id. */
  title_with_id: 'Plan: {id}',
  /** What a Markdown plan is, beside its name (a checklist shows its progress there). */
  document: 'Document',
  /** What a plan kept in a file is, beside its name. */
  file: 'In a file',
  /** Before the absolute path of the file a plan document is kept in. */
  path_label: 'File',
  /** Before the URI of a plan kept in a file (shown, never fetched). */
  uri_label: 'Location',
  summary: '{completed} of {total} completed',
  progress_label: 'Plan progress',
  empty: 'No steps yet',
  status_pending: 'Pending',
  status_in_progress: 'In progress',
  status_completed: 'Completed',
  priority_high: 'High',
  priority_medium: 'Medium',
  priority_low: 'Low',
  /** Appended (visually hidden) to the visible priority word. */
  priority_suffix: ' priority',
};

export type PlanMessages = typeof planMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    plan: typeof planMessages;
  }
}
