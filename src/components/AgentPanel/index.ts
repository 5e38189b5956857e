export { AgentPanel } from './AgentPanel.js';
export type { AgentPanelProps } from './AgentPanel.js';
export { agentPanelMessages } from './messages.js';
