/** English defaults for the `partError` namespace: a part of the thread that failed to render. */
export const partErrorMessages = {
  title: 'Could not display this part.',
  /** `{message}` is the error's own message, in English from the browser. */
  detail: 'Error: {message}',
  showRaw: 'Show the raw text',
  copy: 'Copy the raw text',
};

export type PartErrorMessages = typeof partErrorMessages;
