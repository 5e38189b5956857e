/** English defaults for the `changeSummary` namespace (the per-turn summary, in the entry); hosts override any of them through `AcpUiProvider`. */
export const changeSummaryMessages = {
  summary_one: '1 file changed',
  summary_other: '{count} files changed',
  /** Spoken form of the `+N −M` counts. */
  counts_label: '{additions} lines added, {deletions} lines removed',
  undecided: '{count} to review',
  all_reviewed: 'Reviewed',
  restored: 'Restored to before this turn',
  review: 'Review changes',
};

/** @useDeclaredType */
export type ChangeSummaryMessages = typeof changeSummaryMessages;

declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    changeSummary: typeof changeSummaryMessages;
  }
}
