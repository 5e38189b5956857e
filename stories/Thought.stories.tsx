import { useEffect, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Thought } from '../src/components/Thought/index.js';
import type { ThoughtItem } from '../src/core/types.js';

const REASONING = `The user wants validation in the config loader. Options:

1. Validate in \`loadConfig\` directly: simple, but mixes parsing and checks.
2. A separate \`validate()\`: testable on its own.

Option 2 is cleaner. Ports arrive from **JSON**, so they may be strings; \`Number.isInteger\` rejects both strings and floats.`;

function thought(text: string, endedAt: number | null, startedAt = 1_700_000_000_000): ThoughtItem {
  return { id: 'thought-1', kind: 'thought', messageId: null, content: [{ type: 'text', text }], text, startedAt, endedAt };
}

/** A thought that streams for a few seconds, then ends: it folds itself away. */
function LiveThought() {
  const [startedAt] = useState(() => Date.now());
  const [length, setLength] = useState(0);
  const [endedAt, setEndedAt] = useState<number | null>(null);
  useEffect(() => {
    if (length >= REASONING.length) {
      setEndedAt((value) => value ?? Date.now());
      return;
    }
    const timer = setTimeout(() => setLength((n) => Math.min(REASONING.length, n + 8)), 40);
    return () => clearTimeout(timer);
  }, [length]);
  return <Thought item={thought(REASONING.slice(0, length), endedAt, startedAt)} streaming />;
}

const meta = {
  title: 'Components/Thought',
  component: Thought,
  args: { item: thought(REASONING, 1_700_000_004_200) },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
} satisfies Meta<typeof Thought>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Done: Story = {};

export const DoneOpen: Story = {
  args: { defaultOpen: true },
};

export const Streaming: Story = {
  args: { item: thought(REASONING.slice(0, 140), null), streaming: true },
};

export const LiveThenDone: Story = {
  render: () => <LiveThought />,
};

export const EmptyStreaming: Story = {
  args: { item: thought('', null), streaming: true },
};

export const Interrupted: Story = {
  args: { item: thought('I was about to check the', null) },
};

export const Long: Story = {
  args: {
    item: thought(
      Array.from({ length: 12 }, (_, i) => `Step ${i + 1}: ${'weighing trade-offs between approaches, '.repeat(6)}`).join('\n\n'),
      1_700_000_095_000,
    ),
    defaultOpen: true,
  },
};

export const Hostile: Story = {
  args: {
    item: thought('<script>alert(1)</script> and [click](javascript:alert(1)) and ![x](https://tracker.example/p.gif)', 1_700_000_001_000),
    defaultOpen: true,
  },
};

export const Dark: Story = {
  args: { defaultOpen: true },
  globals: { theme: 'dark' },
};

export const DarkStreaming: Story = {
  ...Streaming,
  globals: { theme: 'dark' },
};
