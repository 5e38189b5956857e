/**
 * The wired panels: complete UIs that read the surrounding `<AcpProvider>` through the narrow
 * hooks and compose the presentational components, the way a host builds its own.
 */
export * from './AgentPanel/index.js';
export * from './AcpInspector/index.js';
