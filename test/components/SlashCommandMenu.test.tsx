import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PromptInput } from '../../src/components/PromptInput/index.js';
import { SlashCommandMenu, filterCommands, pendingCommand, slashQuery } from '../../src/components/SlashCommandMenu/index.js';
import type { AvailableCommand } from '../../src/core/types.js';

const commands: AvailableCommand[] = [
  { name: 'web', description: 'Search the web', input: { hint: 'query to search for' } },
  { name: 'review', description: 'Review the current diff' },
  { name: 'plan', description: 'Write a plan before coding', input: { hint: 'what to plan' } },
  { name: 'git-checkout', description: 'Switch branches' },
];

function setup(list: AvailableCommand[] = commands) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  const utils = render(<PromptInput onSubmit={onSubmit} onCancel={vi.fn()} running={false} commands={list} />);
  const textbox = screen.getByRole('textbox', { name: 'Message to the agent' });
  return { ...utils, onSubmit, user, textbox };
}

const optionNames = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.querySelector('[data-slot="slash-command-name"]')!.textContent);

describe('slash command rules', () => {
  it('recognises the partial name only at the very start and before a space', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/we')).toBe('we');
    expect(slashQuery('/web ')).toBeNull();
    expect(slashQuery(' /web')).toBeNull();
    expect(slashQuery('see /web')).toBeNull();
  });

  it('ranks prefix, then contains, then description, then scattered letters', () => {
    const names = (q: string) => filterCommands(commands, q).map((c) => c.name);
    expect(names('')).toEqual(['web', 'review', 'plan', 'git-checkout']);
    expect(names('re')).toEqual(['review']);
    expect(names('e')).toEqual(['web', 'review', 'git-checkout']);
    expect(names('sw')).toEqual(['git-checkout']);
    expect(names('diff')).toEqual(['review']);
    expect(names('gco')).toEqual(['git-checkout']);
    expect(names('zzz')).toEqual([]);
  });

  it('finds the command awaiting its input', () => {
    expect(pendingCommand('/web ', commands)?.name).toBe('web');
    expect(pendingCommand('/web x', commands)).toBeNull();
    expect(pendingCommand('/nope ', commands)).toBeNull();
  });
});

