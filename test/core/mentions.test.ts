import { describe, expect, it, vi } from 'vitest';
import { blockMention, draftFromBlocks, draftPromptBlocks, resolveMentionBlocks } from '../../src/core/mentions/blocks.js';
import { draftDisplayText, draftMentions, mentionMarkup, parseDraft } from '../../src/core/mentions/draft.js';
import { appendMention, applyDisplayEdit, diffDisplay, insertMention, mentionAtCaret, mentionQueryAt } from '../../src/core/mentions/draft-edit.js';
import { createMentionSearch } from '../../src/core/mentions/search.js';
import type { MentionGroup, MentionSource } from '../../src/core/mentions/types.js';

const cell = { uri: 'notebook:///analysis.py#cell-2', label: 'Cell 2', kind: 'cell' };
const file = { uri: 'file:///src/a](b).ts', label: 'weird] "name"', kind: 'file' };

describe('draft markup', () => {
  it('round-trips mentions with characters that would end the markup', () => {
    const value = `see ${mentionMarkup(file)} and ${mentionMarkup(cell)}!`;
    expect(parseDraft(value)).toEqual([{ text: 'see ' }, { mention: file }, { text: ' and ' }, { mention: cell }, { text: '!' }]);
    expect(draftDisplayText(value)).toBe('see @weird] "name" and @Cell 2!');
  });

  it('lists each mentioned URI once, in order', () => {
    const value = `${mentionMarkup(cell)} ${mentionMarkup(file)} ${mentionMarkup(cell)}`;
    expect(draftMentions(value)).toEqual([cell, file]);
  });

  it('keeps text that only looks like a mention as text', () => {
    expect(parseDraft('mail a@b.c, @[unclosed](x')).toEqual([{ text: 'mail a@b.c, @[unclosed](x' }]);
  });
});

