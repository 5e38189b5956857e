/** English defaults for the `message` namespace (override through `AcpUiProvider`). */
export const messageMessages = {
  agent_message: 'Agent message',
  user_message: 'Your message',
  /** Read to screen readers while an agent message has no text yet. */
  responding: 'Agent is responding…',
  empty: 'Empty message',
  copy_message: 'Copy message',
  /** Alt text of an image block without a file name; `{type}` is the MIME type. */
  image_alt: 'Image ({type})',
  /** Chip for an image block that is not shown inline (SVG, unknown type, bad data). */
  image_not_shown: 'Image not shown',
  audio_label: 'Audio clip ({type})',
  audio_not_playable: 'Audio not playable',
  /** Embedded binary resource note; `{type}` and `{size}` are filled in. */
  binary_resource: 'Binary content, {type}, {size}: not shown',
  unknown_type: 'unknown type',
  unsupported: 'Unsupported content ({type})',
  resource_kind: 'Attached file',
  link_kind: 'Linked file',
  /** Accessible name of a mention chip that opens its thing; `{label}` is the mention's label. */
  open_mention: 'Open {label}',
};

export type MessageMessages = typeof messageMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    message: typeof messageMessages;
  }
}
