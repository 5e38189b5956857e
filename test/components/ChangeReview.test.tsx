/**
 * ChangeReview and ChangeSummary wired to a real change tracker over the in-memory workspace, the
 * way a host wires them: what the user sees per file and per hunk, and what each button and key
 * does to the files.
 */
import { describe, expect, it } from 'vitest';
import { useSyncExternalStore } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangeReview, ChangeSummary } from '../../src/components/ChangeReview/index.js';
import { countChanges, createChangeTracker, type ChangeTracker } from '../../src/core/changes/index.js';
import { createMemoryFs } from '../../src/core/devtools/memory-fs.js';
import type { FsAdapter } from '../../src/core/api.js';

const ctx = (path: string) => ({ sessionId: 's', path, roots: ['/w'], signal: new AbortController().signal });
const ORIGINAL = 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\nconst f = 6;\nconst g = 7;\nconst h = 8;\n';
const AGENT = 'const a = 1;\nconst b = 20;\nconst c = 3;\nconst d = 4;\nconst e = 5;\nconst f = 6;\nconst g = 7;\nconst h = 80;\n';

function Review({ tracker }: { tracker: ChangeTracker }) {
  const changes = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot);
  return (
    <ChangeReview
      turns={changes.turns}
      writable={changes.writable}
      busy={changes.busy}
      error={changes.error}
      onAcceptHunk={(f, h) => void tracker.acceptHunk(f, h)}
      onRejectHunk={(f, h) => void tracker.rejectHunk(f, h)}
      onAcceptFile={(f) => void tracker.acceptFile(f)}
      onRejectFile={(f) => void tracker.rejectFile(f)}
      onAcceptAll={() => void tracker.acceptAll({ sessionId: 's' })}
      onRejectAll={() => void tracker.rejectAll({ sessionId: 's' })}
      onPreviewRestore={(turnId) => tracker.previewRestore('s', turnId)}
      onRestore={(turnId) => void tracker.restoreCheckpoint('s', turnId)}
      onDismissError={tracker.clearError}
    />
  );
}

async function setup(fs?: FsAdapter) {
  const memory = createMemoryFs({ files: { '/w/a.ts': ORIGINAL, '/w/b.ts': 'x\n' }, writable: true });
  const tracker = createChangeTracker({ fs: fs ?? memory });
  await tracker.fs.writeTextFile!(ctx('/w/a.ts'), AGENT);
  await tracker.fs.writeTextFile!(ctx('/w/new.ts'), 'export {};\n');
  const view = render(<Review tracker={tracker} />);
  await screen.findByRole('navigation', { name: 'Changed files' });
  return { memory, tracker, ...view };
}

