import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Diff } from '../../src/components/Diff/index.js';

const lines = (count: number, prefix = 'line') => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`).join('\n') + '\n';

function lineRows(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLElement>('[data-slot="diff-line"]'));
}

describe('Diff', () => {
  it('shows a modification with counts, kinds and old/new line numbers', () => {
    const { container } = render(<Diff path="/repo/src/app.ts" oldText={'a\nb\nc\n'} newText={'a\nB\nc\nd\n'} />);
    expect(screen.getByText('app.ts')).toBeInTheDocument();
    expect(screen.getByTitle('/repo/src/app.ts')).toBeInTheDocument();
    expect(screen.getByText('+2')).toBeInTheDocument();
    expect(screen.getByText('−1')).toBeInTheDocument();
    expect(screen.getByText('2 lines added, 1 lines removed')).toBeInTheDocument();

    const rows = lineRows(container);
    expect(rows.map((row) => row.dataset.kind)).toEqual(['context', 'del', 'add', 'context', 'add']);
    const removed = rows[1];
    expect(within(removed).getByText('b').tagName).toBe('DEL');
    expect(removed.querySelector('[data-slot="diff-old-number"]')).toHaveTextContent('2');
    expect(removed.querySelector('[data-slot="diff-new-number"]')).toHaveTextContent('');
    const last = rows[4];
    expect(within(last).getByText('d').tagName).toBe('INS');
    expect(last.querySelector('[data-slot="diff-new-number"]')).toHaveTextContent('4');
    expect(container.querySelector('[data-slot="diff-badge"]')).toBeNull();
  });

  it('shows a new file (null oldText) as all added with a badge', () => {
    const { container } = render(<Diff path="/repo/new.md" oldText={null} newText={'one\ntwo\nthree'} />);
    expect(screen.getByText('New file')).toBeInTheDocument();
    const rows = lineRows(container);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.dataset.kind === 'add')).toBe(true);
    expect(screen.getByText('+3')).toBeInTheDocument();
    expect(screen.getByText('−0')).toBeInTheDocument();
    expect(container.querySelector('[data-slot="diff"]')).toHaveAttribute('data-status', 'added');
  });

  it('treats an omitted oldText as a new file too', () => {
    const { container } = render(<Diff path="/repo/x.txt" newText="only" />);
    expect(lineRows(container).map((row) => row.dataset.kind)).toEqual(['add']);
  });

  it('shows a deleted file (RFD deleted flag) as all removed', () => {
    const { container } = render(<Diff path="/repo/gone.py" oldText={'x = 1\ny = 2\n'} newText="" deleted />);
    expect(screen.getByText('Deleted')).toBeInTheDocument();
    const rows = lineRows(container);
    expect(rows.map((row) => row.dataset.kind)).toEqual(['del', 'del']);
    expect(screen.getByText('−2')).toBeInTheDocument();
  });

  it('toggles between unified and split views with aria-pressed', async () => {
    const user = userEvent.setup();
    const { container } = render(<Diff path="/a.txt" oldText={'same\nold\n'} newText={'same\nnew\n'} />);
    const unified = screen.getByRole('button', { name: 'Unified' });
    const split = screen.getByRole('button', { name: 'Split' });
    expect(unified).toHaveAttribute('aria-pressed', 'true');
    expect(split).toHaveAttribute('aria-pressed', 'false');
    expect(container.querySelector('.acp-diff__split-row')).toBeNull();

    await user.click(split);
    expect(split).toHaveAttribute('aria-pressed', 'true');
    expect(unified).toHaveAttribute('aria-pressed', 'false');
    const rows = Array.from(container.querySelectorAll('.acp-diff__split-row'));
    expect(rows).toHaveLength(2);
    // The removed and the added line face each other in one row.
    const changed = rows[1];
    expect(changed.querySelector('[data-side="old"]')).toHaveAttribute('data-kind', 'del');
    expect(changed.querySelector('[data-side="new"]')).toHaveAttribute('data-kind', 'add');
    expect(within(changed as HTMLElement).getByText('old').tagName).toBe('DEL');
    expect(within(changed as HTMLElement).getByText('new').tagName).toBe('INS');
  });

  it('folds unchanged regions beyond 3 lines of context and expands them on request', async () => {
    const user = userEvent.setup();
    const oldText = lines(30);
    const newText = oldText.replace('line 15\n', 'line fifteen\n');
    const { container } = render(<Diff path="/f.txt" oldText={oldText} newText={newText} />);

    // 11 lines above the change's context and 12 below it are folded.
    expect(screen.getByRole('button', { name: 'Show 11 lines' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show 12 lines' })).toBeInTheDocument();
    expect(screen.queryByText('line 1')).toBeNull();
    expect(screen.getByText('line 12')).toBeInTheDocument();
    expect(screen.getByText('line 18')).toBeInTheDocument();
    expect(screen.queryByText('line 19')).toBeNull();
    expect(lineRows(container)).toHaveLength(3 + 2 + 3);

    await user.click(screen.getByRole('button', { name: 'Show 11 lines' }));
    expect(screen.getByText('line 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show 11 lines' })).toBeNull();
    expect(lineRows(container)).toHaveLength(11 + 8);
    // Focus stays inside the diff instead of falling back to the page.
    expect(container.querySelector('[data-slot="diff-rows"]')).toHaveFocus();
  });

  it('renders a large diff in pages with "Show more"', async () => {
    const user = userEvent.setup();
    const { container } = render(<Diff path="/big.txt" oldText={null} newText={lines(1200)} />);
    expect(lineRows(container)).toHaveLength(500);
    expect(screen.getByText('Showing 500 of 1,200 rows')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show 500 more' }));
    expect(lineRows(container)).toHaveLength(1000);
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(lineRows(container)).toHaveLength(1200);
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull();
  });

  it('computes a very large diff after paint, showing a computing state first', async () => {
    const oldText = lines(20_000, 'row');
    const newText = oldText.replace('row 10000\n', 'row ten thousand\n');
    render(<Diff path="/huge.txt" oldText={oldText} newText={newText} />);
    expect(screen.getByRole('status')).toHaveTextContent('Computing diff…');
    expect(await screen.findByText('row ten thousand')).toBeInTheDocument();
    expect(screen.getByText('+1')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders HTML in lines as inert text', () => {
    const { container } = render(<Diff path="/x.html" oldText={null} newText={'<img src=x onerror="alert(1)"><b>bold</b>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeInTheDocument();
  });

  it('says so when nothing changed', () => {
    render(<Diff path="/same.txt" oldText={lines(10)} newText={lines(10)} />);
    expect(screen.getByText('No changes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show 10 lines' })).toBeInTheDocument();
  });

  it('adds syntax colours by file extension after first showing plain text', async () => {
    const { container } = render(<Diff path="/repo/src/app.ts" oldText={'const a = 1;\n'} newText={'const a = 2;\nexport function f() {}\n'} />);
    const removed = () => container.querySelector('[data-kind="del"] [data-slot="diff-line-text"]')!;
    const added = () => container.querySelector('[data-kind="add"] [data-slot="diff-line-text"]')!;
    // Plain first: the text is there before any grammar has loaded.
    expect(added().querySelector('span')).toBeNull();
    expect(added()).toHaveTextContent('const a = 2;');

    await waitFor(() => expect(added().querySelector('span[style]')).not.toBeNull(), { timeout: 10_000 });
    // Removed lines are coloured from the old text, and colouring never changes the characters.
    await waitFor(() => expect(removed().querySelector('span[style]')).not.toBeNull());
    expect(removed().textContent).toBe('const a = 1;');
    expect(added().textContent).toBe('const a = 2;');
    const keyword = Array.from(added().querySelectorAll<HTMLElement>('span[style]')).find((span) => span.textContent === 'const');
    expect(keyword?.style.color).toContain('--acp-code');
  });

  it('stays plain for unknown file types and when highlighting is off', async () => {
    const { container, rerender } = render(<Diff path="/repo/notes.unknownext" oldText={null} newText={'const a = 1;\n'} />);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(container.querySelector('[data-slot="diff-line-text"] span')).toBeNull();
    rerender(<Diff path="/repo/a.ts" oldText={null} newText={'const a = 1;\n'} highlight={false} />);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(container.querySelector('[data-slot="diff-line-text"] span')).toBeNull();
  });
});
