/**
 * The wire names of acp-react-bridge's terminal sign-in (`_acp-react/bridge/auth_terminal/*`,
 * bridge/auth-terminal.mjs is the other side). Apart from the sign-in itself (`terminal-sign-in.ts`,
 * fetched the first time one starts) because every client routes and redacts these messages.
 */
export const AUTH_TERMINAL = '_acp-react/bridge/auth_terminal/';
export const AUTH_TERMINAL_START = `${AUTH_TERMINAL}start`;
/** Typed keys: redacted in the traffic log (they may be a code). */
export const AUTH_TERMINAL_INPUT = `${AUTH_TERMINAL}input`;
/** The program's screen: redacted too (the terminal echoes what is typed). */
export const AUTH_TERMINAL_OUTPUT = `${AUTH_TERMINAL}output`;
