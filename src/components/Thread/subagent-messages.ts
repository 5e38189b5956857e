/**
 * English defaults for the `subagents` namespace: the child agents (UNSTABLE `subagent_update`)
 * listed under a thread. Loaded with the thread's code (the conversation chunk).
 */
export const subagentsMessages = {
  list_label: 'Sub-agents',
  untitled: 'Sub-agent',
  state_running: 'Running',
  state_idle: 'Idle',
  state_requires_action: 'Needs action',
  state_unknown: 'State unknown',
  cancel: 'Stop',
  cancel_label: 'Stop {title}',
};

export type SubagentsMessages = typeof subagentsMessages;

declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    subagents: typeof subagentsMessages;
  }
}
