import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionConfigOption, SessionModeState } from '@agentclientprotocol/sdk';
import { ConfigOptions, ModeSelector } from '../../src/components/ConfigOptions/index.js';

const modeOption: SessionConfigOption = {
  id: 'mode',
  name: 'Mode',
  category: 'mode',
  type: 'select',
  currentValue: 'default',
  options: [
    { value: 'default', name: 'Manual', description: 'Always ask before making changes' },
    { value: 'acceptEdits', name: 'Accept edits', description: 'Automatically accept all file edits' },
    { value: 'plan', name: 'Plan', description: 'Create a plan before making changes' },
  ],
};
const modelOption: SessionConfigOption = {
  id: 'model',
  name: 'Model',
  category: 'model',
  type: 'select',
  currentValue: 'opus',
  options: [
    {
      group: 'anthropic',
      name: 'Anthropic',
      options: [
        { value: 'opus', name: 'Opus', description: 'Best for complex tasks' },
        { value: 'sonnet', name: 'Sonnet' },
      ],
    },
    { group: 'local', name: 'Local', options: [{ value: 'llama', name: 'Llama' }] },
  ],
};
const effortOption: SessionConfigOption = {
  id: 'effort',
  name: 'Effort',
  category: 'thought_level',
  type: 'select',
  currentValue: 'medium',
  options: [
    { value: 'low', name: 'Low' },
    { value: 'medium', name: 'Medium' },
    { value: 'high', name: 'High' },
  ],
};
const fastOption: SessionConfigOption = { id: 'fast', name: 'Fast mode', category: 'model_config', type: 'boolean', currentValue: false };
const braveOption: SessionConfigOption = { id: 'brave', name: 'Brave', category: '_acme_brave', type: 'boolean', currentValue: false };
const plainOption: SessionConfigOption = {
  id: 'tone',
  name: 'Tone',
  type: 'select',
  currentValue: 'dry',
  options: [
    { value: 'dry', name: 'Dry' },
    { value: 'warm', name: 'Warm' },
  ],
};
const sliderOption = { id: 'temp', name: 'Temperature', category: 'model_config', type: 'slider', currentValue: 0.4 } as unknown as SessionConfigOption;

const modes: SessionModeState = {
  currentModeId: 'ask',
  availableModes: [
    { id: 'ask', name: 'Ask', description: 'Request permission before changes' },
    { id: 'code', name: 'Code', description: 'Write and modify code' },
  ],
};

function setup(configOptions: SessionConfigOption[] | null, extra: Partial<Parameters<typeof ConfigOptions>[0]> = {}) {
  const onSetConfigOption = vi.fn();
  const onSetMode = vi.fn();
  const props = { configOptions, modes: null, onSetConfigOption, onSetMode, ...extra };
  const utils = render(<ConfigOptions {...props} />);
  return { ...utils, onSetConfigOption, onSetMode, props };
}

