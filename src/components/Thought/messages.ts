/** English defaults for the `thought` namespace (override through `AcpUiProvider`). */
export const thoughtMessages = {
  thinking: 'Thinking…',
  /** `{duration}` is a localized duration such as "3s". */
  thought_for: 'Thought for {duration}',
  /** A thought that never got an end time (the turn was interrupted). */
  thought: 'Thought',
};

export type ThoughtMessages = typeof thoughtMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    thought: typeof thoughtMessages;
  }
}
