import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionStatus, type ConnectionStatusProps } from '../../src/components/ConnectionStatus/index.js';
import type { AgentState, ConnectionState as Status } from '../../src/core/types.js';

const agent: AgentState = {
  info: { name: '@agentclientprotocol/claude-agent-acp', title: 'Claude Agent', version: '0.100.0' },
  capabilities: {},
  authMethods: [],
  protocolVersion: 1,
};
const noReconnect = { attempt: 0, nextAttemptAt: null };

function setup(overrides: Partial<ConnectionStatusProps> = {}) {
  const onRetry = vi.fn();
  const props: ConnectionStatusProps = { status: 'ready', agent, error: null, reconnect: noReconnect, onRetry, ...overrides };
  const utils = render(<ConnectionStatus {...props} />);
  const root = utils.container.querySelector('.acp-connection-status') as HTMLElement;
  return { ...utils, root, onRetry, props };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ConnectionStatus', () => {
  it.each<[Status, string, boolean]>([
    ['idle', 'Not connected', false],
    ['connecting', 'Connecting…', false],
    ['ready', 'Connected', false],
    ['reconnecting', 'Reconnecting', true],
    ['closed', 'Disconnected', true],
    ['error', 'Connection failed', true],
  ])('%s: label "%s", retry offered: %s', (status, label, retry) => {
    const { root } = setup({ status });
    expect(root).toHaveAttribute('data-status', status);
    expect(screen.getByRole('status')).toHaveTextContent(new RegExp(`^${label}$`));
    expect(Boolean(screen.queryByRole('button', { name: /Retry/ }))).toBe(retry);
  });

  it('shows the agent title and version, falling back to its name', () => {
    const { rerender, props } = setup();
    const agentInfo = screen.getByText('Claude Agent');
    expect(agentInfo).toHaveTextContent('Claude Agent version 0.100.0');
    expect(agentInfo).toHaveAttribute('title', '@agentclientprotocol/claude-agent-acp');
    rerender(<ConnectionStatus {...props} agent={{ ...agent, info: { name: 'demo-agent', version: '2.1.0' } }} />);
    expect(screen.getByText('demo-agent')).toHaveTextContent('demo-agent version 2.1.0');
    rerender(<ConnectionStatus {...props} agent={null} />);
    expect(screen.queryByText(/version/)).not.toBeInTheDocument();
  });

  it('counts down to the next attempt every second without touching the live region', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    setup({ status: 'reconnecting', reconnect: { attempt: 2, nextAttemptAt: 1_000_000 + 3_000 } });
    const status = screen.getByRole('status');
    const line = status.parentElement as HTMLElement;
    expect(line).toHaveTextContent('Reconnecting in 3s… (attempt 2)');
    act(() => vi.advanceTimersByTime(1_000));
    expect(line).toHaveTextContent('Reconnecting in 2s… (attempt 2)');
    // Rounded up: 1.001s left still reads 2s, and the number changes on the second boundary.
    act(() => vi.advanceTimersByTime(999));
    expect(line).toHaveTextContent('Reconnecting in 2s… (attempt 2)');
    act(() => vi.advanceTimersByTime(1));
    expect(line).toHaveTextContent('Reconnecting in 1s… (attempt 2)');
    act(() => vi.advanceTimersByTime(1_000));
    expect(line).toHaveTextContent(/^Reconnecting \(attempt 2\)$/);
    expect(status).toHaveTextContent(/^Reconnecting$/);
    expect(line.querySelector('[data-slot="connection-status-countdown"]')?.closest('[role="status"], [aria-live]')).toBeNull();
  });

  it('restarts the countdown for a new attempt', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const { rerender, props } = setup({ status: 'reconnecting', reconnect: { attempt: 1, nextAttemptAt: 5_001_000 } });
    act(() => vi.advanceTimersByTime(1_500));
    rerender(<ConnectionStatus {...props} reconnect={{ attempt: 2, nextAttemptAt: Date.now() + 4_000 }} />);
    expect(screen.getByRole('status').parentElement).toHaveTextContent('Reconnecting in 4s… (attempt 2)');
  });

  it('retries now on request', async () => {
    const user = userEvent.setup();
    const { onRetry, rerender, props } = setup({ status: 'reconnecting', reconnect: { attempt: 1, nextAttemptAt: Date.now() + 10_000 } });
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<ConnectionStatus {...props} status="error" />);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('shows the error message unless connected', () => {
    const error = { code: 1006, message: 'WebSocket closed abnormally' };
    const { rerender, props } = setup({ status: 'error', error });
    expect(screen.getByText('WebSocket closed abnormally')).toBeInTheDocument();
    rerender(<ConnectionStatus {...props} status="ready" />);
    expect(screen.queryByText('WebSocket closed abnormally')).not.toBeInTheDocument();
  });

  it('offers Disconnect only when given and connected or connecting', async () => {
    const user = userEvent.setup();
    const onDisconnect = vi.fn();
    const { rerender, props } = setup();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
    rerender(<ConnectionStatus {...props} onDisconnect={onDisconnect} />);
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(onDisconnect).toHaveBeenCalledOnce();
    rerender(<ConnectionStatus {...props} status="closed" onDisconnect={onDisconnect} />);
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
  });
});
