/**
 * ACP v2 diffs in the change review: a completed tool call's `{ changes, patch }` content feeds the
 * turn's changes (hunks from the git patch, one record per changed file, moves with their old
 * path, a change the patch does not cover still listed), and with no texts to write back those
 * records are read-only: decisions and restores leave them (and the disk) alone.
 */
import { describe, expect, it, vi } from 'vitest';
import { createChangeTracker, countChanges, type ChangeTrackerClient } from '../../../src/core/changes/index.js';
import { computeHunks } from '../../../src/core/changes/hunks.js';
import { createMemoryFs } from '../../../src/core/devtools/memory-fs.js';
import { applySessionUpdate, endTurn, reduceParsedUpdate, startTurn } from '../../../src/core/reducer/index.js';
import { createSessionState } from '../../../src/core/session.js';
import { initialSnapshot } from '../../../src/core/client/snapshot.js';
import type { AcpSnapshot, SessionState, ToolCallContent } from '../../../src/core/types.js';
import { gitPatch } from '../../../demo-agent/diff-writer.mjs';

const S = 's1';
const ORIGINAL = 'line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\nline 9\n';
const AGENT = 'line 1\nLINE 2\nline 3\nline 4\nline 5\nline 6\nline 7\nLINE 8\nline 9\n';

function fakeClient() {
  let snapshot: AcpSnapshot = { ...initialSnapshot(), sessions: { [S]: createSessionState(S, { cwd: '/w' }) } };
  const listeners = new Set<() => void>();
  const session = (fn: (s: SessionState) => SessionState) => {
    snapshot = { ...snapshot, sessions: { ...snapshot.sessions, [S]: fn(snapshot.sessions[S]!) } };
    for (const l of listeners) l();
  };
  const client: ChangeTrackerClient = { getSnapshot: () => snapshot, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) };
  return {
    client,
    start: (id: string) => session((s) => startTurn(s, id, [{ type: 'text', text: 'go' }], 1)),
    end: (id: string) => session((s) => endTurn(s, id, { stopReason: 'end_turn' }, 2)),
    /** A tool call as the v2 mapping hands it to the reducer: its content kept as the agent sent it. */
    toolCall: (toolCallId: string, status: 'pending' | 'completed', content: unknown[]) =>
      session((s) =>
        reduceParsedUpdate(
          s,
          {
            kind: 'tool_call',
            patch: { toolCallId, title: 'Edit', toolKind: 'edit', status, content: content as ToolCallContent[] },
            isUpdate: false,
            parentToolCallId: null,
          },
          3,
        ),
      ),
    v1: (update: unknown) => session((s) => applySessionUpdate(s, update, 3)),
  };
}

const v2Diff = (files: { path: string; oldText: string | null; newText: string | null }[], changes: object[]) => ({
  type: 'diff',
  changes,
  patch: { format: 'git_patch', text: gitPatch(files) },
});

