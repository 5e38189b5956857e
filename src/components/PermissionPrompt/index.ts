export { PermissionPrompt } from './on-demand.js';
export type { PermissionPromptProps } from './PermissionPrompt.js';
export { PermissionQueue } from './on-demand.js';
export type { PermissionQueueProps } from './PermissionQueue.js';
export { permissionMessages } from './messages.js';
export type { PermissionMessages } from './messages.js';
