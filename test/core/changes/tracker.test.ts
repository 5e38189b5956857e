/**
 * The change review's tracker over a real in-memory workspace and a client snapshot built with the
 * real reducer: what it records from agent writes and tool calls, how decisions are written back,
 * and what it does when the file changed since, a write fails, or the host allows no writes.
 */
import { describe, expect, it, vi } from 'vitest';
import { createChangeTracker, type ChangeTrackerClient } from '../../../src/core/changes/index.js';
import { computeHunks, computeHunksInSlices } from '../../../src/core/changes/hunks.js';
import { createMemoryFs } from '../../../src/core/devtools/memory-fs.js';
import { applySessionUpdate, endTurn, startTurn } from '../../../src/core/reducer/index.js';
import { createSessionState } from '../../../src/core/session.js';
import { initialSnapshot } from '../../../src/core/client/snapshot.js';
import type { AcpSnapshot, SessionState } from '../../../src/core/types.js';
import type { FsAdapter, FsRequestContext } from '../../../src/core/api.js';

const S = 's1';
const ROOT = '/w';
const ctx = (path: string): FsRequestContext => ({ sessionId: S, path, roots: [ROOT], signal: new AbortController().signal });

/** A client's snapshot and turns, driven by the real reducer. */
function fakeClient() {
  let snapshot: AcpSnapshot = { ...initialSnapshot(), sessions: { [S]: createSessionState(S, { cwd: ROOT }) } };
  const listeners = new Set<() => void>();
  const session = (fn: (s: SessionState) => SessionState) => {
    snapshot = { ...snapshot, sessions: { ...snapshot.sessions, [S]: fn(snapshot.sessions[S]!) } };
    for (const l of listeners) l();
  };
  let turns = 0;
  const client: ChangeTrackerClient = { getSnapshot: () => snapshot, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) };
  return {
    client,
    start: () => {
      const id = `t${++turns}`;
      session((s) => startTurn(s, id, [{ type: 'text', text: 'go' }], 1));
      return id;
    },
    end: (id: string) => session((s) => endTurn(s, id, { stopReason: 'end_turn' }, 2)),
    update: (update: unknown) => session((s) => applySessionUpdate(s, update, 3)),
  };
}

const ORIGINAL = 'line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\nline 9\n';
const AGENT = 'line 1\nLINE 2\nline 3\nline 4\nline 5\nline 6\nline 7\nLINE 8\nline 9\n';

async function setup(files: Record<string, string> = { '/w/a.txt': ORIGINAL, '/w/b.txt': 'b\r\nno final newline' }) {
  const memory = createMemoryFs({ files, writable: true });
  const onChangeDecision = vi.fn();
  const tracker = createChangeTracker({ fs: memory, onChangeDecision });
  const fake = fakeClient();
  tracker.attach(fake.client);
  return { memory, tracker, fake, onChangeDecision };
}

