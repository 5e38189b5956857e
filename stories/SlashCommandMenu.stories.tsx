import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { PromptInput } from '../src/components/PromptInput/index.js';
import { SlashCommandMenu } from '../src/components/SlashCommandMenu/index.js';
import type { AvailableCommand } from '../src/core/types.js';

import recording from '../fixtures/claude-agent-acp.offline.ndjson?raw';

/** The command list claude-agent-acp advertised in the recorded session (first `available_commands_update`). */
function recordedCommands(): AvailableCommand[] {
  for (const line of recording.split('\n')) {
    if (!line.includes('available_commands_update')) continue;
    const update = JSON.parse(line)?.msg?.params?.update;
    if (Array.isArray(update?.availableCommands)) return update.availableCommands as AvailableCommand[];
  }
  return [];
}

const allCommands = recordedCommands();
const commands = allCommands.filter((c) => ['compact', 'context', 'code-review', 'config', 'debug', 'init'].includes(c.name));

const meta = {
  title: 'Components/SlashCommandMenu',
  component: SlashCommandMenu,
  args: { id: 'story-commands', commands, activeIndex: 0, optionId: (i: number) => `story-command-${i}`, onSelect: () => {} },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof SlashCommandMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Menu: Story = {};

export const SecondActive: Story = {
  args: { activeIndex: 2 },
};

/** The menu as it appears in PromptInput: open because the input starts with `/`. */
export const InPromptInput: Story = {
  render: () => (
    <div style={{ paddingTop: 300 }}>
      <PromptInput defaultValue="/co" commands={commands} running={false} onSubmit={() => {}} onCancel={() => {}} />
    </div>
  ),
};

/** Every command of the recording (a long list scrolls inside the menu). */
export const LongRecordedList: Story = {
  render: () => (
    <div style={{ paddingTop: 300 }}>
      <PromptInput defaultValue="/" commands={allCommands} running={false} onSubmit={() => {}} onCancel={() => {}} />
    </div>
  ),
};

/** After completing `/compact `: the command's input hint shows where the argument goes. */
export const HintAfterCompletion: Story = {
  render: () => (
    <div style={{ paddingTop: 40 }}>
      <PromptInput defaultValue="/compact " commands={commands} running={false} onSubmit={() => {}} onCancel={() => {}} />
    </div>
  ),
};

/** The agent replaces its command list while the menu is open; the active command stays selected. */
export const LiveUpdate: Story = {
  render: () => {
    function Live() {
      const [list, setList] = useState(commands.slice(0, 3));
      useEffect(() => {
        const timer = setInterval(() => setList((l) => (l.length === 3 ? commands : commands.slice(0, 3))), 1500);
        return () => clearInterval(timer);
      }, []);
      return (
        <div style={{ paddingTop: 300 }}>
          <PromptInput defaultValue="/" commands={list} running={false} onSubmit={() => {}} onCancel={() => {}} />
        </div>
      );
    }
    return <Live />;
  },
};
