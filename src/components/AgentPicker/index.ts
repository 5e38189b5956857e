export { AgentPicker } from './AgentPicker.js';
export type { AgentPickerAgent, AgentPickerLaunch, AgentPickerProps } from './AgentPicker.js';
// The strings are fetched with the picker; their type is here for hosts' overrides.
export type { AgentPickerMessages } from './messages.js';
