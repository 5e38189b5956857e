import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Plan } from '../src/components/Plan/index.js';
import type { PlanEntry } from '../src/core/types.js';

const entries: PlanEntry[] = [
  { content: 'Read the configuration loader and its tests', priority: 'high', status: 'completed' },
  { content: 'Add an `ssl` option with a safe default', priority: 'high', status: 'completed' },
  { content: 'Validate parsed configuration before merging defaults', priority: 'medium', status: 'in_progress' },
  { content: 'Document the new option in the README', priority: 'low', status: 'pending' },
  { content: 'Run the full test suite', priority: 'medium', status: 'pending' },
];

const meta = {
  title: 'Components/Plan',
  component: Plan,
  args: { entries },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof Plan>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InProgress: Story = {};

export const AllPending: Story = {
  args: { entries: entries.map((entry) => ({ ...entry, status: 'pending' })) },
};

export const Completed: Story = {
  args: { entries: entries.map((entry) => ({ ...entry, status: 'completed' })) },
};

export const Collapsed: Story = {
  args: { defaultOpen: false },
};

export const Empty: Story = {
  args: { entries: [] },
};

export const Long: Story = {
  args: {
    entries: Array.from({ length: 24 }, (_, i) => ({
      content:
        i % 5 === 0
          ? `Step ${i + 1}: migrate every call site of the legacy configuration loader in packages/module-${i} to the new validated loader, keeping behaviour identical for existing users`
          : `Step ${i + 1}: update module ${i}`,
      priority: (['high', 'medium', 'low'] as const)[i % 3],
      status: i < 9 ? 'completed' : i === 9 ? 'in_progress' : 'pending',
    })),
  },
};

export const HostileContent: Story = {
  args: {
    entries: [
      { content: '<img src=x onerror="alert(1)"> <b>not bold</b>', priority: 'high', status: 'in_progress' },
      { content: '<script>alert(2)</script>', priority: 'low', status: 'pending' },
    ],
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** The agent resends the whole plan each step; rows update in place. */
function Advancing() {
  const [step, setStep] = useState(0);
  const current = entries.map((entry, i) => ({
    ...entry,
    status: i < step ? 'completed' : i === step ? 'in_progress' : 'pending',
  })) satisfies PlanEntry[];
  return (
    <div style={{ display: 'grid', gap: 8, justifyItems: 'start' }}>
      <Plan entries={current} />
      <button type="button" className="acp-button" onClick={() => setStep((n) => (n + 1) % (entries.length + 1))}>
        Next update
      </button>
    </div>
  );
}

export const LiveUpdates: Story = {
  render: () => <Advancing />,
};
