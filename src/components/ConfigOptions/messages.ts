/** English defaults for the `configOptions` namespace; hosts override any of them through `AcpUiProvider`. */
export const configOptionsMessages = {
  toolbar_label: 'Session settings',
  group_mode: 'Mode',
  group_model: 'Model',
  group_thought_level: 'Reasoning',
  group_other: 'Other settings',
  mode_label: 'Mode',
  pending: 'Updating…',
  /** A switch's value, as text while the controls load. */
  on: 'On',
  off: 'Off',
  set_failed: 'Could not change {name}: {message}',
  unknown_error: 'the agent did not accept the change',
};

export type ConfigOptionsMessages = typeof configOptionsMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    configOptions: typeof configOptionsMessages;
  }
}
