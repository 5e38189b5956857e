/** The interactive permission prompts, fetched together on demand (see on-demand.tsx). */
export { PermissionPrompt } from './PermissionPrompt.js';
export { PermissionQueue } from './PermissionQueue.js';
