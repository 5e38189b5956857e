import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthMethod } from '@agentclientprotocol/sdk';
import { AuthPanel, type AuthPanelProps } from '../../src/components/AuthPanel/index.js';
import type { AuthState } from '../../src/core/types.js';

const idle: AuthState = { required: false, pendingMethodId: null, error: null };
const agentMethod: AuthMethod = { id: 'oauth', name: 'Browser login', description: 'Opens your browser' };
const explicitAgent = { id: 'sso', name: 'Company SSO', type: 'agent' } as unknown as AuthMethod;
const terminalMethod: AuthMethod = {
  type: 'terminal',
  id: 'claude-ai-login',
  name: 'Claude Subscription',
  description: 'Use Claude subscription',
  args: ['--cli', 'auth', 'login', '--claudeai'],
  env: { MODE: 'two words' },
};
const envMethod = {
  id: 'azure',
  name: 'Azure OpenAI',
  type: 'env_var',
  vars: [
    { name: 'AZURE_OPENAI_API_KEY', label: 'API Key' },
    { name: 'AZURE_OPENAI_ENDPOINT', label: 'Endpoint URL', secret: false },
    { name: 'AZURE_OPENAI_API_VERSION', secret: false, optional: true },
  ],
  link: 'https://portal.azure.com',
} as unknown as AuthMethod;
const futureMethod = { id: 'passkey', name: 'Passkey', type: 'webauthn' } as unknown as AuthMethod;

function setup(overrides: Partial<AuthPanelProps> = {}) {
  const onAuthenticate = vi.fn();
  const onLogout = vi.fn();
  const props: AuthPanelProps = { authMethods: [agentMethod], auth: idle, canLogout: false, onAuthenticate, onLogout, ...overrides };
  return { ...render(<AuthPanel {...props} />), onAuthenticate, onLogout, props };
}

