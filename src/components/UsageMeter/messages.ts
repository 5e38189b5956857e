/** English defaults for the `usageMeter` namespace; hosts override any of them through `AcpUiProvider`. */
export const usageMeterMessages = {
  label: 'Context',
  meter_label: 'Context window',
  used_of_size: '{used} of {size} tokens',
  used_only: '{used} tokens used',
  value_text: '{used} of {size} tokens, {percent}',
  trigger_label: 'Context usage: {summary}',
  details_label: 'Context usage details',
  no_usage: 'No usage reported',
  // Wording recommended by the session-usage RFD for each threshold.
  advice_warning: 'Context filling up',
  advice_high: 'Start new session or summarize',
  advice_critical: 'Next prompt may fail – handoff recommended',
  cost_label: 'Session cost',
  last_turn_label: 'Last turn, approximate',
  turn_total: 'Total',
  turn_input: 'Input',
  turn_output: 'Output',
  turn_thought: 'Thinking',
  turn_cached_read: 'Cache read',
  turn_cached_write: 'Cache write',
};

export type UsageMeterMessages = typeof usageMeterMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    usageMeter: typeof usageMeterMessages;
  }
}