const trigger = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label} `) });

function deferred() {
  let resolve!: (value?: unknown) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfigOptions grouping', () => {
  it('groups by category in first-appearance order, model settings beside the model, unknown types skipped', () => {
    setup([effortOption, fastOption, braveOption, modelOption, sliderOption, modeOption, plainOption]);
    const root = screen.getByRole('group', { name: 'Session settings' });
    const groups = within(root)
      .getAllByRole('group')
      .filter((g) => g.parentElement === root);
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Reasoning', 'Model', 'Other settings', 'Mode']);
    // model_config options come after the model selector even when listed first.
    const modelControls = groups[1].querySelectorAll('[data-slot="config-control"]');
    expect([...modelControls].map((c) => c.getAttribute('data-config-id'))).toEqual(['model', 'fast']);
    const otherControls = groups[2].querySelectorAll('[data-slot="config-control"]');
    expect([...otherControls].map((c) => c.getAttribute('data-config-id'))).toEqual(['brave', 'tone']);
    expect(screen.queryByText('Temperature')).not.toBeInTheDocument();
  });

  it('renders nothing without options or modes', () => {
    const { container } = setup(null);
    expect(container).toBeEmptyDOMElement();
  });

  it('reflects live prop updates', () => {
    const { rerender, props } = setup([modeOption]);
    expect(trigger('Mode')).toHaveTextContent('Manual');
    rerender(<ConfigOptions {...props} configOptions={[{ ...modeOption, currentValue: 'plan' }]} />);
    expect(trigger('Mode')).toHaveTextContent('Plan');
  });
});

describe('ConfigOptions listbox', () => {
  it('opens on ArrowDown at the current value, moves with the keyboard and selects with Enter', async () => {
    const user = userEvent.setup();
    const { onSetConfigOption } = setup([modeOption]);
    const button = trigger('Mode');
    expect(button).toHaveAccessibleName('Mode Manual');
    button.focus();
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox', { name: 'Mode' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(listbox).toHaveFocus();
    const active = () => document.getElementById(listbox.getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveTextContent('Manual');
    expect(within(listbox).getByRole('option', { name: /Manual/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(listbox).getByRole('option', { name: /Plan/ })).toHaveTextContent('Create a plan before making changes');

    await user.keyboard('{End}');
    expect(active()).toHaveTextContent('Plan');
    await user.keyboard('{Home}');
    expect(active()).toHaveTextContent('Manual');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(active()).toHaveTextContent('Accept edits');
    await user.keyboard('{Enter}');

    expect(onSetConfigOption).toHaveBeenCalledExactlyOnceWith('mode', 'acceptEdits');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on Escape without choosing and returns focus', async () => {
    const user = userEvent.setup();
    const { onSetConfigOption } = setup([modeOption]);
    await user.click(trigger('Mode'));
    expect(screen.getByRole('listbox')).toHaveFocus();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger('Mode')).toHaveFocus();
    expect(onSetConfigOption).not.toHaveBeenCalled();
  });

  it('does not call back when the current value is picked again, and picks by click', async () => {
    const user = userEvent.setup();
    const { onSetConfigOption } = setup([modeOption]);
    await user.click(trigger('Mode'));
    await user.keyboard('{Enter}');
    expect(onSetConfigOption).not.toHaveBeenCalled();
    await user.click(trigger('Mode'));
    await user.click(screen.getByRole('option', { name: /Plan/ }));
    expect(onSetConfigOption).toHaveBeenCalledExactlyOnceWith('mode', 'plan');
  });

  it('jumps to an option by typing its first letters', async () => {
    const user = userEvent.setup();
    const { onSetConfigOption } = setup([effortOption]);
    trigger('Effort').focus();
    await user.keyboard('{ArrowDown}h{Enter}');
    expect(onSetConfigOption).toHaveBeenCalledWith('effort', 'high');
  });

  it('shows grouped options under their group labels and selects across groups', async () => {
    const user = userEvent.setup();
    const { onSetConfigOption } = setup([modelOption]);
    await user.click(trigger('Model'));
    const listbox = screen.getByRole('listbox', { name: 'Model' });
    const anthropic = within(listbox).getByRole('group', { name: 'Anthropic' });
    expect(
      within(anthropic)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['OpusBest for complex tasks', 'Sonnet']);
    expect(within(within(listbox).getByRole('group', { name: 'Local' })).getByRole('option')).toHaveTextContent('Llama');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(listbox.getAttribute('aria-activedescendant')).toBe(within(listbox).getByRole('option', { name: 'Llama' }).id);
    await user.keyboard(' ');
    expect(onSetConfigOption).toHaveBeenCalledExactlyOnceWith('model', 'llama');
  });

  it('disables every control when disabled', () => {
    setup([modeOption, fastOption], { disabled: true });
    expect(trigger('Mode')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Fast mode' })).toBeDisabled();
  });
});

describe('ConfigOptions boolean', () => {
  it('toggles a switch and calls back with a boolean', async () => {
    const user = userEvent.setup();
    const { onSetConfigOption } = setup([braveOption]);
    const toggle = screen.getByRole('switch', { name: 'Brave' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(onSetConfigOption).toHaveBeenCalledExactlyOnceWith('brave', true);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});

describe('ConfigOptions modes', () => {
  it('hides legacy modes when a mode config option exists', () => {
    setup([modeOption], { modes });
    expect(screen.getAllByRole('button', { name: /^Mode / })).toHaveLength(1);
    expect(trigger('Mode')).toHaveTextContent('Manual');
    expect(screen.queryByText('Ask')).not.toBeInTheDocument();
  });

  it('shows legacy modes otherwise and sets the mode by id', async () => {
    const user = userEvent.setup();
    const { onSetMode, onSetConfigOption } = setup([effortOption], { modes });
    expect(trigger('Mode')).toHaveTextContent('Ask');
    await user.click(trigger('Mode'));
    await user.click(screen.getByRole('option', { name: /Code/ }));
    expect(onSetMode).toHaveBeenCalledExactlyOnceWith('code');
    expect(onSetConfigOption).not.toHaveBeenCalled();
  });

  it('ModeSelector follows current_mode_update props', () => {
    const { rerender } = render(<ModeSelector modes={modes} onSetMode={() => {}} />);
    expect(trigger('Mode')).toHaveTextContent('Ask');
    rerender(<ModeSelector modes={{ ...modes, currentModeId: 'code' }} onSetMode={() => {}} />);
    expect(trigger('Mode')).toHaveTextContent('Code');
  });
});

describe('ConfigOptions optimistic updates', () => {
  it('shows the choice as pending, then takes the agent answer from the props', async () => {
    const user = userEvent.setup();
    const request = deferred();
    const { rerender, props } = setup([modeOption], { onSetConfigOption: vi.fn(() => request.promise) });
    await user.click(trigger('Mode'));
    await user.click(screen.getByRole('option', { name: /Plan/ }));

    const control = trigger('Mode').closest('[data-slot="config-control"]');
    expect(trigger('Mode')).toHaveTextContent('Plan');
    expect(control).toHaveAttribute('data-state', 'pending');
    expect(trigger('Mode')).toHaveAccessibleDescription('Updating…');

    // An unrelated update while the request is in flight does not undo the choice.
    rerender(<ConfigOptions {...props} configOptions={[{ ...modeOption }]} />);
    expect(trigger('Mode')).toHaveTextContent('Plan');

    // The agent answers with the complete state; here it settled on another value.
    await act(async () => request.resolve([]));
    rerender(<ConfigOptions {...props} configOptions={[{ ...modeOption, currentValue: 'acceptEdits' }]} />);
    expect(trigger('Mode')).toHaveTextContent('Accept edits');
    expect(control).toHaveAttribute('data-state', 'idle');
  });

  it('lets the props win shortly after success even if they never change', async () => {
    const user = userEvent.setup();
    setup([modeOption], { onSetConfigOption: vi.fn(() => Promise.resolve()) });
    await user.click(trigger('Mode'));
    await user.click(screen.getByRole('option', { name: /Plan/ }));
    await waitFor(() => expect(trigger('Mode')).toHaveTextContent('Manual'));
    expect(trigger('Mode').closest('[data-slot="config-control"]')).toHaveAttribute('data-state', 'idle');
  });

  it('reverts and reports the error when the request fails', async () => {
    const user = userEvent.setup();
    const request = deferred();
    const onSetConfigOption = vi
      .fn()
      .mockReturnValueOnce(request.promise)
      .mockReturnValue(new Promise(() => {}));
    setup([modeOption, fastOption], { onSetConfigOption });
    await user.click(screen.getByRole('switch', { name: 'Fast mode' }));
    expect(screen.getByRole('switch', { name: 'Fast mode' })).toHaveAttribute('aria-checked', 'true');

    await act(async () => request.reject({ code: -32603, message: 'Fast mode needs a paid plan' }));
    const toggle = screen.getByRole('switch', { name: 'Fast mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not change Fast mode: Fast mode needs a paid plan');
    expect(toggle).toHaveAccessibleDescription('Could not change Fast mode: Fast mode needs a paid plan');

    // The next attempt clears the message.
    await user.click(toggle);
    expect(onSetConfigOption).toHaveBeenLastCalledWith('fast', true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('only the latest of two quick choices counts', async () => {
    const user = userEvent.setup();
    const first = deferred();
    const second = deferred();
    const onSetConfigOption = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    setup([modeOption], { onSetConfigOption });
    await user.click(trigger('Mode'));
    await user.click(screen.getByRole('option', { name: /Plan/ }));
    await user.click(trigger('Mode'));
    await user.click(screen.getByRole('option', { name: /Accept edits/ }));
    await act(async () => first.reject(new Error('superseded')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(trigger('Mode')).toHaveTextContent('Accept edits');
  });

  it('with a callback that returns nothing, stays pending until the props change', async () => {
    const user = userEvent.setup();
    const { rerender, props } = setup([modeOption]);
    await user.click(trigger('Mode'));
    await user.click(screen.getByRole('option', { name: /Plan/ }));
    expect(trigger('Mode')).toHaveTextContent('Plan');
    expect(trigger('Mode').closest('[data-slot="config-control"]')).toHaveAttribute('data-state', 'pending');
    rerender(<ConfigOptions {...props} configOptions={[{ ...modeOption, currentValue: 'plan' }]} />);
    expect(trigger('Mode').closest('[data-slot="config-control"]')).toHaveAttribute('data-state', 'idle');
  });

  it('reverts a legacy mode change that fails', async () => {
    const user = userEvent.setup();
    render(<ModeSelector modes={modes} onSetMode={() => Promise.reject(new Error('Mode locked'))} />);
    await user.click(trigger('Mode'));
    await user.click(screen.getByRole('option', { name: /Code/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not change Mode: Mode locked');
    expect(trigger('Mode')).toHaveTextContent('Ask');
  });
});