describe('change tracking of ACP v2 diffs', () => {
  it('records each changed file of a completed tool call’s patch, read-only, with the hunks computeHunks gives', async () => {
    const memory = createMemoryFs({ files: { '/w/a.txt': AGENT, '/w/new.ts': 'x\n' }, writable: true });
    const onChangeDecision = vi.fn();
    const tracker = createChangeTracker({ fs: memory, onChangeDecision });
    const fake = fakeClient();
    tracker.attach(fake.client);
    fake.start('t1');
    const diff = v2Diff(
      [
        { path: '/w/a.txt', oldText: ORIGINAL, newText: AGENT },
        { path: '/w/new.ts', oldText: null, newText: 'x\n' },
      ],
      [
        { operation: 'modify', path: '/w/a.txt' },
        { operation: 'add', path: '/w/new.ts' },
        { operation: 'move', oldPath: '/w/logo-old.png', path: '/w/logo.png', fileType: 'binary' },
        { operation: 'teleport', path: '/w/future.txt' },
        { path: 'no operation' },
      ],
    );
    fake.toolCall('c1', 'completed', [diff]);
    // A proposal (not completed) is not a change.
    fake.toolCall('c2', 'pending', [v2Diff([{ path: '/w/z.txt', oldText: 'a\n', newText: 'b\n' }], [{ operation: 'modify', path: '/w/z.txt' }])]);
    fake.end('t1');
    await vi.waitFor(() => expect(tracker.getSnapshot().turns).toHaveLength(1));
    const files = tracker.getSnapshot().turns[0]!.files;
    expect(files.map((f) => [f.path, f.source, f.status, f.operation, f.oldPath, f.binary, f.additions, f.deletions, f.before, f.after])).toEqual([
      ['/w/a.txt', 'patch', 'modified', 'modify', null, false, 2, 2, null, null],
      ['/w/new.ts', 'patch', 'added', 'add', null, false, 1, 0, null, null],
      ['/w/logo.png', 'patch', 'modified', 'move', '/w/logo-old.png', true, 0, 0, null, null],
      ['/w/future.txt', 'patch', 'modified', 'teleport', null, false, 0, 0, null, null],
    ]);
    expect(files[0]!.hunks).toEqual(computeHunks(ORIGINAL, AGENT).hunks);
    // Nothing to decide on a read-only file: the summary has nothing left to review.
    expect(countChanges(files)).toEqual({ files: 4, additions: 3, deletions: 2, undecided: 0 });

    // Decisions and restores pass over it: the disk and the records stay as they were.
    expect(await tracker.rejectFile(files[0]!.id)).toBe(true);
    expect(await tracker.rejectAll({ sessionId: S })).toBe(true);
    expect(await tracker.previewRestore(S, 't1')).toEqual([]);
    expect(await tracker.restoreCheckpoint(S, 't1')).toBe(true);
    expect(memory.read('/w/a.txt')).toBe(AGENT);
    expect(memory.read('/w/new.ts')).toBe('x\n');
    expect(tracker.getSnapshot().turns[0]!.files[0]!.decisions).toEqual({});
    expect(onChangeDecision).not.toHaveBeenCalled();
  });

  it('a second patch of a file in the turn adds its hunks; a bad patch keeps the error on its file', async () => {
    const tracker = createChangeTracker({ fs: createMemoryFs({ files: {} }) });
    const fake = fakeClient();
    tracker.attach(fake.client);
    fake.start('t1');
    const middle = ORIGINAL.replace('line 2', 'LINE 2');
    fake.toolCall('c1', 'completed', [v2Diff([{ path: '/w/a.txt', oldText: ORIGINAL, newText: middle }], [{ operation: 'modify', path: '/w/a.txt' }])]);
    fake.toolCall('c2', 'completed', [v2Diff([{ path: '/w/a.txt', oldText: middle, newText: AGENT }], [{ operation: 'modify', path: '/w/a.txt' }])]);
    fake.toolCall('c3', 'completed', [
      {
        type: 'diff',
        changes: [{ operation: 'modify', path: '/w/b.txt' }],
        patch: { format: 'git_patch', text: 'diff --git /w/b.txt /w/b.txt\n--- /w/b.txt\n+++ /w/b.txt\n@@ -1,4 +1,4 @@\n-a\n' },
      },
    ]);
    fake.end('t1');
    await vi.waitFor(() => expect(tracker.getSnapshot().turns[0]?.files).toHaveLength(2));
    const [a, b] = tracker.getSnapshot().turns[0]!.files;
    expect(a!.hunks.map((h) => h.newLines)).toEqual([['LINE 2\n'], ['LINE 8\n']]);
    expect([a!.additions, a!.deletions]).toEqual([2, 2]);
    expect(b!.patchError).toMatch(/ends early/);
    expect(b!.deletions).toBe(1);
  });

  it('v1 diffs in the same session are still reviewed from their texts', async () => {
    const tracker = createChangeTracker({ fs: createMemoryFs({ files: { '/w/a.txt': AGENT } }) });
    const fake = fakeClient();
    tracker.attach(fake.client);
    fake.start('t1');
    fake.v1({
      sessionUpdate: 'tool_call',
      toolCallId: 'c1',
      title: 'Edit',
      kind: 'edit',
      status: 'completed',
      content: [{ type: 'diff', path: '/w/a.txt', oldText: ORIGINAL, newText: AGENT }],
    });
    fake.end('t1');
    await vi.waitFor(() => expect(tracker.getSnapshot().turns).toHaveLength(1));
    expect(tracker.getSnapshot().turns[0]!.files.map((f) => [f.source, f.before])).toEqual([['tool_call', ORIGINAL]]);
  });
});
