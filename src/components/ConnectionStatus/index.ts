export { ConnectionStatus } from './ConnectionStatus.js';
export type { ConnectionStatusProps } from './ConnectionStatus.js';
export { connectionStatusMessages } from './messages.js';
export type { ConnectionStatusMessages } from './messages.js';
