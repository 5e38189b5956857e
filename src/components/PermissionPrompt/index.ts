export { PermissionPrompt } from './PermissionPrompt.js';
export type { PermissionPromptProps } from './PermissionPrompt.js';
export { PermissionQueue } from './PermissionQueue.js';
export type { PermissionQueueProps } from './PermissionQueue.js';
export { permissionMessages } from './messages.js';
export type { PermissionMessages } from './messages.js';
