import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AgentPicker, type AgentPickerAgent, type AgentPickerLaunch } from '../../src/components/AgentPicker/index.js';

const agents: AgentPickerAgent[] = [
  {
    id: 'claude-code-acp',
    name: 'Claude Code',
    version: '0.100.0',
    description: 'Anthropic’s agent',
    license: 'proprietary',
    distribution: 'npx',
    icon: 'https://cdn.example/claude.svg',
  },
  {
    id: 'codex-acp',
    name: 'Codex CLI',
    version: '0.9.4',
    description: 'OpenAI’s agent',
    license: 'Apache-2.0',
    distribution: 'binary',
    icon: 'javascript:alert(1)',
  },
  { id: 'fast-agent', name: 'fast-agent', version: '0.4.0', description: 'Multi-provider', distribution: 'uvx' },
];

describe('AgentPicker', () => {
  it('shows an agent that cannot be started here disabled, with its reason, and never picks it', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn(() => 'ws://x');
    const unavailable = { id: 'codex-acp', name: 'Codex CLI', version: '0.9.4', distribution: 'binary', unavailable: 'binaries are not downloaded' };
    const { container } = render(<AgentPicker agents={[agents[0]!, unavailable]} onPick={onPick} onConnect={() => {}} />);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-disabled', 'true');
    expect(options[1]).toHaveTextContent('Cannot be started here: binaries are not downloaded');
    expect(options[0]).not.toHaveAttribute('aria-disabled');
    await user.click(options[1]!);
    // Reached by the keyboard too (it stays in the list), but Enter does nothing.
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onPick).not.toHaveBeenCalled();
    expect(container.querySelector('[data-slot="agent-picker-launch"]')).toHaveTextContent('');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onPick).toHaveBeenCalledWith(agents[0], expect.anything());
  });

  it('lists the agents with icon, version, description, license and distribution; unsafe icons become initials', () => {
    render(<AgentPicker agents={agents} onPick={() => 'ws://x'} onConnect={() => {}} />);
    const options = within(screen.getByRole('listbox', { name: 'Agents' })).getAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options[0]).toHaveTextContent('Claude Code 0.100.0');
    expect(options[0]).toHaveTextContent('npm package (npx) · License: proprietary');
    const img = options[0]!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://cdn.example/claude.svg');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(options[1]!.querySelector('img')).toBeNull();
    expect(options[1]).toHaveTextContent('CC');
    expect(options[2]).toHaveTextContent('Python package (uvx)');
  });

  it('filters by search, moves with the keyboard, and hands the choice to the host, then connects', async () => {
    const user = userEvent.setup();
    let resolve!: (url: string) => void;
    let progress!: (line: string) => void;
    const onPick = vi.fn((_agent: AgentPickerAgent, launch: AgentPickerLaunch) => {
      progress = launch.progress;
      return new Promise<string>((r) => (resolve = r));
    });
    const onConnect = vi.fn();
    render(<AgentPicker agents={agents} onPick={onPick} onConnect={onConnect} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'agent');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Claude Code'), expect.stringContaining('Codex CLI'), expect.stringContaining('fast-agent')]);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'multi');
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox'));

    await user.keyboard('{ArrowDown}');
    expect(list).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const active = document.getElementById(list.getAttribute('aria-activedescendant')!)!;
    expect(active).toHaveTextContent('Codex CLI');
    expect(active).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledExactlyOnceWith(agents[1], { progress: expect.any(Function) });
    expect(screen.getByText('Starting Codex CLI…')).toBeInTheDocument();
    // The host's progress lines: the latest one is shown, outside the live region.
    act(() => progress('npm http fetch GET 200 codex-acp'));
    act(() => progress('added 12 packages in 3s'));
    expect(screen.getByText('added 12 packages in 3s')).toHaveAttribute('data-slot', 'agent-picker-progress');
    expect(screen.queryByText('npm http fetch GET 200 codex-acp')).toBeNull();
    expect(document.querySelector('[data-slot="agent-picker-launch"]')).toHaveTextContent(/^Starting Codex CLI…$/);
    resolve('ws://127.0.0.1:3030/codex-acp');
    await vi.waitFor(() => expect(onConnect).toHaveBeenCalledExactlyOnceWith('ws://127.0.0.1:3030/codex-acp', agents[1]));
  });

  it('shows a failed start with its message and lets the user choose again', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn().mockRejectedValueOnce(new Error('npx could not install the package')).mockResolvedValueOnce('ws://ok');
    const onConnect = vi.fn();
    render(<AgentPicker agents={agents} onPick={onPick} onConnect={onConnect} />);
    await user.click(screen.getByRole('option', { name: /fast-agent/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('fast-agent could not be started: npx could not install the package');
    await user.click(screen.getByRole('option', { name: /fast-agent/ }));
    await vi.waitFor(() => expect(onConnect).toHaveBeenCalledWith('ws://ok', agents[2]));
  });

  it('says when it is loading, failed to load (with retry), empty, or nothing matches', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const props = { onPick: () => 'ws://x', onConnect: () => {} };
    const { rerender } = render(<AgentPicker agents={null} {...props} />);
    expect(screen.getByText('Loading the agents…')).toBeInTheDocument();
    rerender(<AgentPicker agents={null} error="offline" onRetry={onRetry} {...props} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The agents could not be loaded: offline');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<AgentPicker agents={[]} {...props} />);
    expect(screen.getByText('No agents to choose from.')).toBeInTheDocument();
    rerender(<AgentPicker agents={agents} {...props} />);
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText('No agent matches “zzz”.')).toBeInTheDocument();
  });
});
