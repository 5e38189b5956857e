import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '@agentclientprotocol/sdk';
import { SessionList, type SessionListProps } from '../../src/components/SessionList/index.js';
import { AcpUiProvider } from '../../src/components/shared/index.js';

const NOW = Date.parse('2026-06-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const sessions: SessionInfo[] = [
  { sessionId: 'sess-alpha-1', cwd: '/workspace/demo', title: 'Fix login bug', updatedAt: ago(3 * HOUR) },
  { sessionId: '3f2a9c1b77e04d2a', cwd: '/workspace/api', title: null, updatedAt: ago(DAY + HOUR) },
  { sessionId: 'sess-gamma-3', cwd: '/workspace/demo', title: 'Write release notes', updatedAt: ago(20 * 1000) },
  { sessionId: 'sess-delta-4', cwd: '/workspace/demo', title: 'No date' },
];
const all = { load: true, resume: true, close: true, delete: true };
const none = { load: false, resume: false, close: false, delete: false };

function setup(overrides: Partial<SessionListProps> = {}) {
  const handlers = { onOpen: vi.fn(), onClose: vi.fn(), onDelete: vi.fn(), onLoadMore: vi.fn(), onRetry: vi.fn() };
  const props: SessionListProps = { sessions, capabilities: all, now: NOW, activeSessionId: 'sess-alpha-1', ...handlers, ...overrides };
  return { ...render(<SessionList {...props} />), ...handlers, props };
}

/** The row's main button, named by its whole content: title, then time and folder. */
const openButton = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}( |$)`) });
const row = (title: string) => openButton(title).closest('li') as HTMLElement;

describe('SessionList', () => {
  it('shows titles, a fallback with a short id, relative times and the cwd', () => {
    setup();
    const items = within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]).getByText('3 hours ago')).toHaveAttribute('datetime', sessions[0].updatedAt);
    expect(within(items[0]).getByText('/workspace/demo')).toBeInTheDocument();
    expect(within(items[1]).getByRole('button', { name: /^Untitled/ })).toHaveAccessibleName('Untitled session 3f2a9c1b yesterday /workspace/api');
    expect(within(items[2]).getByText('now')).toBeInTheDocument();
    expect(within(items[3]).queryByRole('time')).not.toBeInTheDocument();
  });

  it('formats relative times in the provider locale', () => {
    render(
      <AcpUiProvider locale="fr">
        <SessionList sessions={[sessions[0]]} capabilities={none} now={NOW} />
      </AcpUiProvider>,
    );
    expect(screen.getByText('il y a 3 heures')).toBeInTheDocument();
  });

  it('marks the current session with aria-current', () => {
    setup({ activeSessionId: 'sess-gamma-3' });
    expect(screen.getByRole('button', { current: true })).toHaveAccessibleName('Write release notes now /workspace/demo');
    expect(openButton('Fix login bug')).not.toHaveAttribute('aria-current');
  });

  it('opens with load when possible, and offers resume as well', async () => {
    const user = userEvent.setup();
    const { onOpen } = setup();
    await user.click(openButton('Write release notes'));
    expect(onOpen).toHaveBeenLastCalledWith('sess-gamma-3', 'load');
    await user.click(screen.getByRole('button', { name: 'Resume Write release notes' }));
    expect(onOpen).toHaveBeenLastCalledWith('sess-gamma-3', 'resume');
  });

  it('opens with resume when the agent cannot load', async () => {
    const user = userEvent.setup();
    const { onOpen } = setup({ capabilities: { ...none, resume: true } });
    await user.click(openButton('Fix login bug'));
    expect(onOpen).toHaveBeenCalledExactlyOnceWith('sess-alpha-1', 'resume');
    expect(screen.queryByRole('button', { name: /^Resume/ })).not.toBeInTheDocument();
  });

  it('hides every action the agent cannot do', () => {
    setup({ capabilities: none });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('Fix login bug')).toBeInTheDocument();
    expect(screen.getByText('Fix login bug').closest('[aria-current]')).toHaveAttribute('aria-current', 'true');
  });

  it('hides actions without a callback even when capable', () => {
    setup({ onDelete: undefined, onClose: undefined });
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Close/ })).not.toBeInTheDocument();
  });

  it('offers Close only for sessions open in this client', async () => {
    const user = userEvent.setup();
    const { onClose, rerender, props } = setup();
    expect(screen.getAllByRole('button', { name: /^Close/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Close Fix login bug' }));
    expect(onClose).toHaveBeenCalledExactlyOnceWith('sess-alpha-1');
    rerender(<SessionList {...props} openSessionIds={['sess-alpha-1', 'sess-gamma-3']} />);
    expect(screen.getAllByRole('button', { name: /^Close/ })).toHaveLength(2);
  });

  it('deletes only after an inline confirmation', async () => {
    const user = userEvent.setup();
    const { onDelete } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete Fix login bug' }));
    expect(onDelete).not.toHaveBeenCalled();
    const confirm = within(row('Fix login bug')).getByRole('group', { name: 'Delete this session? This cannot be undone.' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith('sess-alpha-1');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('cancels the confirmation with Escape and returns focus to Delete', async () => {
    const user = userEvent.setup();
    const { onDelete } = setup();
    const deleteButton = screen.getByRole('button', { name: 'Delete Write release notes' });
    await user.click(deleteButton);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Write release notes' })).toHaveFocus();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('moves between rows with the arrow keys', async () => {
    const user = userEvent.setup();
    setup();
    openButton('Fix login bug').focus();
    await user.keyboard('{ArrowDown}');
    expect(openButton('Untitled session')).toHaveFocus();
    await user.keyboard('{End}');
    expect(openButton('No date')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(openButton('Write release notes')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Resume Write release notes' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(openButton('Fix login bug')).toHaveFocus();
  });

  it('loads more pages and shows progress', async () => {
    const user = userEvent.setup();
    const { onLoadMore, rerender, props } = setup({ hasMore: true });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    rerender(<SessionList {...props} loadingMore />);
    const busy = screen.getByRole('button', { name: 'Loading more…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(onLoadMore).toHaveBeenCalledOnce();
    rerender(<SessionList {...props} hasMore={false} />);
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it('shows loading, empty and error states', async () => {
    const user = userEvent.setup();
    const { rerender, props, onRetry } = setup({ sessions: [], loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading sessions…');
    rerender(<SessionList {...props} loading={false} />);
    expect(screen.getByText('No sessions yet')).toBeInTheDocument();
    rerender(<SessionList {...props} loading={false} error={new Error('Method not found')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load sessions: Method not found');
    expect(screen.queryByText('No sessions yet')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('keeps the loaded sessions when a later page fails', () => {
    setup({ hasMore: true, error: 'Connection lost' });
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load sessions: Connection lost');
  });
});
