export { TerminalOutput } from './on-demand.js';
export type { TerminalOutputProps } from './TerminalOutput.js';
export type { TerminalRunState } from './TerminalStatus.js';
export { terminalMessages } from './messages.js';
export type { TerminalMessages } from './messages.js';
