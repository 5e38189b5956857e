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

  it('keeps the last failure on screen while it retries, an attempt running included, until connected', () => {
    const error = { code: 'timeout', message: 'The agent did not answer initialize within 20 s.' };
    const { rerender, props } = setup({ status: 'reconnecting', agent: null, error, reconnect: { attempt: 2, nextAttemptAt: null } });
    expect(screen.getByText(error.message)).toBeInTheDocument();
    rerender(<ConnectionStatus {...props} status="connecting" />);
    expect(screen.getByText(error.message)).toBeInTheDocument();
    rerender(<ConnectionStatus {...props} status="ready" />);
    expect(screen.queryByText(error.message)).not.toBeInTheDocument();
  });

  it('shows what the bridge said of the agent process under the error: how it ended and what it wrote', () => {
    const error = { code: 'connection_closed', message: 'The connection to the agent closed.' };
    const agentProcess = { exit: { code: 1, signal: null, description: 'agent exited with code 1' }, stderr: ['starting', 'Error: spawn cursor-agent ENOENT'] };
    const { rerender, props, root } = setup({ status: 'reconnecting', agent: null, error, agentProcess });
    const report = root.querySelector('[data-slot="connection-status-agent-process"]') as HTMLElement;
    expect(report).toHaveTextContent('The agent exited with status 1.');
    const output = screen.getByRole('group', { name: 'What the agent wrote to stderr' });
    expect(output.textContent).toBe('starting\nError: spawn cursor-agent ENOENT');
    // Scrollable, so reachable from the keyboard.
    expect(output).toHaveAttribute('tabindex', '0');
    expect(report.compareDocumentPosition(screen.getByText(error.message)) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();

    rerender(
      <ConnectionStatus {...props} agentProcess={{ ...agentProcess, exit: { code: null, signal: 'SIGKILL', description: 'agent was killed by SIGKILL' } }} />,
    );
    expect(screen.getByText('The agent was stopped by SIGKILL.')).toBeInTheDocument();
    rerender(
      <ConnectionStatus {...props} agentProcess={{ exit: { code: null, signal: null, description: 'agent failed to start: spawn x ENOENT' }, stderr: [] }} />,
    );
    expect(screen.getByText('The agent could not start: agent failed to start: spawn x ENOENT')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'What the agent wrote to stderr' })).not.toBeInTheDocument();
    rerender(<ConnectionStatus {...props} status="connecting" agentProcess={{ exit: null, stderr: ['Error: spawn cursor-agent ENOENT'] }} />);
    expect(screen.getByText('The agent started but has not answered.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'What the agent wrote to stderr' })).toHaveTextContent('Error: spawn cursor-agent ENOENT');
    rerender(<ConnectionStatus {...props} status="ready" agentProcess={{ exit: null, stderr: ['ready'] }} />);
    expect(root.querySelector('[data-slot="connection-status-agent-process"]')).toBeNull();
  });

  it('says when reconnecting stopped after the same failure twice, and offers Retry', async () => {
    const user = userEvent.setup();
    const error = { code: 'timeout', message: 'The agent did not answer initialize within 20 s.' };
    const { onRetry, rerender, props } = setup({ status: 'error', agent: null, error, reconnect: { attempt: 1, nextAttemptAt: null, repeatedFailure: true } });
    expect(screen.getByText('Stopped reconnecting: the last two attempts failed the same way.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    // Retrying: no longer stopped, whatever the reconnect state still says.
    rerender(<ConnectionStatus {...props} status="connecting" />);
    expect(screen.queryByText(/Stopped reconnecting/)).not.toBeInTheDocument();
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
