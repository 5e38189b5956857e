/**
 * English defaults for the `inspectorHighlighting` namespace: the loaded inspector's line saying
 * where this page highlights code. Apart from `inspector`, whose strings the inspector's
 * placeholder needs at once, so these travel with the loaded inspector only.
 */
export const inspectorHighlightingMessages = {
  idle: 'Highlighting: not started (no code shown yet)',
  starting: 'Highlighting: starting its worker',
  worker: 'Highlighting: in a worker',
  main_thread_unsupported: 'Highlighting: on the main thread (no Worker here)',
  main_thread_refused: 'Highlighting: on the main thread (the page refused the worker; allow it with worker-src)',
  main_thread_failed: 'Highlighting: on the main thread (the worker failed to start; is it allowed by worker-src?)',
} satisfies Record<string, string>;

declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    inspectorHighlighting: typeof inspectorHighlightingMessages;
  }
}