const methodItem = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('AuthPanel', () => {
  it('signs in with an agent method by id', async () => {
    const user = userEvent.setup();
    const { onAuthenticate } = setup({ authMethods: [agentMethod, explicitAgent] });
    const button = screen.getByRole('button', { name: 'Sign in with Browser login' });
    expect(button).toHaveAccessibleDescription('Opens your browser');
    await user.click(button);
    expect(onAuthenticate).toHaveBeenCalledExactlyOnceWith('oauth');
    await user.click(screen.getByRole('button', { name: 'Sign in with Company SSO' }));
    expect(onAuthenticate).toHaveBeenLastCalledWith('sso');
  });

  it('shows a terminal method as instructions with no button', () => {
    setup({ authMethods: [terminalMethod] });
    const item = methodItem('Claude Subscription');
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
    expect(item).toHaveTextContent('Run the agent with --cli auth login --claudeai in a terminal to sign in.');
    expect(item).toHaveTextContent("With these environment variables: MODE='two words'");
  });

  it('shows the full terminal command when the host says how the agent is started', () => {
    setup({ authMethods: [terminalMethod], agentCommand: 'npx @agentclientprotocol/claude-agent-acp' });
    const code = methodItem('Claude Subscription').querySelector('code');
    expect(code).toHaveTextContent("MODE='two words' npx @agentclientprotocol/claude-agent-acp --cli auth login --claudeai");
  });

  it('lists what an env_var method needs and never offers to authenticate with it', () => {
    setup({ authMethods: [envMethod] });
    const item = methodItem('Azure OpenAI');
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
    const vars = within(item).getAllByRole('listitem');
    expect(vars.map((v) => v.textContent)).toEqual([
      'AZURE_OPENAI_API_KEYAPI Keysecret',
      'AZURE_OPENAI_ENDPOINTEndpoint URL',
      'AZURE_OPENAI_API_VERSIONoptional',
    ]);
    const link = within(item).getByRole('link', { name: 'Get credentials' });
    expect(link).toHaveAttribute('href', 'https://portal.azure.com/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('does not turn a non-web link into a link', () => {
    setup({ authMethods: [{ ...envMethod, link: 'javascript:alert(1)' } as unknown as AuthMethod] });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('marks unknown method types as unusable, without a button', () => {
    setup({ authMethods: [futureMethod] });
    const item = methodItem('Passkey');
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
    expect(item).toHaveTextContent('This sign-in method cannot be used from this app.');
  });

  it('announces that sign-in is required', () => {
    const { rerender, props } = setup();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<AuthPanel {...props} auth={{ ...idle, required: true }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The agent needs you to sign in before it can continue.');
  });

  it('shows the pending method and blocks a second attempt', () => {
    setup({ authMethods: [agentMethod, explicitAgent], auth: { required: true, pendingMethodId: 'oauth', error: null } });
    const pending = screen.getByRole('button', { name: 'Signing in with Browser login…' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(pending).toHaveTextContent('Signing in…');
    expect(screen.getByRole('button', { name: 'Sign in with Company SSO' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Signing in with Browser login…');
  });

  it('says what the agent answered when that asked for sign-in, not that a sign-in failed', () => {
    setup({ auth: { required: true, pendingMethodId: null, error: null, reason: { code: -32000, message: 'Authentication required' } } });
    expect(screen.getByRole('alert')).toHaveTextContent('The agent needs you to sign in before it can continue. It answered: Authentication required');
    expect(screen.queryByText(/Sign-in failed/)).toBeNull();
    expect(document.querySelector('[data-slot="auth-panel"]')).toHaveAttribute('data-state', 'required');
  });

  it('shows the error of a failed attempt', () => {
    setup({ auth: { required: true, pendingMethodId: null, error: { code: -32000, message: 'Login window was closed' } } });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toContain('Sign-in failed: Login window was closed');
    expect(screen.getByRole('button', { name: 'Sign in with Browser login' })).toBeEnabled();
  });

  it('offers Log out only when the agent supports it', async () => {
    const user = userEvent.setup();
    const { rerender, props, onLogout } = setup();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    rerender(<AuthPanel {...props} canLogout />);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('is a labelled region, titled with the agent name', () => {
    setup({ agentName: 'Claude Agent' });
    expect(screen.getByRole('region', { name: 'Sign in to Claude Agent' })).toBeInTheDocument();
  });

  it('with a host that can restart the agent, asks for each variable and hands the values over once, then clears them', async () => {
    const user = userEvent.setup();
    const onSignInWithEnv = vi.fn();
    setup({ authMethods: [envMethod], onSignInWithEnv });
    const item = methodItem('Azure OpenAI');
    const key = within(item).getByLabelText('API Key');
    const endpoint = within(item).getByLabelText('Endpoint URL');
    const version = within(item).getByLabelText(/AZURE_OPENAI_API_VERSION/);
    // Secrets get a password input; the others plain text; only the optional one may stay empty.
    expect(key).toHaveAttribute('type', 'password');
    expect(endpoint).toHaveAttribute('type', 'text');
    expect(key).toBeRequired();
    expect(version).not.toBeRequired();
    expect(key).toHaveAttribute('autocomplete', 'off');
    expect(
      within(item)
        .getByLabelText(/AZURE_OPENAI_API_VERSION/)
        .closest('div'),
    ).toHaveTextContent('optional');

    const submit = within(item).getByRole('button', { name: 'Sign in with Azure OpenAI' });
    await user.click(submit);
    expect(onSignInWithEnv).not.toHaveBeenCalled(); // required fields are empty
    await user.type(key, 's3cret');
    await user.type(endpoint, 'https://x.example');
    await user.click(submit);
    expect(onSignInWithEnv).toHaveBeenCalledExactlyOnceWith('azure', { AZURE_OPENAI_API_KEY: 's3cret', AZURE_OPENAI_ENDPOINT: 'https://x.example' });
    expect(key).toHaveValue('');
    expect(within(item).getByRole('link', { name: 'Get credentials' })).toHaveAttribute('href', 'https://portal.azure.com/');
  });

  it('disables the env_var form while signing in, and shows a wrong key as an error the user can retry after', () => {
    const onSignInWithEnv = vi.fn();
    const { rerender, props } = setup({ authMethods: [envMethod], onSignInWithEnv, auth: { required: true, pendingMethodId: 'azure', error: null } });
    expect(screen.getByRole('button', { name: 'Signing in with Azure OpenAI…' })).toBeDisabled();
    expect(screen.getByLabelText('API Key')).toBeDisabled();
    rerender(<AuthPanel {...props} auth={{ required: true, pendingMethodId: null, error: { code: -32000, message: 'Invalid API key' } }} />);
    expect(screen.getByText('Sign-in failed: Invalid API key')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Azure OpenAI' })).toBeEnabled();
  });

  it("says how to sign in with the agent's own CLI when the agent offers no usable method", () => {
    const { rerender, props } = setup({ authMethods: [] });
    expect(screen.getByText(/offers no sign-in method this page can use\. Sign in with the agent's own command-line tool/)).toBeInTheDocument();
    rerender(<AuthPanel {...props} agentCommand="npx @agentclientprotocol/claude-agent-acp" />);
    expect(screen.getByText('npx @agentclientprotocol/claude-agent-acp', { selector: 'code' })).toBeInTheDocument();
  });

  it('names --terminal-auth, and why it is off, before the CLI fallback when the bridge has terminal sign-in off', () => {
    const { rerender, props } = setup({ authMethods: [], terminalAuthOff: true });
    const hint = screen.getByText(/--terminal-auth/, { selector: 'code' }).closest('p')!;
    expect(hint).toHaveTextContent(/restart acp-react-bridge with --terminal-auth/);
    expect(hint).toHaveTextContent(/off by default because it runs the agent's login program on the bridge's machine/);
    const fallback = screen.getByText(/Sign in with the agent's own command-line tool/);
    // The flag first, then the fallback.
    expect(hint.compareDocumentPosition(fallback) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // With methods the agent did offer, the hint follows them; without the bridge saying so, it is not shown.
    rerender(<AuthPanel {...props} authMethods={[agentMethod]} />);
    expect(screen.getByText(/--terminal-auth/, { selector: 'code' })).toBeInTheDocument();
    rerender(<AuthPanel {...props} terminalAuthOff={false} />);
    expect(screen.queryByText(/--terminal-auth/)).toBeNull();
  });

  it('runs a terminal method in a sign-in terminal when the host can, instead of showing the command', async () => {
    const user = userEvent.setup();
    const onSignInWithTerminal = vi.fn();
    const { rerender, props } = setup({ authMethods: [terminalMethod], onSignInWithTerminal });
    const button = screen.getByRole('button', { name: 'Sign in in a terminal with Claude Subscription' });
    expect(button).toHaveAccessibleDescription('Use Claude subscription');
    expect(within(methodItem('Claude Subscription')).queryByText(/in a terminal to sign in/)).not.toBeInTheDocument();
    await user.click(button);
    expect(onSignInWithTerminal).toHaveBeenCalledExactlyOnceWith('claude-ai-login');

    // While it runs the button stays focusable (focus comes back to it from the dialog) but does nothing.
    rerender(<AuthPanel {...props} auth={{ ...idle, pendingMethodId: 'claude-ai-login' }} />);
    const pending = screen.getByRole('button', { name: 'Signing in with Claude Subscription…' });
    expect(pending).toHaveAttribute('aria-disabled', 'true');
    expect(pending).not.toBeDisabled();
    await user.click(pending);
    expect(onSignInWithTerminal).toHaveBeenCalledTimes(1);

    // Without the host's terminal, the method is instructions again.
    rerender(<AuthPanel {...props} onSignInWithTerminal={undefined} />);
    expect(screen.queryByRole('button', { name: /^Sign in in a terminal/ })).not.toBeInTheDocument();
    expect(within(methodItem('Claude Subscription')).getByText(/in a terminal to sign in/)).toBeInTheDocument();
  });
});
