/**
 * ACP v2 diffs in the viewer: `Diff` with a file's part of a git patch, `PatchDiffs` with a tool
 * call's whole `{ changes, patch }` (one card per file), and the tool-call card that shows it.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Diff, PatchDiffs } from '../../src/components/Diff/index.js';
import { ToolCall } from '../../src/components/ToolCall/index.js';
import { parseGitPatch } from '../../src/core/changes/git-patch.js';
import type { ToolCallContent } from '../../src/core/types.js';
import { toolCallItem } from '../helpers/threads.js';
import { gitPatch } from '../../demo-agent/diff-writer.mjs';

const numbered = (count: number, change?: (i: number) => string | null) =>
  Array.from({ length: count }, (_, i) => change?.(i + 1) ?? `line ${i + 1}\n`)
    .filter((l) => l !== '')
    .join('');
const BEFORE = numbered(40);
const AFTER = numbered(40, (n) => (n === 5 ? 'line five\n' : n === 30 ? '' : null));

const rows = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>('[data-slot="diff-line"], [data-slot="diff-hunk"]'));
const v2 = (changes: object[], text: string | null) => ({ type: 'diff' as const, changes, ...(text === null ? {} : { patch: { format: 'git_patch', text } }) });

describe('Diff with a v2 patch', () => {
  it('draws each @@ block after its header, numbered where it sits in the file', () => {
    const [file] = parseGitPatch(gitPatch([{ path: '/repo/src/list.ts', oldText: BEFORE, newText: AFTER }])).files;
    const { container } = render(<Diff path="/repo/src/list.ts" patch={file} />);
    const drawn = rows(container);
    expect(drawn.map((r) => (r.dataset.slot === 'diff-hunk' ? r.textContent : `${r.dataset.kind}:${r.textContent}`))).toEqual([
      '@@ -2,7 +2,7 @@',
      'context:22line 2',
      'context:33line 3',
      'context:44line 4',
      'del:5line 5',
      'add:5line five',
      'context:66line 6',
      'context:77line 7',
      'context:88line 8',
      '@@ -27,7 +27,6 @@',
      'context:2727line 27',
      'context:2828line 28',
      'context:2929line 29',
      'del:30line 30',
      'context:3130line 31',
      'context:3231line 32',
      'context:3332line 33',
    ]);
    expect(screen.getByText('1 lines added, 2 lines removed')).toBeInTheDocument();
    // Nothing between blocks is known: no fold that could be opened.
    expect(container.querySelector('[data-slot="diff-gap"]')).toBeNull();
  });

  it('keeps the blocks in the split view and pages a long patch with "Show more"', async () => {
    const big = numbered(300, (n) => (n % 2 === 0 ? `changed ${n}\n` : null));
    const [file] = parseGitPatch(gitPatch([{ path: '/repo/big.txt', oldText: numbered(300), newText: big }])).files;
    const { container } = render(<Diff path="/repo/big.txt" patch={file} pageSize={100} />);
    expect(rows(container)).toHaveLength(100);
    expect(screen.getByText(/Showing 100 of 451 rows/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(rows(container)).toHaveLength(451);
    await userEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(container.querySelector('[data-slot="diff-hunk"]')).toHaveTextContent('@@ -1,300 +1,300 @@');
  });

  it('says what changed when there are no lines: a move without a patch, a binary file, a mode change', () => {
    const moved = render(<Diff path="/repo/b.ts" patch={null} operation="move" oldPath="/repo/a.ts" />);
    expect(within(moved.container).getByText('Moved')).toBeInTheDocument();
    expect(within(moved.container).getByText('from /repo/a.ts')).toBeInTheDocument();
    expect(within(moved.container).getByText(/No line changes were sent for this file/)).toBeInTheDocument();
    expect(within(moved.container).queryByRole('group', { name: 'Diff layout' })).toBeNull();

    const binary = render(<Diff path="/repo/logo.png" patch={null} operation="add" fileType="binary" />);
    expect(within(binary.container).getByText('New file')).toBeInTheDocument();
    expect(within(binary.container).getByText('Binary file: no lines to show.')).toBeInTheDocument();

    const [mode] = parseGitPatch('diff --git /repo/run.sh /repo/run.sh\nold mode 100644\nnew mode 100755\n').files;
    const modeOnly = render(<Diff path="/repo/run.sh" patch={mode} />);
    expect(within(modeOnly.container).getByText('No line changes for this file.')).toBeInTheDocument();
  });

  it('shows what did not parse, with the lines read before it', () => {
    const [file] = parseGitPatch('diff --git /r/a /r/a\n--- /r/a\n+++ /r/a\n@@ -1,3 +1,3 @@\n one\n-two\n').files;
    const { container } = render(<Diff path="/r/a" patch={file} />);
    expect(screen.getByRole('note')).toHaveTextContent(/Part of the patch could not be read: The patch of \/r\/a ends early/);
    expect(rows(container).map((r) => r.dataset.kind ?? 'hunk')).toEqual(['hunk', 'context', 'del']);
  });
});

describe('PatchDiffs and the tool-call card', () => {
  const content = v2(
    [
      { operation: 'modify', path: '/repo/src/list.ts' },
      { operation: 'add', path: '/repo/new.md' },
      { operation: 'copy', oldPath: '/repo/a.json', path: '/repo/b.json' },
      { operation: 'delete', path: '/repo/old.bin', fileType: 'binary' },
    ],
    gitPatch([
      { path: '/repo/src/list.ts', oldText: BEFORE, newText: AFTER },
      { path: '/repo/new.md', oldText: null, newText: '# Title\n' },
    ]),
  );

  it('one card per changed file, in the order of changes', () => {
    const { container } = render(<PatchDiffs content={content} />);
    const cards = Array.from(container.querySelectorAll<HTMLElement>('[data-slot="diff"]'));
    expect(cards.map((c) => [c.dataset.operation, c.dataset.status, c.querySelector('[data-slot="diff-path"]')?.getAttribute('title')])).toEqual([
      ['modify', 'modified', '/repo/src/list.ts'],
      ['add', 'added', '/repo/new.md'],
      ['copy', 'modified', '/repo/b.json'],
      ['delete', 'deleted', '/repo/old.bin'],
    ]);
    expect(within(cards[1]!).getByText('# Title')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('from /repo/a.json')).toBeInTheDocument();
    expect(within(cards[3]!).getByText('Binary file: no lines to show.')).toBeInTheDocument();
  });

  it('a patch in a format it cannot read is said once; the changed files are still listed', () => {
    const { container } = render(
      <PatchDiffs content={{ type: 'diff', changes: [{ operation: 'modify', path: '/r/a' }], patch: { format: '_hg', text: 'x' } }} />,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Part of the patch could not be read: Patch format "_hg" is not supported; only "git_patch" is read.');
    expect(container.querySelectorAll('[data-slot="diff"]')).toHaveLength(1);
  });

  it('the tool-call card renders a v2 diff next to a v1 one', () => {
    const item = toolCallItem({
      id: 'i',
      toolCallId: 'c',
      title: 'Edit files',
      toolKind: 'edit',
      status: 'completed',
      content: [content as unknown as ToolCallContent, { type: 'diff', path: '/repo/v1.txt', oldText: 'a\n', newText: 'b\n' }],
    });
    const { container } = render(<ToolCall toolCall={item} defaultOpen />);
    expect(container.querySelectorAll('[data-slot="diff-set"] [data-slot="diff"]')).toHaveLength(4);
    expect(container.querySelectorAll('[data-slot="diff"]')).toHaveLength(5);
    expect(screen.getByText('line five')).toBeInTheDocument();
  });
});
