import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ConnectionStatus } from '../src/components/ConnectionStatus/index.js';
import type { AgentState } from '../src/core/types.js';

// Agent identity as sent by claude-agent-acp in fixtures/claude-agent-acp.offline.ndjson.
const agent: AgentState = {
  info: { name: '@agentclientprotocol/claude-agent-acp', title: 'Claude Agent', version: '0.100.0' },
  capabilities: {},
  authMethods: [],
  protocolVersion: 1,
};
const idle = { attempt: 0, nextAttemptAt: null };
const noop = () => {};

const meta = {
  title: 'Components/ConnectionStatus',
  component: ConnectionStatus,
  args: { agent, error: null, reconnect: idle, onRetry: noop },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ConnectionStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = { args: { status: 'idle', agent: null } };
export const Connecting: Story = { args: { status: 'connecting', agent: null, onDisconnect: noop } };
export const Ready: Story = { args: { status: 'ready' } };
export const ReadyWithDisconnect: Story = { args: { status: 'ready', onDisconnect: noop } };

/** A live countdown: the next attempt is scheduled 9 seconds after the story mounts. */
export const Reconnecting: Story = {
  args: { status: 'reconnecting', error: { code: 1006, message: 'WebSocket closed abnormally' } },
  render: function Render(args) {
    const [nextAttemptAt] = useState(() => Date.now() + 9_000);
    return <ConnectionStatus {...args} reconnect={{ attempt: 2, nextAttemptAt }} />;
  },
};
export const ReconnectingNow: Story = { args: { status: 'reconnecting', reconnect: { attempt: 3, nextAttemptAt: null } } };
export const Closed: Story = { args: { status: 'closed' } };
export const Failed: Story = {
  args: { status: 'error', agent: null, error: { code: 'ECONNREFUSED', message: 'Could not reach ws://localhost:8787 (connection refused)' } },
};
export const UntitledAgent: Story = {
  args: { status: 'ready', agent: { ...agent, info: { name: 'demo-agent', version: '2.1.0' } } },
};

// An adapter whose wrapped program is missing, behind acp-react-bridge (its stderr as the bridge reports it).
const adapterStderr = ['[cursor-agent-acp] info: starting the cursor-agent program', 'Error: spawn cursor-agent ENOENT'];
const silent = { code: 'timeout', message: 'The agent did not answer initialize within 20 s.' };

/** Retrying an agent that said why it cannot work: the last failure and its words stay on screen. */
export const RetryingSilentAgent: Story = {
  args: {
    status: 'reconnecting',
    agent: null,
    error: silent,
    reconnect: { attempt: 1, nextAttemptAt: null },
    agentProcess: { exit: null, stderr: adapterStderr },
  },
};
/** The same failure twice: reconnecting stopped, Retry left. */
export const StoppedAfterRepeatedFailure: Story = {
  args: {
    status: 'error',
    agent: null,
    error: silent,
    reconnect: { attempt: 1, nextAttemptAt: null, repeatedFailure: true },
    agentProcess: { exit: null, stderr: adapterStderr },
  },
};
/** An agent that exited at start, with more lines than the box shows: it opens on the last ones. */
export const AgentExited: Story = {
  args: {
    status: 'error',
    agent: null,
    error: { code: 'connection_closed', message: 'The connection to the agent closed.' },
    reconnect: { attempt: 1, nextAttemptAt: null, repeatedFailure: true },
    agentProcess: {
      exit: { code: 1, signal: null, description: 'agent exited with code 1' },
      stderr: [...Array.from({ length: 12 }, (_, i) => `npm warn config line ${i + 1}`), 'Error: no configuration found at ~/.config/agent.json'],
    },
  },
};
