import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import type { SessionConfigOption, SessionModeState } from '@agentclientprotocol/sdk';
import { ConfigOptions, ModeSelector } from '../src/components/ConfigOptions/index.js';
import { preloadComponents } from '../src/components/shared/index.js';
import claudeTranscript from '../fixtures/claude-agent-acp.offline.ndjson?raw';

/** The `configOptions` claude-agent-acp returned from `session/new` in the recorded transcript. */
function recordedConfigOptions(): SessionConfigOption[] {
  for (const line of claudeTranscript.split('\n')) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line) as { msg?: { result?: { configOptions?: SessionConfigOption[] } } };
    const options = entry.msg?.result?.configOptions;
    if (options) return options;
  }
  throw new Error('fixture has no configOptions');
}
const claudeOptions = recordedConfigOptions();

// Shapes from the session-config-options docs and the boolean / grouped-select RFDs.
const groupedModel: SessionConfigOption = {
  id: 'model',
  name: 'Model',
  category: 'model',
  type: 'select',
  currentValue: 'sonnet',
  options: [
    {
      group: 'anthropic',
      name: 'Anthropic',
      options: [
        { value: 'opus', name: 'Opus', description: 'Best for complex, long-running work' },
        { value: 'sonnet', name: 'Sonnet', description: 'Balanced speed and quality' },
      ],
    },
    {
      group: 'local',
      name: 'Local',
      options: [{ value: 'qwen-coder', name: 'Qwen Coder 32B', description: 'Runs on this machine' }],
    },
  ],
};
const extras: SessionConfigOption[] = [
  { id: 'web', name: 'Web search', description: 'Let the agent search the web', category: 'model_config', type: 'boolean', currentValue: true },
  { id: 'brave', name: 'Brave mode', description: 'Skip confirmations for safe commands', category: '_acme_brave', type: 'boolean', currentValue: false },
  {
    id: 'tone',
    name: 'Tone',
    type: 'select',
    currentValue: 'terse',
    options: [
      { value: 'terse', name: 'Terse' },
      { value: 'chatty', name: 'Chatty' },
    ],
  },
  // An option type from the future: ignored, as the spec asks.
  { id: 'temperature', name: 'Temperature', type: 'slider', currentValue: 0.3 } as unknown as SessionConfigOption,
];
const legacyModes: SessionModeState = {
  currentModeId: 'ask',
  availableModes: [
    { id: 'ask', name: 'Ask', description: 'Request permission before making any changes' },
    { id: 'architect', name: 'Architect', description: 'Design and plan without implementation' },
    { id: 'code', name: 'Code', description: 'Write and modify code with full tool access' },
  ],
};

interface SimulatedAgentProps {
  configOptions: SessionConfigOption[] | null;
  modes?: SessionModeState | null;
  /** Rejects every change with this message, after the delay. */
  failWith?: string;
  delayMs?: number;
  disabled?: boolean;
}

/** Answers like an agent would: after a delay, with the complete new state (or an error). */
function SimulatedAgent({ configOptions, modes = null, failWith, delayMs = 700, disabled }: SimulatedAgentProps) {
  const [options, setOptions] = useState(configOptions);
  const [modeState, setModeState] = useState(modes);
  const later = <T,>(apply: () => T) =>
    new Promise<T>((resolve, reject) => setTimeout(() => (failWith ? reject({ code: -32603, message: failWith }) : resolve(apply())), delayMs));
  return (
    <ConfigOptions
      configOptions={options}
      modes={modeState}
      disabled={disabled}
      onSetConfigOption={(configId, value) =>
        later(() => setOptions((prev) => (prev ?? []).map((o) => (o.id === configId ? ({ ...o, currentValue: value } as SessionConfigOption) : o))))
      }
      onSetMode={(modeId) => later(() => setModeState((prev) => (prev ? { ...prev, currentModeId: modeId } : prev)))}
    />
  );
}

const meta = {
  title: 'Components/ConfigOptions',
  component: SimulatedAgent,
  args: { configOptions: claudeOptions },
  // The controls load on demand; the play functions below drive the loaded listboxes.
  loaders: [() => preloadComponents()],
} satisfies Meta<typeof SimulatedAgent>;

export default meta;
type Story = StoryObj<typeof meta>;

/** claude-agent-acp's real options: mode, model with its model_config settings, effort. */
export const ClaudeAgent: Story = {};

export const GroupedModelsSwitchesAndOther: Story = {
  args: { configOptions: [claudeOptions[0], groupedModel, ...extras] },
};

/** No `mode` config option: the legacy `modes` are shown through ModeSelector. */
export const LegacyModes: Story = {
  args: { configOptions: [groupedModel], modes: legacyModes },
};

export const ModeSelectorAlone: Story = {
  render: () => <ModeSelector modes={legacyModes} onSetMode={() => new Promise((r) => setTimeout(r, 700))} />,
};

export const Disabled: Story = { args: { disabled: true } };

/** Every change fails after a moment: the choice reverts and the error is shown. */
export const AgentRejectsChanges: Story = {
  args: { failWith: 'This model is not available on your plan' },
};

export const ListboxOpen: Story = {
  args: { configOptions: [claudeOptions[0], groupedModel, ...extras] },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /^Model / });
    await userEvent.click(trigger);
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(canvasElement).getByRole('listbox', { name: 'Model' })).toBeVisible();
  },
};

/** In a composer at the bottom of the page the popup opens upwards. */
export const OpensUpwardsNearTheBottom: Story = {
  render: (args) => (
    <div style={{ minHeight: 'calc(100vh - 32px)', display: 'flex', flexDirection: 'column', justifyContent: 'flex-end' }}>
      <SimulatedAgent {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Mode / }));
    await expect(within(canvasElement).getByRole('listbox', { name: 'Mode' })).toBeVisible();
  },
};
