/** English defaults for the `agentPicker` namespace; hosts override any of them through `AcpUiProvider`. */
export const agentPickerMessages = {
  title: 'Choose an agent',
  search_label: 'Search agents',
  search_placeholder: 'Search by name or description',
  list_label: 'Agents',
  loading: 'Loading the agents…',
  load_failed: 'The agents could not be loaded: {message}',
  retry: 'Try again',
  empty: 'No agents to choose from.',
  no_match: 'No agent matches “{query}”.',
  count: '{count} agents',
  license: 'License: {license}',
  distribution_npx: 'npm package (npx)',
  distribution_uvx: 'Python package (uvx)',
  distribution_binary: 'Binary',
  starting: 'Starting {agent}…',
  start_failed: '{agent} could not be started: {message}',
  unavailable: 'Cannot be started here: {reason}',
};

/** @useDeclaredType */
export type AgentPickerMessages = typeof agentPickerMessages;

declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    agentPicker: typeof agentPickerMessages;
  }
}
