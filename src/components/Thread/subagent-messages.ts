/**
 * English defaults for the `subagents` namespace: the child agents (`subagent_update`)
 * listed under a thread, and the line a permission prompt or elicitation form shows for a child's
 * request. Loaded with the thread's code (the conversation chunk) and the form's.
 */
export const subagentsMessages = {
  list_label: 'Sub-agents',
  untitled: 'Sub-agent',
  state_running: 'Running',
  state_idle: 'Idle',
  state_requires_action: 'Needs action',
  state_unknown: 'State unknown',
  /** Under a child started by another child (not by the session): that child's title. */
  started_by: 'Started by “{title}”',
  cancel: 'Stop',
  cancel_label: 'Stop {title}',
  asked_by: 'Asked by the sub-agent “{title}”',
  asked_by_untitled: 'Asked by a sub-agent',
};

export type SubagentsMessages = typeof subagentsMessages;

declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    subagents: typeof subagentsMessages;
  }
}
