/**
 * `acp-react`: React bindings and components for the Agent Client Protocol.
 * The headless client is re-exported too, so one import serves most hosts.
 */
export * from './core/index.js';
export * from './core/mentions/index.js';
export * from './core/changes/index.js';
export * from './react/index.js';
export * from './components/index.js';
export * from './panels/index.js';
