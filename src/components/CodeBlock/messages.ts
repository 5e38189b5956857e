/** English defaults for the `codeBlock` namespace (override through `AcpUiProvider`). */
export const codeBlockMessages = {
  /** Header label when the block has no (known) language. */
  plain_text: 'Text',
  copy: 'Copy',
  /** Accessible name of the copy button; `{label}` is the language or file name. */
  copy_label: 'Copy {label} code',
  copied: 'Copied',
  copied_announcement: 'Copied to clipboard',
  /** Shown when the clipboard is unavailable and the code was selected instead. */
  copy_selected: 'Selected: copy with your keyboard',
  copy_failed: 'Copy failed',
  /** Note under a block too large to highlight. `{lines}` is a formatted number. */
  too_large: 'Large block ({lines} lines): shown without syntax highlighting.',
};

export type CodeBlockMessages = typeof codeBlockMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    codeBlock: typeof codeBlockMessages;
  }
}
