import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AgentPicker, type AgentPickerAgent, type AgentPickerLaunch } from '../src/components/AgentPicker/index.js';

// Shapes of the ACP registry's entries (the icon of the first is a data URL: stories run offline).
const agents: AgentPickerAgent[] = [
  {
    id: 'claude-code-acp',
    name: 'Claude Code',
    version: '0.100.0',
    description: 'ACP wrapper for Anthropic’s Claude',
    license: 'proprietary',
    distribution: 'npx',
    icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"%3E%3Ccircle cx="8" cy="8" r="7" fill="%23c96"/%3E%3C/svg%3E',
  },
  {
    id: 'codex-acp',
    name: 'Codex CLI',
    version: '0.9.4',
    description: 'ACP adapter for OpenAI’s coding assistant',
    license: 'Apache-2.0',
    distribution: 'binary',
    // As acp-react-bridge --launcher reports a binary it does not download.
    unavailable: 'codex-acp is distributed as a binary, which this bridge does not download.',
  },
  {
    id: 'fast-agent',
    name: 'fast-agent',
    version: '0.4.0',
    description: 'Code and build agents with comprehensive multi-provider support',
    license: 'Apache-2.0',
    distribution: 'uvx',
  },
  {
    id: 'broken-icon',
    name: 'Broken Icon Agent',
    version: '1.0.0',
    description: 'Its icon is not an image URL',
    distribution: 'npx',
    icon: 'javascript:alert(1)',
  },
];

const meta = {
  title: 'Components/AgentPicker',
  component: AgentPicker,
  args: {
    agents,
    onPick: (agent: AgentPickerAgent, _launch: AgentPickerLaunch): string | Promise<string> => `ws://127.0.0.1:3030/${agent.id}`,
    onConnect: () => {},
  },
} satisfies Meta<typeof AgentPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Agents: Story = {};
export const Loading: Story = { args: { agents: null } };
export const LoadFailed: Story = { args: { agents: null, error: 'HTTP 502 from the launcher', onRetry: () => {} } };
export const Empty: Story = { args: { agents: [] } };
/** The host's callback is starting the agent (it never resolves here). */
export const Starting: Story = { args: { onPick: () => new Promise<string>(() => {}) } };
/** A launcher bridge installing the chosen agent: the installer's latest line under "Starting …". */
export const Installing: Story = {
  args: {
    onPick: (_agent: AgentPickerAgent, launch: AgentPickerLaunch) => {
      launch.progress('npm http fetch GET 200 https://registry.npmjs.org/@zed-industries%2fclaude-code-acp 312ms (cache miss)');
      return new Promise<string>(() => {});
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('option', { name: /Claude Code/ }));
    await expect(within(canvasElement).getByText(/npm http fetch GET 200/)).toBeVisible();
  },
};
