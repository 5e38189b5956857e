/** English defaults for the `agentPanelChanges` namespace (the panel's change review, fetched with it). */
export const agentPanelChangesMessages = {
  /** Widens the open review from the turn whose summary opened it to every turn of the session. */
  all_turns: 'All turns',
  close_review: 'Close review',
  /** Before the sentence the next prompt carries about the rejected changes. */
  rejection_note: 'Sent with your next message:',
  rejection_note_remove: 'Don’t send',
  rejection_note_remove_label: 'Don’t tell the agent what you rejected',
} satisfies Record<string, string>;

declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    agentPanelChanges: typeof agentPanelChangesMessages;
  }
}
