/**
 * English defaults for the `sessionMessage` namespace: a message between sessions
 * (`session_message`, with sub-agents on) shown in a transcript. Loaded with the
 * thread's code (the conversation chunk).
 */
export const sessionMessageMessages = {
  /** On the sender's transcript (its outgoing view); `{name}` is the recipient, one of the names below or a child's title. */
  to: 'To {name}',
  /** On the recipient's transcript (its incoming view); `{name}` is the sender. */
  from: 'From {name}',
  /** When neither the participants nor the other view are known yet. */
  between: 'Message between agents',
  /** The name of the session the child agents belong to. */
  parent: 'the main agent',
  /** The name of a child agent without a title. */
  untitled: 'a sub-agent',
  /** The name of a session that is neither the main agent nor one of its children (or not said yet). */
  other: 'another session',
};

export type SessionMessageMessages = typeof sessionMessageMessages;

declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    sessionMessage: typeof sessionMessageMessages;
  }
}
