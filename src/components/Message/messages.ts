/** English defaults for the `message` namespace (override through `AcpUiProvider`). */
export const messageMessages = {
  agentMessage: 'Agent message',
  userMessage: 'Your message',
  /** Read to screen readers while an agent message has no text yet. */
  responding: 'Agent is responding…',
  empty: 'Empty message',
  copyMessage: 'Copy message',
  /** Alt text of an image block without a file name; `{type}` is the MIME type. */
  imageAlt: 'Image ({type})',
  /** Chip for an image block that is not shown inline (SVG, unknown type, bad data). */
  imageNotShown: 'Image not shown',
  audioLabel: 'Audio clip ({type})',
  audioNotPlayable: 'Audio not playable',
  /** Embedded binary resource note; `{type}` and `{size}` are filled in. */
  binaryResource: 'Binary content, {type}, {size}: not shown',
  unknownType: 'unknown type',
  unsupported: 'Unsupported content ({type})',
  resourceKind: 'Attached file',
  linkKind: 'Linked file',
};

export type MessageMessages = typeof messageMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    message: typeof messageMessages;
  }
}
