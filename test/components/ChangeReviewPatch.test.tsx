/**
 * The change review with ACP v2 diffs: a file known from a git patch is shown hunk by hunk with
 * the patch's own context lines, and read-only (one line says why; no Accept, Reject, whole-file
 * or restore for it), while a v1 file beside it keeps every action.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangeReview } from '../../src/components/ChangeReview/index.js';
import { recordChange, recordPatch } from '../../src/core/changes/collect.js';
import { readV2Diff } from '../../src/core/changes/diff-content.js';
import { countChanges, type TurnChanges } from '../../src/core/changes/index.js';
import { gitPatch } from '../../demo-agent/diff-writer.mjs';

const BEFORE = Array.from({ length: 20 }, (_, i) => `line ${i + 1}\n`).join('');
const AFTER = BEFORE.replace('line 10\n', 'line ten\n');

function turnOf(withV1: boolean): TurnChanges {
  const content = {
    type: 'diff' as const,
    changes: [
      { operation: 'modify', path: '/w/a.txt' },
      { operation: 'move', oldPath: '/w/old.txt', path: '/w/new.txt' },
    ],
    patch: { format: 'git_patch', text: gitPatch([{ path: '/w/a.txt', oldText: BEFORE, newText: AFTER }]) },
  };
  const files = readV2Diff(content).files.map((file) => recordPatch(undefined, { sessionId: 's', turnId: 't1', file, roots: ['/w'] }));
  if (withV1)
    files.push(recordChange(undefined, { sessionId: 's', turnId: 't1', path: '/w/v1.txt', before: 'a\n', after: 'b\n', source: 'tool_call', roots: ['/w'] }));
  const { additions, deletions } = countChanges(files);
  return { sessionId: 's', turnId: 't1', files, additions, deletions, restored: false };
}

const noop = () => {};
const handlers = { onAcceptHunk: noop, onRejectHunk: noop, onAcceptFile: noop, onRejectFile: noop, onPreviewRestore: async () => [], onRestore: noop };

describe('ChangeReview with ACP v2 patches', () => {
  it('shows a patch file read-only, with its hunks and the patch’s context lines', async () => {
    const { container } = render(<ChangeReview turns={[turnOf(true)]} {...handlers} />);
    await screen.findByRole('navigation', { name: 'Changed files' });
    expect(screen.getByRole('note')).toHaveTextContent(
      'Reported as a patch (ACP v2): shown for reading only, it cannot be accepted, rejected or restored here.',
    );
    // (The turn's restore stays: it has a v1 file too.)
    for (const name of ['Accept', 'Reject', 'Accept file', 'Reject file', 'Whole file']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    const lines = Array.from(container.querySelectorAll<HTMLElement>('[data-slot="change-review-line"]'));
    expect(lines.map((l) => `${l.dataset.kind}:${l.textContent}`)).toEqual([
      'context:77line 7',
      'context:88line 8',
      'context:99line 9',
      'del:10line 10',
      'add:10line ten',
      'context:1111line 11',
      'context:1212line 12',
      'context:1313line 13',
    ]);
    expect(screen.getByRole('group', { name: 'Change 1 of 1, lines 10 to 10' })).toBeInTheDocument();
    // Nothing waits for a decision on it: only the v1 file's hunk is left to review.
    expect(screen.getByRole('button', { name: 'Accept all' })).toBeEnabled();
  });

  it('a moved file says where from; a v1 file beside it keeps its actions', async () => {
    render(<ChangeReview turns={[turnOf(true)]} {...handlers} />);
    const files = within(await screen.findByRole('navigation', { name: 'Changed files' })).getAllByRole('button');
    await userEvent.click(files[1]!);
    expect(screen.getByText('from /w/old.txt')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/Reported as a patch/);
    await userEvent.click(files[2]!);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Accept file' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore to before this turn' })).toBeInTheDocument();
  });

  it('a turn of patches only has nothing to accept, reject or restore', async () => {
    render(<ChangeReview turns={[turnOf(false)]} {...handlers} />);
    await screen.findByRole('navigation', { name: 'Changed files' });
    expect(screen.getByRole('button', { name: 'Accept all' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject all' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Restore to before this turn' })).toBeNull();
  });
});
