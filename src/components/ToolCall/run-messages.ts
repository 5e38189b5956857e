/**
 * English defaults for the `subagentRun` namespace: the sub-agent run folded inside a tool call's
 * card. A namespace of its own so its strings load with the run's code (the conversation chunk),
 * not with every page's `ToolCall`.
 */
export const subagentRunMessages = {
  label: 'Sub-agent',
  steps_one: '{count} step',
  steps_other: '{count} steps',
  current_step: 'Now: {title}',
  latest_step: 'Last: {title}',
  items_label: 'Sub-agent steps',
};

export type SubagentRunMessages = typeof subagentRunMessages;

declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    subagentRun: typeof subagentRunMessages;
  }
}
