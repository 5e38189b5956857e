/**
 * @-mentions in PromptInput and in sent messages: the menu (keys, ARIA, loading, error, empty),
 * chips that survive editing, how mentions are sent per promptCapabilities, IME safety.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Message } from '../../src/components/Message/index.js';
import { PromptInput } from '../../src/components/PromptInput/index.js';
import { mentionMarkup, type MentionGroup, type MentionRef, type MentionSource } from '../../src/core/mentions/index.js';
import type { ContentBlock, PromptCapabilities, UserMessageItem } from '../../src/core/types.js';

const cells = [
  { uri: 'notebook:///nb.py#cell-1', label: 'Cell 1', kind: 'cell', detail: 'import pandas as pd' },
  { uri: 'notebook:///nb.py#cell-2', label: 'Cell 2', kind: 'cell', detail: 'df = pd.read_csv(...)' },
];
const files = [{ uri: 'file:///ws/data.csv', label: 'data.csv', kind: 'file' }];

function listSource(overrides: Partial<MentionSource> = {}): MentionSource {
  return {
    search: async (query) => {
      const match = (label: string) => label.toLowerCase().includes(query.toLowerCase());
      const groups: MentionGroup[] = [
        { label: 'Cells', items: cells.filter((c) => match(c.label)) },
        { label: 'Files', items: files.filter((f) => match(f.label)) },
      ];
      return groups.filter((g) => g.items.length > 0);
    },
    read: async (ref) => ({ text: `content of ${ref.label}\n` }),
    ...overrides,
  };
}

function setup({
  source = listSource(),
  caps = { embeddedContext: true },
  maxMentionBytes,
}: { source?: MentionSource; caps?: PromptCapabilities; maxMentionBytes?: number } = {}) {
  const onSubmit = vi.fn<(blocks: ContentBlock[]) => void>();
  const onValueChange = vi.fn();
  const user = userEvent.setup();
  const utils = render(
    <PromptInput
      onSubmit={onSubmit}
      onCancel={vi.fn()}
      running={false}
      promptCapabilities={caps}
      mentionSource={source}
      maxMentionBytes={maxMentionBytes}
      onValueChange={onValueChange}
    />,
  );
  const textbox = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message to the agent' });
  return { ...utils, onSubmit, onValueChange, user, textbox };
}

describe('the @ menu', () => {
  it('lists the source grouped, moves with the arrows, and Enter makes a chip', async () => {
    const { user, textbox, onValueChange } = setup();
    await user.type(textbox, 'explain @');
    const listbox = await screen.findByRole('listbox', { name: 'Mentions' });
    expect(screen.getByRole('group', { name: 'Cells' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Files' })).toBeInTheDocument();
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Cell 1'),
      expect.stringContaining('Cell 2'),
      expect.stringContaining('data.csv'),
    ]);
    expect(textbox).toHaveAttribute('aria-controls', listbox.id);
    expect(textbox).toHaveAttribute('aria-activedescendant', options[0].id);
    await waitFor(() => expect(screen.getByText(/^3 items\./)).toBeInTheDocument());

    await user.keyboard('{ArrowDown}');
    expect(textbox).toHaveAttribute('aria-activedescendant', options[1].id);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(textbox.value).toBe('explain @Cell 2 ');
    expect(onValueChange).toHaveBeenLastCalledWith(`explain ${mentionMarkup(cells[1])} `);
  });

  it('filters as the user types, and Tab chooses too', async () => {
    const { user, textbox } = setup();
    await user.type(textbox, '@data');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('data.csv')]));
    await user.keyboard('{Tab}');
    expect(textbox.value).toBe('@data.csv ');
    expect(textbox).toHaveFocus();
  });

  it('Escape closes the menu and leaves the text; an @ inside a word opens nothing', async () => {
    const search = vi.fn(listSource().search);
    const { user, textbox } = setup({ source: listSource({ search }) });
    await user.type(textbox, 'me@example');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(textbox, ' @');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(textbox.value).toBe('me@example @');
    expect(search.mock.calls.every(([query]) => query === '')).toBe(true);
  });

  it('shows loading while the source is slow, and typing goes on', async () => {
    const pending = new Map<string, (groups: MentionGroup[]) => void>();
    const source = listSource({ search: (query) => new Promise((resolve) => pending.set(query, resolve)) });
    const { user, textbox } = setup({ source });
    await user.type(textbox, '@c');
    await screen.findByText('Searching…', { selector: 'p' });
    await user.type(textbox, 'el');
    expect(textbox.value).toBe('@cel');
    await waitFor(() => expect(pending.has('cel')).toBe(true));
    act(() => pending.get('cel')!([{ label: 'Cells', items: cells }]));
    expect(await screen.findAllByRole('option')).toHaveLength(2);
  });

  it('shows an error with Retry when the source fails, and says when nothing matches', async () => {
    let fail = true;
    const source = listSource({
      search: async (query) => {
        if (fail) throw new Error('index offline');
        return query === 'zzz' ? [] : [{ label: 'Cells', items: cells }];
      },
    });
    const { user, textbox } = setup({ source });
    await user.type(textbox, '@');
    expect(await screen.findByText(/Could not list mentions: index offline/, { selector: 'p' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    await user.type(textbox, 'zzz');
    expect(await screen.findByText('Nothing matches “zzz”.', { selector: 'p' })).toBeInTheDocument();
  });

  it('leaves Enter to the field while the open menu lists nothing', async () => {
    const { user, textbox, onSubmit } = setup();
    await user.type(textbox, '@zzz');
    expect(await screen.findByText('Nothing matches “zzz”.', { selector: 'p' })).toBeInTheDocument();
    expect(textbox).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'text', text: '@zzz' }]);
  });

  it('keeps Enter and Tab with a modifier for the field', async () => {
    const { user, textbox, onSubmit } = setup();
    await user.type(textbox, '@');
    await screen.findAllByRole('option');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(textbox.value).toBe('@\n');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('takes no menu action while an IME composes', async () => {
    const { user, textbox } = setup();
    await user.type(textbox, '@');
    await screen.findAllByRole('option');
    fireEvent.compositionStart(textbox);
    fireEvent.keyDown(textbox, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(textbox, { key: 'ArrowDown', isComposing: true });
    fireEvent.compositionEnd(textbox);
    expect(textbox.value).toBe('@');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });
});

describe('chips in the draft', () => {
  it('Backspace after a chip removes it whole, and edits elsewhere keep it', async () => {
    const { user, textbox, onValueChange } = setup();
    await user.type(textbox, '@');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    await user.type(textbox, 'and more');
    expect(textbox.value).toBe('@Cell 1 and more');
    await user.keyboard('{Home}x');
    expect(onValueChange).toHaveBeenLastCalledWith(`x${mentionMarkup(cells[0])} and more`);
    await user.keyboard('{End}');
    for (let i = 0; i < 'and more'.length + 1; i++) await user.keyboard('{Backspace}');
    expect(textbox.value).toBe('x@Cell 1');
    await user.keyboard('{Backspace}');
    expect(textbox.value).toBe('x');
    expect(onValueChange).toHaveBeenLastCalledWith('x');
  });

  it('survives as the controlled value (draft persistence) and is sent from it', async () => {
    function Host() {
      const [value, setValue] = useState(`fix ${mentionMarkup(cells[1])} please`);
      return <PromptInput value={value} onValueChange={setValue} onSubmit={onSubmit} onCancel={vi.fn()} running={false} mentionSource={listSource()} />;
    }
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Host />);
    const textbox = screen.getByRole<HTMLTextAreaElement>('textbox');
    expect(textbox.value).toBe('fix @Cell 2 please');
    await user.click(textbox);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // No embeddedContext advertised: a link.
    expect(onSubmit.mock.calls[0][0]).toEqual([
      { type: 'text', text: 'fix @Cell 2 please' },
      { type: 'resource_link', uri: cells[1].uri, name: 'Cell 2', _meta: { 'acp-react/mention': { label: 'Cell 2', kind: 'cell' } } },
    ]);
  });
});

describe('sending mentions', () => {
  it('embeds the content with embeddedContext', async () => {
    const { user, textbox, onSubmit } = setup();
    await user.type(textbox, '@');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}why?{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0][1]).toMatchObject({ type: 'resource', resource: { uri: cells[0].uri, text: 'content of Cell 1\n' } });
    expect(textbox.value).toBe('');
  });

  it('sends content over the limit as a link and tells the user', async () => {
    const { user, textbox, onSubmit } = setup({ maxMentionBytes: 10 });
    await user.type(textbox, '@');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0][1]).toMatchObject({ type: 'resource_link', uri: cells[0].uri });
    expect(await screen.findByText(/Cell 1 was sent as a link, not its content: it is 18 bytes and the limit is 10 bytes\./)).toBeInTheDocument();
  });
});

describe('mentions in a sent message', () => {
  it('render as chips that call onMentionOpen', async () => {
    const onMentionOpen = vi.fn<(mention: MentionRef) => void>();
    const item: UserMessageItem = {
      kind: 'user_message',
      id: 'u1',
      text: 'explain @Cell 2',
      content: [
        { type: 'text', text: 'explain @Cell 2' },
        { type: 'resource', resource: { uri: cells[1].uri, text: 'df = 1' }, _meta: { 'acp-react/mention': { label: 'Cell 2', kind: 'cell' } } },
        { type: 'resource_link', uri: 'file:///other.txt', name: 'other.txt' },
      ],
    } as UserMessageItem;
    const user = userEvent.setup();
    render(<Message item={item} onMentionOpen={onMentionOpen} />);
    await user.click(screen.getByRole('button', { name: 'Open Cell 2' }));
    expect(onMentionOpen).toHaveBeenCalledWith({ uri: cells[1].uri, label: 'Cell 2', kind: 'cell' });
    // A block that is not a mention keeps its usual view.
    expect(screen.getByText('other.txt')).toBeInTheDocument();
  });
});
