import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AuthMethod } from '@agentclientprotocol/sdk';
import { AuthPanel } from '../src/components/AuthPanel/index.js';
import type { AuthState } from '../src/core/types.js';
import claudeTranscript from '../fixtures/claude-agent-acp.offline.ndjson?raw';

/** The `authMethods` claude-agent-acp sent in its `initialize` result (two terminal methods). */
function recordedAuthMethods(): AuthMethod[] {
  for (const line of claudeTranscript.split('\n')) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line) as { msg?: { result?: { authMethods?: AuthMethod[] } } };
    const methods = entry.msg?.result?.authMethods;
    if (methods) return methods;
  }
  throw new Error('fixture has no authMethods');
}
const claudeMethods = recordedAuthMethods();

// Shapes from the authentication docs and the auth-methods RFD.
const agentMethod: AuthMethod = { id: 'browser', name: 'Sign in with your browser', description: 'Opens a login page in a new window' };
const apiKeyAgentMethod: AuthMethod = { id: 'stored-key', name: 'Use the stored API key', description: 'The key saved in your agent settings' };
const envVarMethod = {
  id: 'azure-openai',
  name: 'Azure OpenAI',
  type: 'env_var',
  vars: [
    { name: 'AZURE_OPENAI_API_KEY', label: 'API Key' },
    { name: 'AZURE_OPENAI_ENDPOINT', label: 'Endpoint URL', secret: false },
    { name: 'AZURE_OPENAI_API_VERSION', label: 'API Version', secret: false, optional: true },
  ],
  link: 'https://portal.azure.com',
} as unknown as AuthMethod;
const futureMethod = { id: 'passkey', name: 'Passkey', description: 'Use a device passkey', type: 'webauthn' } as unknown as AuthMethod;

const required: AuthState = { required: true, pendingMethodId: null, error: null };
const noop = () => {};

const meta = {
  title: 'Components/AuthPanel',
  component: AuthPanel,
  args: { authMethods: [agentMethod, apiKeyAgentMethod], auth: required, canLogout: false, onAuthenticate: noop, onLogout: noop, agentName: 'Claude Agent' },
} satisfies Meta<typeof AuthPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AuthRequired: Story = {};

/** claude-agent-acp's real methods are terminal logins: shown as commands, never sent to `authenticate`. */
export const TerminalMethods: Story = {
  args: { authMethods: claudeMethods, agentCommand: 'npx @agentclientprotocol/claude-agent-acp' },
};
export const TerminalMethodsWithoutCommand: Story = { args: { authMethods: claudeMethods } };

/** Through acp-react-bridge with --terminal-auth: the methods run in a sign-in terminal. */
export const TerminalMethodsThroughBridge: Story = { args: { authMethods: claudeMethods, onSignInWithTerminal: noop } };

export const TerminalSignInRunning: Story = {
  args: { authMethods: claudeMethods, onSignInWithTerminal: noop, auth: { ...required, pendingMethodId: claudeMethods[0]!.id } },
};

export const EnvironmentVariables: Story = { args: { authMethods: [envVarMethod], agentName: undefined } };

/** Through acp-react-bridge: the variables are asked for, and the bridge restarts the agent with them. */
export const EnvironmentVariablesThroughBridge: Story = { args: { authMethods: [envVarMethod], onSignInWithEnv: noop } };

/** A wrong key: the agent still answers "authentication required" after the restart. */
export const EnvironmentVariablesWrongKey: Story = {
  args: {
    authMethods: [envVarMethod],
    onSignInWithEnv: noop,
    auth: { required: true, pendingMethodId: null, error: { code: -32000, message: 'Authentication required: Invalid API key' } },
  },
};

/** An agent that lists no method this page can use (terminal logins hidden without auth.terminal). */
export const NoUsableMethod: Story = { args: { authMethods: [], agentCommand: 'npx @agentclientprotocol/claude-agent-acp' } };

/** Opened by the agent's answer to a prompt (claude-agent-acp offline on ACP v2): what it said, not "Sign-in failed". */
export const AskedByTheAgent: Story = {
  args: {
    authMethods: [],
    agentCommand: 'npx @agentclientprotocol/claude-agent-acp',
    auth: { required: true, pendingMethodId: null, error: null, reason: { code: -32000, message: 'Authentication required' } },
  },
};

/** Through acp-react-bridge started without `--terminal-auth`: the flag is named before the CLI fallback. */
export const TerminalSignInOffOnBridge: Story = {
  args: { authMethods: [], agentCommand: 'npx @agentclientprotocol/claude-agent-acp', terminalAuthOff: true },
};

export const EveryKind: Story = {
  args: { authMethods: [agentMethod, claudeMethods[0], envVarMethod, futureMethod] },
};

export const SigningIn: Story = {
  args: { auth: { required: true, pendingMethodId: 'browser', error: null } },
};

export const SignInFailed: Story = {
  args: { auth: { required: true, pendingMethodId: null, error: { code: -32000, message: 'The login window was closed before sign-in finished' } } },
};

export const SignedInWithLogout: Story = {
  args: { auth: { required: false, pendingMethodId: null, error: null }, canLogout: true },
};

export const NoMethods: Story = { args: { authMethods: [] } };
