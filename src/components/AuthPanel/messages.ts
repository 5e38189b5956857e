/** English defaults for the `authPanel` namespace; hosts override any of them through `AcpUiProvider`. */
export const authPanelMessages = {
  title: 'Sign in',
  title_agent: 'Sign in to {agent}',
  required: 'The agent needs you to sign in before it can continue.',
  /** After `required`, when an agent's answer asked for sign-in. */
  reason: 'It answered: {message}',
  methods_label: 'Sign-in methods',
  sign_in: 'Sign in',
  sign_in_with: 'Sign in with {method}',
  signing_in: 'Signing in…',
  signing_in_with: 'Signing in with {method}…',
  sign_in_terminal: 'Sign in in a terminal',
  sign_in_terminal_with: 'Sign in in a terminal with {method}',
  terminal_command: 'Run {command} in a terminal to sign in.',
  terminal_args: 'Run the agent with {args} in a terminal to sign in.',
  terminal_bare: 'Run the agent in a terminal to sign in.',
  terminal_env: 'With these environment variables: {env}',
  env_intro: 'Set these environment variables where the agent is started, then restart it:',
  env_secret: 'secret',
  env_optional: 'optional',
  env_link: 'Get credentials',
  env_form_label: 'Values for {method}',
  env_restart_note: 'The agent is restarted with these values; they are not stored.',
  unsupported: 'This sign-in method cannot be used from this app.',
  no_methods: "The agent offers no sign-in method this page can use. Sign in with the agent's own command-line tool in a terminal, then try again.",
  no_methods_command: 'The agent offers no sign-in method this page can use. Run {command} in a terminal and sign in there, then try again.',
  terminal_auth_off:
    "acp-react-bridge can run the agent's own sign-in in a terminal on this page, but that is off: restart acp-react-bridge with {flag}. It is off by default because it runs the agent's login program on the bridge's machine, typed into from the page.",
  error: 'Sign-in failed: {message}',
  logout: 'Log out',
};

export type AuthPanelMessages = typeof authPanelMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    authPanel: typeof authPanelMessages;
  }
}
