import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { SessionTabs, type SessionTab } from '../src/components/SessionTabs/index.js';

const noop = () => {};

const tabs: SessionTab[] = [
  { sessionId: 's1', title: 'Fix the failing login test', turn: 'idle', waiting: 2 },
  { sessionId: 's2', title: 'Explain the greeting module', turn: 'running', waiting: 0 },
  { sessionId: 's3', title: 'Rename greetAll to greetEveryone', turn: 'idle', waiting: 0, unseen: true },
  { sessionId: 's4', title: null, turn: 'idle', waiting: 0 },
];

const meta = {
  title: 'Components/SessionTabs',
  component: SessionTabs,
  args: { tabs, activeSessionId: 's4', onActivate: noop, onClose: noop, panelId: 'story-session-panel', idPrefix: 'story' },
  decorators: [
    (Story, { args }) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
        {/* The panel the tabs control, as AgentPanel renders it. */}
        <div
          role="tabpanel"
          id={args.panelId}
          aria-labelledby={`${args.idPrefix}-session-tab-${args.tabs.findIndex((t) => t.sessionId === args.activeSessionId)}`}
          style={{ padding: 12 }}
        >
          The shown session's conversation.
        </div>
      </div>
    ),
  ],
} satisfies Meta<typeof SessionTabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Background sessions: one waiting for two answers (a badge with the count), one working, one finished unseen. */
export const WithBadges: Story = {};

/** Without `onClose`: no close marks and no Close button. */
export const WithoutClosing: Story = { args: { onClose: undefined, activeSessionId: 's1' } };

/** More tabs than fit: the list scrolls sideways, long titles end in an ellipsis. */
export const Overflowing: Story = {
  args: {
    activeSessionId: 'x3',
    tabs: Array.from({ length: 9 }, (_, i) => ({
      sessionId: `x${i}`,
      title: i % 3 === 0 ? null : `A long session title that needs more room than a tab has, number ${i}`,
      turn: i === 5 ? ('running' as const) : ('idle' as const),
      waiting: i === 7 ? 1 : 0,
    })),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
};

const sixteenTitles = [
  'Fix the login redirect loop',
  'Explain the greeting module',
  'Rename greetAll to greetEveryone',
  'Add a punctuation option',
  'Speed up the test suite',
  'Document the config options',
  'Upgrade the SDK to 2.4',
  'Remove the unused helpers',
  'Translate the error messages',
  'Cache the session list',
  'Review the pull request',
  'Split the parser module',
  'Handle a dropped connection',
  'Write the changelog entry',
  'Audit the dependencies',
  'Profile the markdown renderer',
];

/**
 * Sixteen sessions in a 640 px panel: each tab keeps about fourteen characters of its title (the
 * full title in a tooltip), the strip scrolls sideways (wheel, touch, the keys), and the current
 * tab, here the last, is scrolled into view.
 */
export const SixteenSessions: Story = {
  args: {
    activeSessionId: 'm15',
    tabs: sixteenTitles.map((title, i) => ({
      sessionId: `m${i}`,
      title,
      turn: i === 2 || i === 9 ? ('running' as const) : ('idle' as const),
      waiting: i === 5 ? 1 : 0,
      unseen: i === 7 || i === 12,
    })),
  },
};

/** Switch with a click or the arrow keys, Home and End; Delete closes the focused tab. */
export const Interactive: Story = {
  render: function Render(args) {
    const [open, setOpen] = useState(args.tabs);
    const [active, setActive] = useState<string | null>(args.activeSessionId);
    return (
      <SessionTabs
        {...args}
        tabs={open}
        activeSessionId={active}
        onActivate={setActive}
        onClose={(id) => {
          const index = open.findIndex((t) => t.sessionId === id);
          const rest = open.filter((t) => t.sessionId !== id);
          setOpen(rest);
          if (active === id) setActive(rest[Math.min(index, rest.length - 1)]?.sessionId ?? null);
        }}
      />
    );
  },
};