describe('SlashCommandMenu in PromptInput', () => {
  it('stays closed until / starts the input, then controls the list and announces it', async () => {
    const { textbox, user } = setup();
    expect(textbox).toHaveAttribute('aria-autocomplete', 'list');
    expect(textbox).toHaveAttribute('aria-haspopup', 'listbox');
    expect(textbox).not.toHaveAttribute('aria-controls');
    await user.type(textbox, 'hi /');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.clear(textbox);
    await user.type(textbox, '/');
    const listbox = screen.getByRole('listbox', { name: 'Commands' });
    expect(textbox).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getByRole('status')).toHaveTextContent('4 commands.');
    expect(optionNames()).toEqual(['/web', '/review', '/plan', '/git-checkout']);
    expect(within(listbox).getByText('Search the web')).toBeInTheDocument();
    expect(within(listbox).getByText('Input: query to search for')).toBeInTheDocument();
  });

  it('filters by the typed prefix', async () => {
    const { textbox, user } = setup();
    await user.type(textbox, '/pl');
    expect(optionNames()).toEqual(['/plan']);
    await user.type(textbox, 'x');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves with the arrows and points aria-activedescendant at the selected option', async () => {
    const { textbox, user } = setup();
    await user.type(textbox, '/');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(textbox).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    expect(textbox).toHaveAttribute('aria-activedescendant', options[2].id);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    // Wraps from the first to the last.
    expect(textbox).toHaveAttribute('aria-activedescendant', options[3].id);
    expect(textbox).toHaveFocus();
  });

  it('completes /name with Enter without sending, then shows the hint', async () => {
    const { textbox, user, onSubmit } = setup();
    await user.type(textbox, '/w{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(textbox).toHaveValue('/web ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(textbox).not.toHaveAttribute('aria-controls');
    expect(textbox).not.toHaveAttribute('aria-activedescendant');
    expect(textbox).toHaveAttribute('placeholder', 'query to search for');
    await user.type(textbox, 'acp docs');
    expect(textbox).not.toHaveAttribute('placeholder', 'query to search for');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'text', text: '/web acp docs' }]);
  });

  it('completes with Tab', async () => {
    const { textbox, user } = setup();
    await user.type(textbox, '/');
    await user.keyboard('{ArrowDown}{Tab}');
    expect(textbox).toHaveValue('/review ');
    expect(textbox).toHaveFocus();
  });

  it('completes on click and keeps focus in the input', async () => {
    const { textbox, user } = setup();
    await user.type(textbox, '/');
    await user.click(screen.getByText('/plan'));
    expect(textbox).toHaveValue('/plan ');
    expect(textbox).toHaveFocus();
    expect(textbox).toHaveAttribute('placeholder', 'what to plan');
  });

  it('closes with Escape and Enter then sends what was typed', async () => {
    const { textbox, user, onSubmit } = setup();
    await user.type(textbox, '/rev');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(textbox).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'text', text: '/rev' }]);
  });

  it('takes no menu action while an IME composes, and leaves Shift+Enter to the field', async () => {
    const { textbox, user, onSubmit } = setup();
    await user.type(textbox, '/');
    fireEvent.compositionStart(textbox);
    fireEvent.keyDown(textbox, { key: 'ArrowDown', isComposing: true });
    fireEvent.keyDown(textbox, { key: 'Enter', isComposing: true });
    fireEvent.compositionEnd(textbox);
    expect(textbox).toHaveValue('/');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('/web');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(textbox).toHaveValue('/\n');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('reopens after Escape when the user types again', async () => {
    const { textbox, user } = setup();
    await user.type(textbox, '/');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(textbox, 'p');
    expect(optionNames()).toEqual(['/plan']);
  });

  it('updates live when the command list changes, keeping the active command by name', async () => {
    const { textbox, user, rerender } = setup();
    await user.type(textbox, '/');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('/plan');
    const next: AvailableCommand[] = [{ name: 'compact', description: 'Compact the context' }, ...commands.filter((c) => c.name !== 'review')];
    rerender(<PromptInput onSubmit={vi.fn()} onCancel={vi.fn()} running={false} commands={next} />);
    expect(optionNames()).toEqual(['/compact', '/web', '/plan', '/git-checkout']);
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('/plan');
    // The selected one disappears: the first takes over.
    rerender(<PromptInput onSubmit={vi.fn()} onCancel={vi.fn()} running={false} commands={next.filter((c) => c.name !== 'plan')} />);
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('/compact');
  });

  it('has no autocomplete attributes without commands', () => {
    render(<PromptInput onSubmit={vi.fn()} onCancel={vi.fn()} running={false} />);
    const textbox = screen.getByRole('textbox', { name: 'Message to the agent' });
    expect(textbox).not.toHaveAttribute('aria-autocomplete');
    expect(textbox).not.toHaveAttribute('aria-haspopup');
  });

  it('closes when the field loses focus', async () => {
    const { textbox, user } = setup();
    await user.type(textbox, '/');
    await user.click(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('SlashCommandMenu on its own', () => {
  it('is a focusable listbox driven by arrows, Home, End, Enter and Escape', () => {
    const onActiveChange = vi.fn();
    const onSelect = vi.fn();
    const onClose = vi.fn();
    render(
      <SlashCommandMenu
        id="cmds"
        commands={commands}
        activeIndex={1}
        optionId={(i) => `cmd-${i}`}
        onSelect={onSelect}
        onActiveChange={onActiveChange}
        onClose={onClose}
      />,
    );
    const listbox = screen.getByRole('listbox', { name: 'Commands' });
    expect(listbox).toHaveAttribute('tabindex', '0');
    expect(listbox).toHaveAttribute('aria-activedescendant', 'cmd-1');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('/review');
    fireEvent.keyDown(listbox, { key: 'ArrowDown' });
    expect(onActiveChange).toHaveBeenLastCalledWith(2);
    fireEvent.keyDown(listbox, { key: 'ArrowUp' });
    expect(onActiveChange).toHaveBeenLastCalledWith(0);
    fireEvent.keyDown(listbox, { key: 'End' });
    expect(onActiveChange).toHaveBeenLastCalledWith(3);
    fireEvent.keyDown(listbox, { key: 'Home' });
    expect(onActiveChange).toHaveBeenLastCalledWith(0);
    fireEvent.keyDown(listbox, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(1);
    fireEvent.keyDown(listbox, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    fireEvent.click(screen.getByText('/plan'));
    expect(onSelect).toHaveBeenLastCalledWith(2);
  });
});
