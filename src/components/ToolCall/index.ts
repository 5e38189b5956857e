export { ToolCall } from './ToolCall.js';
export type { ToolCallProps } from './ToolCall.js';
export { toolCallMessages } from './messages.js';
export type { ToolCallMessages } from './messages.js';