describe('ChangeReview', () => {
  it('lists the changed files with status and counts, and shows the file hunk by hunk with the changed words marked', async () => {
    const { container } = await setup();
    expect(screen.getByText('2 files changed')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '3 lines added, 2 lines removed' })).toBeInTheDocument();
    const files = within(screen.getByRole('navigation', { name: 'Changed files' })).getAllByRole('button');
    expect(files.map((b) => [b.textContent, b.getAttribute('aria-current')])).toEqual([
      ['Modifieda.ts+2−2', 'true'],
      ['Newnew.ts+1−0', null],
    ]);
    const hunks = screen.getAllByRole('group', { name: /^Change \d of 2/ });
    expect(hunks).toHaveLength(2);
    expect(hunks[0]).toHaveAccessibleName('Change 1 of 2, lines 2 to 2');
    // The unchanged lines between the two hunks beyond the context are folded.
    expect(container.querySelectorAll('[data-slot="change-review-word"]')).toHaveLength(4);
    expect([...container.querySelectorAll('ins [data-slot="change-review-word"]')].map((m) => m.textContent)).toEqual(['20', '80']);
  });

  it('rejects one hunk and accepts the rest: the file holds exactly the accepted content', async () => {
    const user = userEvent.setup();
    const { memory } = await setup();
    const [first] = screen.getAllByRole('group', { name: /^Change 1 of 2/ });
    await user.click(within(first!).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(memory.read('/w/a.ts')).toBe(AGENT.replace('b = 20', 'b = 2')));
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept all' })).toBeDisabled());
    expect(memory.read('/w/a.ts')).toBe(AGENT.replace('b = 20', 'b = 2'));
    expect(memory.read('/w/new.ts')).toBe('export {};\n');
    expect(within(screen.getAllByRole('group', { name: /^Change 1 of 2/ })[0]!).getByText('Rejected')).toBeInTheDocument();
  });

  it('works from the keyboard: J and K move between changes, A accepts, R rejects', async () => {
    const user = userEvent.setup();
    const { memory, tracker } = await setup();
    screen.getAllByRole('group', { name: /^Change 1 of 2/ })[0]!.focus();
    await user.keyboard('j');
    expect(screen.getByRole('group', { name: /^Change 2 of 2/ })).toHaveFocus();
    await user.keyboard('r');
    await waitFor(() => expect(memory.read('/w/a.ts')).toBe(AGENT.replace('h = 80', 'h = 8')));
    await user.keyboard('k');
    await user.keyboard('a');
    await waitFor(() => expect(Object.values(tracker.getSnapshot().turns[0]!.files[0]!.decisions).sort()).toEqual(['accepted', 'rejected']));
    // Past the last change of a file, J goes on to the next file.
    await user.keyboard('jj');
    await waitFor(() => expect(screen.getByRole('button', { name: /new\.ts/ })).toHaveAttribute('aria-current', 'true'));
    expect(screen.getByRole('region', { name: 'Review changes' })).toHaveAttribute('aria-keyshortcuts', 'J K A R');
  });

  it('restores to before the turn after a confirmation listing the files', async () => {
    const user = userEvent.setup();
    const { memory } = await setup();
    await user.click(screen.getByRole('button', { name: 'Restore to before this turn' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore files to before this turn?' });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['/w/a.ts', '/w/new.ts — deleted (it did not exist)']),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Restore files' }));
    await waitFor(() => expect(memory.read('/w/a.ts')).toBe(ORIGINAL));
    expect(memory.read('/w/new.ts')).toBeUndefined();
  });

  it('says why it is read-only and offers no reject when the host allows no writes', async () => {
    const memory = createMemoryFs({ files: { '/w/a.ts': ORIGINAL } });
    const tracker = createChangeTracker({ fs: memory });
    render(<Review tracker={tracker} />);
    await screen.findByText('The agent changed no files.');
    expect(screen.getByRole('note')).toHaveTextContent(/Read-only: the host does not allow writing files/);
  });

  it('shows a failed write and keeps the review as it was', async () => {
    const user = userEvent.setup();
    const memory = createMemoryFs({ files: { '/w/a.ts': ORIGINAL }, writable: true });
    let failing = false;
    const fs: FsAdapter = {
      readTextFile: (c) => memory.readTextFile(c),
      writeTextFile: (c, content) => {
        if (failing) throw new Error('Permission denied');
        memory.writeTextFile!(c, content);
      },
    };
    await setup(fs);
    failing = true;
    await user.click(screen.getByRole('button', { name: 'Reject file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('/w/a.ts: Permission denied');
    expect(screen.getByRole('button', { name: 'Reject file' })).toBeEnabled();
    expect(screen.queryByText('Rejected')).toBeNull();
  });
});

describe('ChangeSummary', () => {
  it('says how many files and lines changed and how many changes wait, and opens the review', async () => {
    const user = userEvent.setup();
    const memory = createMemoryFs({ files: { '/w/a.ts': ORIGINAL }, writable: true });
    const tracker = createChangeTracker({ fs: memory });
    await tracker.fs.writeTextFile!(ctx('/w/a.ts'), AGENT);
    let opened = 0;
    const { rerender } = render(<ChangeSummary counts={countChanges(tracker.getSnapshot().turns[0]!.files)} onReview={() => opened++} />);
    expect(screen.getByText('1 file changed')).toBeInTheDocument();
    expect(screen.getByText('2 to review')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(opened).toBe(1);
    await act(() => tracker.acceptAll({ sessionId: 's' }));
    rerender(<ChangeSummary counts={countChanges(tracker.getSnapshot().turns[0]!.files)} restored={false} />);
    expect(screen.getByText('Reviewed')).toBeInTheDocument();
  });
});
