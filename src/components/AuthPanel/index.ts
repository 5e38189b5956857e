export { AuthPanel } from './AuthPanel.js';
export type { AuthPanelProps } from './AuthPanelLoaded.js';
export { classifyAuthMethod } from './auth-method-kind.js';
export type { AuthMethodKind, EnvVarSpec } from './auth-method-kind.js';
export { authPanelMessages } from './messages.js';
export type { AuthPanelMessages } from './messages.js';
