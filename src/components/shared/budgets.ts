/**
 * How much of what an agent sends the components render. The store keeps everything; these
 * bound the work and the DOM of one part, whatever the agent sends. Beyond each, the part says
 * what was cut and offers the full text to copy or download (see `BudgetNote`). The README's
 * "Budgets" section states them; keep the two in step.
 */

/** Deepest nesting rendered: markdown quotes, lists and inline marks, and levels of raw JSON. */
export const NESTING_LIMIT = 32;

/** Characters of one message's text rendered as markdown. */
export const MESSAGE_TEXT_LIMIT = 1_000_000;

/**
 * Characters of markdown parsed at once: a bigger table or list is parsed in groups of rows or
 * items, a bigger one-line paragraph in runs; any other block this big is shown as plain text.
 */
export const MARKDOWN_UNIT_CHARS = 8 * 1024;

/**
 * Emphasis, strikethrough and link brackets (`*`, `_`, `~`, `[`, `]`) parsed at once. Pairing
 * them is quadratic in the worst case, so text with more is parsed in parts.
 */
export const MARKUP_LIMIT = 400;

/** Characters of one tool output shown: a text block, an embedded file, the raw input or output. */
export const TOOL_OUTPUT_LIMIT = 100_000;
