export { PermissionPrompt } from './PermissionPrompt.js';
export type { PermissionPromptProps } from './PermissionPromptLoaded.js';
export { PermissionQueue } from './PermissionQueue.js';
export type { PermissionQueueProps } from './PermissionQueueLoaded.js';
export { permissionMessages } from './messages.js';
export type { PermissionMessages } from './messages.js';
