export { AgentPanel } from './AgentPanel.js';
export type { AgentPanelProps, PanelSlot } from './AgentPanel.js';
export { agentPanelMessages } from './messages.js';
