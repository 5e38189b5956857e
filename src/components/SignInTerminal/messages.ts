/** English defaults for the `signInTerminal` namespace; hosts override any of them through `AcpUiProvider`. */
export const signInTerminalMessages = {
  title: 'Sign in with {method}',
  description: 'The agent’s sign-in program runs in this terminal. Type into it as it asks; press Escape or Close to stop it.',
  terminal_label: 'Sign-in terminal',
  loading: 'Starting the sign-in terminal…',
  load_failed: 'The terminal could not be loaded: {message}',
  running: 'The sign-in program is running.',
  signing_in: 'The sign-in program finished; signing in…',
  ended: 'The sign-in program ended with status {status}.',
  stopped: 'The sign-in program was stopped ({signal}).',
  close: 'Close',
};

export type SignInTerminalMessages = typeof signInTerminalMessages;

declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    signInTerminal: typeof signInTerminalMessages;
  }
}
