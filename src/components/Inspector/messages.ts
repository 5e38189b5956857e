export const inspectorMessages = {
  title: 'Protocol inspector',
  filter_method: 'Method',
  filter_kind: 'Update kind',
  all: 'All',
  search: 'Search frames',
  pause: 'Pause',
  resume: 'Resume',
  clear: 'Clear',
  export: 'Export transcript',
  count: '{shown} of {total} frames',
  /** The ACP version the connection speaks. */
  protocol: 'ACP v{version}',
  empty: 'No traffic yet.',
  outbound: 'Client → agent',
  inbound: 'Agent → client',
  refused: 'Refused',
  paused: 'Paused: new frames are recorded but not shown.',
} satisfies Record<string, string>;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    inspector: typeof inspectorMessages;
  }
}
