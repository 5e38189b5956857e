/** English defaults for the `markdown` namespace (override through `AcpUiProvider`). */
export const markdownMessages = {
  /** Button shown in place of a remote image until the user asks for it. */
  load_image: 'Load image from {host}',
  /** Text shown for an image whose address is not allowed (not http(s), not a raster data: URL). */
  image_refused: 'Image not shown',
  /** Accessible name of the scrollable wrapper around tables. */
  table: 'Table',
  task_done: 'Done',
  task_open: 'Not done',
  /** Shown under the plain text when the markdown renderer could not be fetched. */
  load_failed: 'Formatting could not be loaded.',
  /** Fetches the markdown renderer again. */
  retry: 'Retry',
  /** After text nested deeper than the nesting budget, shown flattened. `{depth}`: the budget. */
  flattened: 'nested deeper than {depth} levels: shown as text',
  /** Note under a block whose quotes or lists nest deeper than the budget. */
  nesting_capped: 'Nested deeper than {depth} levels: the deeper levels are shown as text.',
  /** Note under a block too large or with too much markup to format at once. */
  shown_plain: 'Shown as plain text: this part has {size} characters and {markup} formatting marks, over the {unit} and {limit} formatted at once.',
  /** Note under a paragraph parsed in parts (very long without spaces, or many unclosed marks). */
  formatted_in_parts: 'Very long or heavily marked-up paragraph: formatted in parts, so marks that span parts show as typed.',
};

export type MarkdownMessages = typeof markdownMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    markdown: typeof markdownMessages;
  }
}
