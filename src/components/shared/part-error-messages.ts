/** English defaults for the `partError` namespace: a part of the thread that failed to render. */
export const partErrorMessages = {
  title: 'Could not display this part.',
  /** `{message}` is the error's own message, in English from the browser. */
  detail: 'Error: {message}',
  show_raw: 'Show the raw text',
  copy: 'Copy the raw text',
};

export type PartErrorMessages = typeof partErrorMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    partError: typeof partErrorMessages;
  }
}
