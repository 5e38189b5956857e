/** English defaults for the `sessionTabs` namespace; hosts override any of them through `AcpUiProvider`. */
export const sessionTabsMessages = {
  label: 'Open sessions',
  /** A session the agent has not named yet, by the order it was opened in. */
  untitled: 'Session {n}',
  // Read after the tab's title: "Fix the tests, waiting for your answer".
  status_waiting: 'waiting for your answer',
  status_running: 'working',
  status_finished: 'finished',
  close: 'Close {title}',
};

export type SessionTabsMessages = typeof sessionTabsMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    sessionTabs: typeof sessionTabsMessages;
  }
}