describe('editing through the display text', () => {
  const value = `fix ${mentionMarkup(cell)} now`; // display: "fix @Cell 2 now", chip at [4, 11)

  it('removes a chip whole when a deletion touches it', () => {
    // Backspace on the chip's last character, as the browser would do it.
    const edit = diffDisplay('fix @Cell 2 now', 'fix @Cell  now', 10);
    expect(applyDisplayEdit(value, edit)).toEqual({ value: 'fix  now', caret: 4 });
  });

  it('moves typing inside a chip to after it', () => {
    const edit = diffDisplay('fix @Cell 2 now', 'fix @Cexll 2 now', 7);
    expect(applyDisplayEdit(value, edit)).toEqual({ value: `fix ${mentionMarkup(cell)}x now`, caret: 12 });
  });

  it('keeps chips through edits elsewhere', () => {
    const edit = diffDisplay('fix @Cell 2 now', 'please fix @Cell 2 now', 7);
    expect(applyDisplayEdit(value, edit).value).toBe(`please fix ${mentionMarkup(cell)} now`);
  });

  it('uses the caret to place an ambiguous insertion', () => {
    expect(diffDisplay('aa', 'aaa', 1)).toEqual({ start: 1, end: 1, insert: 'a' });
    expect(diffDisplay('aa', 'aaa')).toEqual({ start: 2, end: 2, insert: 'a' });
  });

  it('finds the chip a caret would step into', () => {
    expect(mentionAtCaret(value, 11, 'backward')).toEqual({ start: 4, end: 11 });
    expect(mentionAtCaret(value, 4, 'forward')).toEqual({ start: 4, end: 11 });
    expect(mentionAtCaret(value, 12, 'backward')).toBeNull();
  });

  it('finds the @query at the caret, only at a word start and never on a chip', () => {
    expect(mentionQueryAt('ask @ce', 7)).toEqual({ start: 4, query: 'ce' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('ask @ce more', 12)).toBeNull();
    expect(mentionQueryAt(value, 9)).toBeNull();
  });

  it('replaces the @query with the chosen mention and a space', () => {
    expect(insertMention('ask @ce', 4, 7, cell)).toEqual({ value: `ask ${mentionMarkup(cell)} `, caret: 12 });
  });

  it('appends a mention with a separating space', () => {
    expect(appendMention('', cell)).toBe(`${mentionMarkup(cell)} `);
    expect(appendMention('look at', cell)).toBe(`look at ${mentionMarkup(cell)} `);
  });
});

describe('mention blocks', () => {
  const source = (read: MentionSource['read']): MentionSource => ({ search: async () => [], read });

  it('embeds content when the agent advertises embeddedContext, marked as a mention', async () => {
    const read = vi.fn(async () => ({ text: 'x = 1\n', mimeType: 'text/x-python' }));
    const { blocks, notes } = await draftPromptBlocks(`change ${mentionMarkup(cell)} please `, [], source(read), { capabilities: { embeddedContext: true } });
    expect(blocks).toEqual([
      { type: 'text', text: 'change @Cell 2 please' },
      {
        type: 'resource',
        resource: { uri: cell.uri, text: 'x = 1\n', mimeType: 'text/x-python' },
        _meta: { 'acp-react/mention': { label: 'Cell 2', kind: 'cell' } },
      },
    ]);
    expect(notes).toEqual([]);
    expect(blockMention(blocks[1])).toEqual(cell);
    // What AgentPanel gives back when the prompt is refused: the draft with its chip.
    expect(draftFromBlocks(blocks)).toBe(`change ${mentionMarkup(cell)} please`);
  });

  it('sends links without reading anything when the agent takes no embedded context', async () => {
    const read = vi.fn();
    const { blocks } = await resolveMentionBlocks([cell], source(read), { capabilities: {} });
    expect(blocks).toEqual([{ type: 'resource_link', uri: cell.uri, name: 'Cell 2', _meta: { 'acp-react/mention': { label: 'Cell 2', kind: 'cell' } } }]);
    expect(read).not.toHaveBeenCalled();
  });

  it('sends links, with no note, from a source without read (one that cannot read what it lists), even to an agent taking embedded context', async () => {
    const linksOnly: MentionSource = { search: async () => [] };
    const { blocks, notes } = await resolveMentionBlocks([cell, file], linksOnly, { capabilities: { embeddedContext: true } });
    expect(blocks.map((b) => b.type)).toEqual(['resource_link', 'resource_link']);
    expect(blocks[1]).toEqual({ type: 'resource_link', uri: file.uri, name: file.label, _meta: { 'acp-react/mention': { label: file.label, kind: 'file' } } });
    expect(notes).toEqual([]);
  });

  it('sends content over the limit as a link, with a note', async () => {
    const { blocks, notes } = await resolveMentionBlocks(
      [cell],
      source(async () => ({ text: 'é'.repeat(60) })),
      { capabilities: { embeddedContext: true }, limit: 100 },
    );
    expect(blocks[0].type).toBe('resource_link');
    expect(notes).toEqual([{ mention: cell, reason: 'too_large', size: 120, limit: 100 }]);
  });

  it('sends a mention that cannot be read as a link, with a note, and still sends the rest', async () => {
    const read = vi.fn(async (ref: { uri: string }) => {
      if (ref.uri === cell.uri) throw new Error('cell was deleted');
      return { text: 'ok' };
    });
    const { blocks, notes } = await resolveMentionBlocks([cell, file], source(read), { capabilities: { embeddedContext: true } });
    expect(blocks.map((b) => b.type)).toEqual(['resource_link', 'resource']);
    expect(notes).toEqual([{ mention: cell, reason: 'unreadable', message: 'cell was deleted' }]);
  });
});

describe('mention search', () => {
  const groups = (label: string): MentionGroup[] => [{ label: 'Cells', items: [{ uri: `u:${label}`, label }] }];

  it('debounces, aborts the superseded search and discards its late answer', async () => {
    vi.useFakeTimers();
    try {
      const pending = new Map<string, { resolve: (g: MentionGroup[]) => void; signal: AbortSignal }>();
      const search = vi.fn(
        (query: string, { signal }: { signal: AbortSignal }) => new Promise<MentionGroup[]>((resolve) => pending.set(query, { resolve, signal })),
      );
      const s = createMentionSearch({ search, read: async () => ({ text: '' }) }, 50);
      s.search('c');
      s.search('ce');
      await vi.advanceTimersByTimeAsync(50);
      // Typing within the debounce searched once, for the latest query.
      expect(search.mock.calls.map((c) => c[0])).toEqual(['ce']);
      s.search('cel');
      expect(s.getState()).toMatchObject({ status: 'loading', query: 'cel' });
      await vi.advanceTimersByTimeAsync(50);
      expect(pending.get('ce')!.signal.aborted).toBe(true);
      pending.get('cel')!.resolve(groups('new'));
      pending.get('ce')!.resolve(groups('stale'));
      await vi.advanceTimersByTimeAsync(0);
      expect(s.getState()).toEqual({ status: 'ready', query: 'cel', groups: groups('new') });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a failing source as an error, and retries', async () => {
    vi.useFakeTimers();
    try {
      let fail = true;
      const s = createMentionSearch(
        { search: async () => (fail ? Promise.reject(new Error('index offline')) : groups('ok')), read: async () => ({ text: '' }) },
        10,
      );
      s.search('x');
      await vi.advanceTimersByTimeAsync(10);
      expect(s.getState()).toEqual({ status: 'error', query: 'x', message: 'index offline' });
      fail = false;
      s.retry();
      await vi.advanceTimersByTimeAsync(10);
      expect(s.getState()).toMatchObject({ status: 'ready', groups: groups('ok') });
      s.close();
      expect(s.getState()).toEqual({ status: 'idle' });
    } finally {
      vi.useRealTimers();
    }
  });
});
