/** English defaults for the `thought` namespace (override through `AcpUiProvider`). */
export const thoughtMessages = {
  thinking: 'Thinking…',
  /** `{duration}` is a localized duration such as "3s". */
  thoughtFor: 'Thought for {duration}',
  /** A thought that never got an end time (the turn was interrupted). */
  thought: 'Thought',
};

export type ThoughtMessages = typeof thoughtMessages;