describe('createChangeTracker', () => {
  it('records each agent write in its turn, with the content before the turn’s first write', async () => {
    const { tracker, fake, memory } = await setup();
    const turn = fake.start();
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), 'draft\n');
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), AGENT);
    await tracker.fs.writeTextFile!(ctx('/w/new.txt'), 'x\ny\n');
    fake.end(turn);
    expect(memory.read('/w/a.txt')).toBe(AGENT);
    const [changes] = tracker.getSnapshot().turns;
    expect(changes).toMatchObject({ sessionId: S, turnId: turn, additions: 4, deletions: 2 });
    expect(changes!.files.map((f) => [f.path, f.status, f.before, f.additions, f.deletions])).toEqual([
      ['/w/a.txt', 'modified', ORIGINAL, 2, 2],
      ['/w/new.txt', 'added', null, 2, 0],
    ]);
  });

  it('rejects one hunk and accepts the rest: the file holds exactly the accepted content, and the host hears each decision', async () => {
    const { tracker, fake, memory, onChangeDecision } = await setup();
    fake.start();
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), AGENT);
    const file = tracker.getSnapshot().turns[0]!.files[0]!;
    expect(file.hunks).toHaveLength(2);
    expect(await tracker.rejectHunk(file.id, file.hunks[0]!.id)).toBe(true);
    expect(memory.read('/w/a.txt')).toBe(AGENT.replace('LINE 2', 'line 2'));
    expect(await tracker.acceptAll({ sessionId: S })).toBe(true);
    expect(memory.read('/w/a.txt')).toBe(AGENT.replace('LINE 2', 'line 2'));
    const decided = tracker.getSnapshot().turns[0]!.files[0]!.decisions;
    expect(decided).toEqual({ [file.hunks[0]!.id]: 'rejected', [file.hunks[1]!.id]: 'accepted' });
    expect(onChangeDecision.mock.calls.map(([e]) => [e.kind, e.hunkIds, e.content])).toEqual([
      ['reject', [file.hunks[0]!.id], AGENT.replace('LINE 2', 'line 2')],
      ['accept', [file.hunks[1]!.id], AGENT.replace('LINE 2', 'line 2')],
    ]);
  });

  it('reject all leaves decided hunks alone; accepting a rejected hunk again puts it back', async () => {
    const { tracker, fake, memory } = await setup();
    fake.start();
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), AGENT);
    const file = tracker.getSnapshot().turns[0]!.files[0]!;
    await tracker.acceptHunk(file.id, file.hunks[1]!.id);
    await tracker.rejectAll({ sessionId: S });
    expect(memory.read('/w/a.txt')).toBe(AGENT.replace('LINE 2', 'line 2'));
    await tracker.acceptHunk(file.id, file.hunks[0]!.id);
    expect(memory.read('/w/a.txt')).toBe(AGENT);
  });

  it('round-trips CRLF, a missing final newline and a new file (rejected: deleted)', async () => {
    const { tracker, fake, memory } = await setup();
    fake.start();
    await tracker.fs.writeTextFile!(ctx('/w/b.txt'), 'B\r\nno final newline\r\n');
    await tracker.fs.writeTextFile!(ctx('/w/new.txt'), 'x\n');
    await tracker.rejectAll({ sessionId: S });
    expect(memory.read('/w/b.txt')).toBe('b\r\nno final newline');
    expect(memory.read('/w/new.txt')).toBeUndefined();
  });

  it('finds a hunk again when the user edited elsewhere in the file since, and says the file changed', async () => {
    const { tracker, fake, memory } = await setup();
    fake.start();
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), AGENT);
    memory.write('/w/a.txt', `// mine\n${AGENT}`);
    const file = tracker.getSnapshot().turns[0]!.files[0]!;
    expect(await tracker.rejectHunk(file.id, file.hunks[1]!.id)).toBe(true);
    expect(memory.read('/w/a.txt')).toBe(`// mine\n${AGENT.replace('LINE 8', 'line 8')}`);
    expect(tracker.getSnapshot().turns[0]!.files[0]!.conflict).toBe(true);
  });

  it('reports a hunk that no longer applies, writes nothing and leaves it undecided', async () => {
    const { tracker, fake, memory, onChangeDecision } = await setup();
    fake.start();
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), AGENT);
    const edited = AGENT.replace('LINE 2', 'LINE two');
    memory.write('/w/a.txt', edited);
    const file = tracker.getSnapshot().turns[0]!.files[0]!;
    expect(await tracker.rejectHunk(file.id, file.hunks[0]!.id)).toBe(false);
    expect(memory.read('/w/a.txt')).toBe(edited);
    const after = tracker.getSnapshot().turns[0]!.files[0]!;
    expect(after.decisions).toEqual({});
    expect(after.stale).toEqual([file.hunks[0]!.id]);
    expect(tracker.getSnapshot().error?.message).toMatch(/no longer applies/);
    expect(onChangeDecision).not.toHaveBeenCalled();
  });

  it('keeps the review as it was when the write fails, and shows the error', async () => {
    const memory = createMemoryFs({ files: { '/w/a.txt': ORIGINAL }, writable: true });
    let failing = false;
    const fs: FsAdapter = {
      readTextFile: (c) => memory.readTextFile(c),
      writeTextFile: (c, content) => {
        if (failing) throw new Error('Disk full');
        return memory.writeTextFile!(c, content);
      },
    };
    const tracker = createChangeTracker({ fs });
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), AGENT);
    const before = tracker.getSnapshot().turns;
    failing = true;
    expect(await tracker.rejectAll({ sessionId: S })).toBe(false);
    expect(tracker.getSnapshot().turns).toBe(before);
    expect(tracker.getSnapshot()).toMatchObject({ busy: false, error: { message: 'Disk full', path: '/w/a.txt' } });
    expect(memory.read('/w/a.txt')).toBe(AGENT);
  });

  it('is read-only without writeTextFile: tool-call diffs are reviewed, rejecting is refused with a reason', async () => {
    const memory = createMemoryFs({ files: { '/w/a.txt': AGENT } });
    const tracker = createChangeTracker({ fs: memory });
    const fake = fakeClient();
    tracker.attach(fake.client);
    expect(tracker.getSnapshot().writable).toBe(false);
    const turn = fake.start();
    const diff = { type: 'diff', path: '/w/a.txt', oldText: ORIGINAL, newText: AGENT };
    fake.update({ sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Edit a.txt', kind: 'edit', status: 'pending', content: [diff] });
    fake.update({ sessionUpdate: 'tool_call', toolCallId: 'c2', title: 'Proposed', kind: 'edit', status: 'pending', content: [{ ...diff, path: '/w/z.txt' }] });
    fake.update({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' });
    expect(tracker.getSnapshot().turns).toEqual([]);
    fake.end(turn);
    // Compared off the turn's end (in slices, like writes), then recorded.
    expect(tracker.getSnapshot().turns).toEqual([]);
    await vi.waitFor(() => expect(tracker.getSnapshot().turns).toHaveLength(1));
    const files = tracker.getSnapshot().turns[0]!.files;
    expect(files.map((f) => [f.path, f.source, f.hunks.length])).toEqual([['/w/a.txt', 'tool_call', 2]]);
    expect(await tracker.rejectFile(files[0]!.id)).toBe(false);
    expect(tracker.getSnapshot().error?.message).toMatch(/read-only/);
    expect(await tracker.acceptFile(files[0]!.id)).toBe(true);
    expect(tracker.getSnapshot().error).toBeNull();
  });

  it('reviews the diffs a sub-agent’s tool calls reported, nested under its Task', async () => {
    const memory = createMemoryFs({ files: { '/w/a.txt': AGENT } });
    const tracker = createChangeTracker({ fs: memory });
    const fake = fakeClient();
    tracker.attach(fake.client);
    const turn = fake.start();
    const under = { _meta: { claudeCode: { parentToolUseId: 'task' } } };
    fake.update({ sessionUpdate: 'tool_call', toolCallId: 'task', title: 'Tidy the file', kind: 'think', status: 'in_progress' });
    const diff = { type: 'diff', path: '/w/a.txt', oldText: ORIGINAL, newText: AGENT };
    fake.update({ sessionUpdate: 'tool_call', toolCallId: 'edit', title: 'Edit a.txt', kind: 'edit', status: 'completed', content: [diff], ...under });
    fake.update({ sessionUpdate: 'tool_call_update', toolCallId: 'task', status: 'completed' });
    fake.end(turn);
    await vi.waitFor(() => expect(tracker.getSnapshot().turns).toHaveLength(1));
    const files = tracker.getSnapshot().turns[0]!.files;
    expect(files.map((f) => [f.path, f.source, f.hunks.length])).toEqual([['/w/a.txt', 'tool_call', 2]]);
  });

  it('restores a checkpoint: every file this turn and later ones touched, as before this turn', async () => {
    const { tracker, fake, memory, onChangeDecision } = await setup();
    const first = fake.start();
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), AGENT);
    fake.end(first);
    const second = fake.start();
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), `${AGENT}more\n`);
    await tracker.fs.writeTextFile!(ctx('/w/new.txt'), 'created\n');
    fake.end(second);
    expect(tracker.getSnapshot().turns.map((t) => t.turnId)).toEqual([first, second]);
    expect(await tracker.previewRestore(S, first)).toEqual([
      { path: '/w/a.txt', content: ORIGINAL, changedSince: false },
      { path: '/w/new.txt', content: null, changedSince: false },
    ]);
    expect(await tracker.restoreCheckpoint(S, first)).toBe(true);
    expect(memory.read('/w/a.txt')).toBe(ORIGINAL);
    expect(memory.read('/w/new.txt')).toBeUndefined();
    expect(tracker.getSnapshot().turns.every((t) => t.restored)).toBe(true);
    expect(onChangeDecision.mock.calls.map(([e]) => [e.kind, e.path, e.content])).toEqual([
      ['restore', '/w/a.txt', ORIGINAL],
      ['restore', '/w/new.txt', null],
    ]);
  });

  it('tells the agent about rejections once, in the next prompt’s note', async () => {
    const { tracker, fake } = await setup();
    fake.start();
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), AGENT);
    const file = tracker.getSnapshot().turns[0]!.files[0]!;
    expect(tracker.takeRejectionNote(S)).toBeNull();
    await tracker.rejectHunk(file.id, file.hunks[1]!.id);
    expect(tracker.takeRejectionNote(S)).toBe('The user reviewed your changes and rejected some of them; they were reverted: /w/a.txt (lines 8-8).');
    expect(tracker.takeRejectionNote(S)).toBeNull();
  });

  it('records a big file compared in slices, and writes of one file in the order they came', async () => {
    const big = (salt: string) => Array.from({ length: 40_000 }, (_, i) => (i % 97 === 0 ? `line ${i} ${salt}\n` : `line ${i}\n`)).join('');
    const { tracker, memory, fake } = await setup({ '/w/big.txt': big('old') });
    fake.start();
    // The first write's comparison takes several slices; the second, small, would be done first.
    const first = tracker.fs.writeTextFile!(ctx('/w/big.txt'), big('agent'));
    const second = tracker.fs.writeTextFile!(ctx('/w/big.txt'), 'short\n');
    await Promise.all([first, second]);
    const file = tracker.getSnapshot().turns[0]!.files[0]!;
    expect(file.before).toBe(big('old'));
    expect(file.after).toBe('short\n');
    expect(await memory.readTextFile(ctx('/w/big.txt'))).toBe('short\n');
    // The sliced comparison finds what the one-go comparison finds.
    expect(await computeHunksInSlices(big('old'), big('agent'))).toEqual(computeHunks(big('old'), big('agent')));
    expect(computeHunks(big('old'), big('agent')).hunks).toHaveLength(413);
  });

  it('keeps following the client while any view that attached it does', async () => {
    const { tracker, fake } = await setup();
    // The panel and a host's own view attach the same tracker; the view goes away.
    const detachView = tracker.attach(fake.client);
    detachView();
    const turnId = fake.start();
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), AGENT);
    expect(tracker.getSnapshot().turns.map((t) => t.turnId)).toEqual([turnId]);
  });

  it('shows the note before sending without telling it, and gives it back when the prompt never went out', async () => {
    const { tracker, fake } = await setup();
    fake.start();
    await tracker.fs.writeTextFile!(ctx('/w/a.txt'), AGENT);
    const file = tracker.getSnapshot().turns[0]!.files[0]!;
    await tracker.rejectHunk(file.id, file.hunks[1]!.id);
    const note = 'The user reviewed your changes and rejected some of them; they were reverted: /w/a.txt (lines 8-8).';
    expect(tracker.peekRejectionNote(S)).toBe(note);
    expect(tracker.peekRejectionNote(S)).toBe(note);
    const seen = tracker.getSnapshot();
    expect(tracker.takeRejectionNote(S)).toBe(note);
    // Subscribers showing the note hear that it is gone, with every turn record kept as it was.
    expect(tracker.getSnapshot()).not.toBe(seen);
    expect(tracker.getSnapshot().turns).toBe(seen.turns);
    expect(tracker.peekRejectionNote(S)).toBeNull();
    tracker.returnRejectionNote(S);
    expect(tracker.peekRejectionNote(S)).toBe(note);
    expect(tracker.takeRejectionNote(S)).toBe(note);
    expect(tracker.takeRejectionNote(S)).toBeNull();
  });
});
