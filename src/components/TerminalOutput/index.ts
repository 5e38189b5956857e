export { TerminalOutput } from './TerminalOutput.js';
export type { TerminalOutputProps } from './TerminalOutputLoaded.js';
export type { TerminalRunState } from './TerminalStatus.js';
export { terminalMessages } from './messages.js';
export type { TerminalMessages } from './messages.js';
