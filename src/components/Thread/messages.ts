/** English defaults for the `thread` namespace; hosts override any of them through `AcpUiProvider`. */
export const threadMessages = {
  /** Accessible name of the scrolling conversation log. */
  log_label: 'Conversation',
  empty: 'Send a message to start',
  /** Above the newest messages while the conversation's code loads (a long session); `{count}` is how many wait. */
  earlier_items: '{count} earlier messages',
  status_loading: 'Loading the session…',
  status_restoring: 'Restoring the session…',
  /** `{reason}` is the session's `statusReason`. */
  status_lost: 'This session is no longer available: {reason}',
  status_lost_unknown: 'This session is no longer available.',
  status_closed: 'This session is closed.',

  turn_running: 'Working…',
  turn_cancelling: 'Stopping…',
  stop_max_tokens: 'Response truncated: the token limit was reached',
  stop_max_turn_requests: 'Stopped: step limit reached',
  stop_refusal: "The agent refused; this turn won't be part of the next prompt",
  stop_cancelled: 'Cancelled',
  /** `{message}` is the error the prompt failed with. */
  turn_failed: 'The turn failed: {message}',
  turn_interrupted: 'Interrupted: the connection dropped',
  /** Prefix read before an error line (the icon says it visually). */
  error_prefix: 'Error: ',

  /** Announced (politely) when a turn ends normally. */
  announce_complete: 'Response complete',
  announce_cancelled: 'Cancelled',
  /** Announced when the agent asks for permission; `{title}` is the tool call's title. */
  announce_permission: 'The agent asks for permission: {title}',
  announce_permission_untitled: 'The agent asks for permission',

  jump_to_latest: 'Jump to latest',
  /** Visually hidden addition to the jump button when something arrived below. */
  jump_new_content: 'new content below',

  notice_dismiss: 'Dismiss',
  /** Visually hidden severity before a notice title. */
  notice_info: 'Info: ',
  notice_warning: 'Warning: ',
  notice_error: 'Error: ',
  /** The client's notice when an agent could not replay a session opened from history (`NoticeItem.code` `replay_refused`). */
  notice_replay_refused: 'The agent could not replay this session; a new session was started.',

  compaction_in_progress: 'Compacting context…',
  compaction_completed: 'Context compacted',
  compaction_failed: 'Context compaction failed',
  compaction_cancelled: 'Context compaction cancelled',
  /** A compaction status this library does not know; `{status}` is the raw value. */
  compaction_other: 'Context compaction: {status}',
  compaction_summary: 'Summary',

  /** `{kind}` is the `sessionUpdate` value (or "unknown"), `{reason}` why it could not be used. */
  unsupported: 'Unsupported update: {kind} — {reason}',
  unsupported_unknown_kind: 'unknown',
  unsupported_raw: 'Raw JSON',
};

export type ThreadMessages = typeof threadMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    thread: typeof threadMessages;
  }
}
