/** English defaults for the `markdown` namespace (override through `AcpUiProvider`). */
export const markdownMessages = {
  /** Button shown in place of a remote image until the user asks for it. */
  loadImage: 'Load image from {host}',
  /** Text shown for an image whose address is not allowed (not http(s), not a raster data: URL). */
  imageRefused: 'Image not shown',
  /** Accessible name of the scrollable wrapper around tables. */
  table: 'Table',
  taskDone: 'Done',
  taskOpen: 'Not done',
  /** Shown under the plain text when the markdown renderer could not be fetched. */
  loadFailed: 'Formatting could not be loaded.',
  /** Fetches the markdown renderer again. */
  retry: 'Retry',
};

export type MarkdownMessages = typeof markdownMessages;
