import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import type { SessionInfo } from '@agentclientprotocol/sdk';
import { SessionList } from '../src/components/SessionList/index.js';
import { preloadComponents } from '../src/components/shared/index.js';

// `SessionInfo` as returned by `session/list` (ACP-CLIENT-GUIDE §7.5); times relative to a fixed now.
const NOW = Date.parse('2026-06-10T12:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const page1: SessionInfo[] = [
  { sessionId: 'c1f4e2a0-6b1d-4a57-9d1f-1b2c3d4e5f60', cwd: '/workspace/demo', title: 'Fix the login redirect loop', updatedAt: ago(4) },
  { sessionId: '3f2a9c1b-77e0-4d2a-8c11-a0b1c2d3e4f5', cwd: '/workspace/demo', title: null, updatedAt: ago(95) },
  {
    sessionId: '8d0e6f12-4c3b-4b7a-9e55-0f1e2d3c4b5a',
    cwd: '/workspace/api-gateway/services/billing',
    title: 'Migrate billing webhooks to the new queue',
    updatedAt: ago(60 * 26),
  },
  { sessionId: 'a7b6c5d4-e3f2-4a1b-8c9d-0e1f2a3b4c5d', cwd: '/workspace/docs', title: 'Write release notes for 0.4', updatedAt: ago(60 * 24 * 9) },
];
const page2: SessionInfo[] = [
  { sessionId: 'f0e1d2c3-b4a5-4968-8776-655443322110', cwd: '/workspace/demo', title: 'Set up CI caching', updatedAt: ago(60 * 24 * 40) },
  { sessionId: '0a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d', cwd: '/workspace/demo', title: 'Investigate flaky e2e test', updatedAt: ago(60 * 24 * 400) },
];
const all = { load: true, resume: true, close: true, delete: true };
const noop = () => {};

const meta = {
  title: 'Components/SessionList',
  component: SessionList,
  args: {
    sessions: page1,
    activeSessionId: page1[0].sessionId,
    capabilities: all,
    now: NOW,
    onOpen: noop,
    onClose: noop,
    onDelete: noop,
    onLoadMore: noop,
    onRetry: noop,
  },
  // The rows load on demand; the play function below drives the loaded list.
  loaders: [() => preloadComponents()],
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 440 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SessionList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { hasMore: true } };
export const LoadOnly: Story = { args: { capabilities: { load: true, resume: false, close: false, delete: false } } };
export const ResumeOnly: Story = { args: { capabilities: { load: false, resume: true, close: true, delete: false } } };
export const ReadOnly: Story = { args: { capabilities: { load: false, resume: false, close: false, delete: false } } };

export const ConfirmingDelete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^Delete Migrate billing/ }));
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  },
};

export const Loading: Story = { args: { sessions: [], loading: true } };
export const Empty: Story = { args: { sessions: [] } };
export const Failed: Story = { args: { sessions: [], error: { message: 'Method not found: session/list' } } };
export const LoadingMore: Story = { args: { hasMore: true, loadingMore: true } };
export const NextPageFailed: Story = { args: { hasMore: true, error: { message: 'Connection lost' } } };

/** Cursor paging and deletion against a simulated agent. */
export const Interactive: Story = {
  render: function Render(args) {
    const [sessions, setSessions] = useState(page1);
    const [active, setActive] = useState(page1[0].sessionId);
    const [loadingMore, setLoadingMore] = useState(false);
    const hasMore = !sessions.some((s) => s.sessionId === page2[0].sessionId);
    return (
      <SessionList
        {...args}
        sessions={sessions}
        activeSessionId={active}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={() => {
          setLoadingMore(true);
          setTimeout(() => {
            setSessions((prev) => [...prev, ...page2]);
            setLoadingMore(false);
          }, 800);
        }}
        onOpen={(id) => setActive(id)}
        onDelete={(id) => setSessions((prev) => prev.filter((s) => s.sessionId !== id))}
      />
    );
  },
};
