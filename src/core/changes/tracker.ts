/**
 * `createChangeTracker`: the change review, headless. It wraps the host's `FsAdapter` (so it sees
 * every `fs/write_text_file` the agent sends, and reads the file before the write goes through),
 * follows the client's turns (so each change lands in its turn, and tool calls' `diff` content of
 * agents that edit files themselves is picked up when the turn ends), and applies the user's
 * decisions through the same adapter.
 *
 * Every decision is planned against the file as it is now (`decide.ts`), written, and only then
 * committed to the state: a write that fails leaves the review as it was, with the error in
 * `snapshot.error`. Decisions run one at a time, in the order they were asked for.
 */
import type { FsAdapter, FsRequestContext } from '../api.js';
import { toAcpError } from '../errors.js';
import { createStore } from '../store.js';
import type { AcpSnapshot } from '../types.js';
import { currentTurnId, fileId, recordChange, recordPatches, sessionRoots, turnDiffs } from './collect.js';
import { expectedContent, planFile, type FilePlan } from './decide.js';
import { computeHunksInSlices } from './hunks.js';
import { decidable, findFile, initialChanges, putFile, replaceFiles, sessionTurns } from './state.js';
import type { ChangeDecisionEvent, ChangeScope, ChangesSnapshot, FileChange, HunkDecision, TurnChanges } from './types.js';

export interface ChangeTrackerOptions {
  /** The host's adapter. Give the client `tracker.fs` in its place. */
  fs: FsAdapter;
  /** Hears every decision once it is applied (a web IDE may update its editor). */
  onChangeDecision?: (event: ChangeDecisionEvent) => void;
}

/** The part of the client the tracker follows. */
export interface ChangeTrackerClient {
  getSnapshot(): AcpSnapshot;
  subscribe(listener: () => void): () => void;
}

/** A file "restore to before this turn" would put back. */
export interface RestoreEntry {
  path: string;
  /** What it gets back; null: the file did not exist and is deleted. */
  content: string | null;
  /** It changed after the agent's last write (the restore overwrites that too). */
  changedSince: boolean;
}

export interface ChangeTracker {
  /** The adapter to give the client (`createAcpClient({ fs: tracker.fs })`): it records and passes on. */
  readonly fs: FsAdapter;
  getSnapshot(): ChangesSnapshot;
  subscribe(listener: () => void): () => void;
  /** Follows a client's turns and tool calls; returns a function that stops. */
  attach(client: ChangeTrackerClient): () => void;
  /** Each resolves true once applied, false when it failed (see `getSnapshot().error`). */
  acceptHunk(fileId: string, hunkId: string): Promise<boolean>;
  rejectHunk(fileId: string, hunkId: string): Promise<boolean>;
  /** The file's undecided hunks. */
  acceptFile(fileId: string): Promise<boolean>;
  rejectFile(fileId: string): Promise<boolean>;
  /** The undecided hunks in scope; decisions already made stay. */
  acceptAll(scope: ChangeScope): Promise<boolean>;
  rejectAll(scope: ChangeScope): Promise<boolean>;
  /** What `restoreCheckpoint` would write, for its confirmation. */
  previewRestore(sessionId: string, turnId: string | null): Promise<RestoreEntry[]>;
  /** Puts every file this turn and the later ones touched back as it was before this turn. */
  restoreCheckpoint(sessionId: string, turnId: string | null): Promise<boolean>;
  clearError(): void;
  /**
   * A sentence for the next prompt listing what the user rejected since the last call (each
   * rejection is told once), or null when there is nothing new.
   */
  takeRejectionNote(sessionId: string): string | null;
  /** The note `takeRejectionNote` would return now, without marking anything told (to show it before sending). */
  peekRejectionNote(sessionId: string): string | null;
  /**
   * Undoes the session's last `takeRejectionNote` (its prompt never reached the agent): those
   * rejections are in the next note again.
   */
  returnRejectionNote(sessionId: string): void;
}

const isNotFound = (error: unknown) => toAcpError(error).code === -32002;

export function createChangeTracker(options: ChangeTrackerOptions): ChangeTracker {
  const base = options.fs;
  const writable = typeof base.writeTextFile === 'function';
  const store = createStore<ChangesSnapshot>(initialChanges(writable), 'sync');
  const get = store.getSnapshot;
  const set = (fn: (s: ChangesSnapshot) => ChangesSnapshot) => store.setState(fn(get()));
  let client: ChangeTrackerClient | null = null;
  /** Rejected hunks already told to the agent (`takeRejectionNote`), by file id and hunk id. */
  const told = new Set<string>();
  /** Each session's last note taken, for `returnRejectionNote`. */
  const taken = new Map<string, string[]>();

  /** The rejections not told yet, as a sentence for the agent, and their keys. */
  const rejectionNote = (sessionId: string): { text: string; keys: string[] } | null => {
    const parts: string[] = [];
    const keys: string[] = [];
    for (const turn of sessionTurns(get(), sessionId)) {
      for (const file of turn.files) {
        const fresh = file.hunks.filter((h) => file.decisions[h.id] === 'rejected' && !told.has(`${file.id}\u0000${h.id}`));
        if (fresh.length === 0) continue;
        for (const h of fresh) keys.push(`${file.id}\u0000${h.id}`);
        const lines = fresh.map((h) => (h.oldLines.length > 0 ? `lines ${h.oldStart + 1}-${h.oldStart + h.oldLines.length}` : `after line ${h.oldStart}`));
        parts.push(`${file.path} (${lines.join(', ')})`);
      }
    }
    if (parts.length === 0) return null;
    return { text: `The user reviewed your changes and rejected some of them; they were reverted: ${parts.join('; ')}.`, keys };
  };

  const context = (file: Pick<FileChange, 'sessionId' | 'path' | 'roots'>): FsRequestContext => ({
    sessionId: file.sessionId,
    path: file.path,
    roots: file.roots,
    signal: new AbortController().signal,
  });
  const readNow = async (ctx: FsRequestContext): Promise<string | null> => {
    try {
      return await base.readTextFile(ctx);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const writeNow = async (ctx: FsRequestContext, content: string | null) => {
    if (!base.writeTextFile) throw new Error('The workspace is read-only: the host allows no writes.');
    if (content !== null) return base.writeTextFile(ctx, content);
    if (!base.deleteTextFile) throw new Error(`Cannot delete ${ctx.path}: the host's file adapter has no deleteTextFile.`);
    return base.deleteTextFile(ctx);
  };

  /** The clients attached, latest last (`attach`); writes land in the turns of the latest. */
  const attached: ChangeTrackerClient[] = [];
  /** The agent's writes being recorded, one after the other. */
  let recording: Promise<unknown> = Promise.resolve();
  const fs: FsAdapter = {
    readTextFile: (ctx) => base.readTextFile(ctx),
    ...(base.deleteTextFile ? { deleteTextFile: (ctx: FsRequestContext) => base.deleteTextFile!(ctx) } : {}),
  };
  if (base.writeTextFile) {
    const write = base.writeTextFile.bind(base);
    fs.writeTextFile = async (ctx, content) => {
      let before: string | null | undefined;
      try {
        before = await readNow(ctx);
      } catch {
        // Unreadable before the write (not merely missing): the change cannot be reviewed, but the
        // agent's write is not the review's to refuse.
        before = undefined;
      }
      await write(ctx, content);
      if (before === undefined) return;
      const turnId = currentTurnId(client?.getSnapshot() ?? null, ctx.sessionId);
      const id = fileId(ctx.sessionId, turnId, ctx.path);
      // Compared in slices, off the page's frames (the write itself has gone through), and
      // recorded in the order the writes came: a later write of the file lands after this one.
      const job = recording.then(async () => {
        const earlier = findFile(get(), id);
        const base = earlier ? earlier.before : before;
        const computed = { before: base, set: await computeHunksInSlices(base, content) };
        set((s) => {
          const change = { sessionId: ctx.sessionId, turnId, path: ctx.path, before, after: content, source: 'write' as const, roots: ctx.roots };
          return putFile(s, recordChange(findFile(s, id), change, computed));
        });
      });
      recording = job.catch(() => {});
      await job;
    };
  }

  /** Folds the diffs a finished turn's tool calls reported (a write of the same file wins). */
  const scanned = new Set<string>();
  /** Each session's turn list as last scanned: a streamed chunk leaves it as it was, and costs no scan. */
  const seenTurns = new Map<string, readonly unknown[]>();
  const follow = (snapshot: AcpSnapshot) => {
    for (const session of Object.values(snapshot.sessions)) {
      if (seenTurns.get(session.sessionId) === session.turns) continue;
      seenTurns.set(session.sessionId, session.turns);
      session.turns.forEach((turn, index) => {
        const key = `${session.sessionId}\u0000${turn.turnId}`;
        if (turn.status === 'running' || turn.status === 'cancelling' || scanned.has(key)) return;
        scanned.add(key);
        for (const diff of turnDiffs(session, index)) {
          if (diff.kind === 'patch') {
            recording = recording.then(() => recordPatches(diff.content, session, turn.turnId, set));
            continue;
          }
          const id = fileId(session.sessionId, turn.turnId, diff.path);
          const change = { sessionId: session.sessionId, turnId: turn.turnId, path: diff.path, before: diff.oldText, after: diff.newText };
          // Compared in slices like a write, and queued behind the writes recorded before it: a
          // big reported diff would otherwise be one long task at the end of the turn.
          recording = recording
            .then(async () => {
              const earlier = findFile(get(), id);
              if (earlier?.source === 'write') return;
              const base = earlier ? earlier.before : diff.oldText;
              const computed = { before: base, set: await computeHunksInSlices(base, diff.newText) };
              set((s) => {
                const previous = findFile(s, id);
                return previous?.source === 'write'
                  ? s
                  : putFile(s, recordChange(previous, { ...change, source: 'tool_call', roots: sessionRoots(session) }, computed));
              });
            })
            .catch(() => {});
        }
      });
    }
  };

  /** Runs decisions one at a time. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = (run: () => Promise<boolean>): Promise<boolean> => {
    const next = queue.then(run, run);
    queue = next.catch(() => {});
    return next;
  };

  const decide = (files: FileChange[], pick: (file: FileChange) => string[], decision: HunkDecision) =>
    serial(async () => {
      const work = files.map((file) => ({ file, ids: pick(file) })).filter((w) => w.ids.length > 0);
      if (work.length === 0) return true;
      set((s) => ({ ...s, busy: true }));
      const written: Array<{ file: FileChange; previous: string | null }> = [];
      const plans = new Map<string, FileChange>();
      const events: ChangeDecisionEvent[] = [];
      let stale = 0;
      let stalePath: string | null = null;
      try {
        for (const { file, ids } of work) {
          const needsContent = decision === 'rejected' || ids.some((id) => file.decisions[id] === 'rejected');
          if (needsContent && !writable) throw new Error('The workspace is read-only: the host allows no writes.');
          const current = needsContent ? await readNow(context(file)) : expectedContent(file);
          const plan: FilePlan = planFile(file, current, ids, decision);
          if (plan.write !== undefined) {
            await writeNow(context(file), plan.write);
            written.push({ file, previous: current });
          }
          if (plan.stale.length > 0) {
            stale += plan.stale.length;
            stalePath = file.path;
          }
          plans.set(file.id, { ...file, decisions: plan.decisions, conflict: plan.conflict, stale: plan.stale });
          if (plan.decided.length > 0) {
            const content = plan.write !== undefined ? plan.write : current;
            const kind = decision === 'accepted' ? 'accept' : 'reject';
            events.push({ kind, sessionId: file.sessionId, turnId: file.turnId, path: file.path, hunkIds: plan.decided, content, stale: plan.stale });
          }
        }
      } catch (error) {
        await rollback(written);
        set((s) => ({ ...s, busy: false, error: { message: toAcpError(error).message, path: work.length === 1 ? work[0]!.file.path : null } }));
        return false;
      }
      const error =
        stale === 0
          ? null
          : {
              message: `${stale === 1 ? 'A change no longer applies' : `${stale} changes no longer apply`}: the file changed after the agent's write.`,
              path: stalePath,
            };
      set((s) => ({ ...replaceFiles(s, plans), busy: false, error }));
      for (const event of events) options.onChangeDecision?.(event);
      return stale === 0;
    });

  /** Puts files back as they were before a failed batch (best effort: the first failure is the one reported). */
  const rollback = async (written: Array<{ file: Pick<FileChange, 'sessionId' | 'path' | 'roots'>; previous: string | null }>) => {
    for (const { file, previous } of written.reverse()) {
      try {
        await writeNow(context(file), previous);
      } catch {
        // Reported through the original error; nothing more can be done here.
      }
    }
  };

  const scopeFiles = (scope: ChangeScope): FileChange[] => {
    const s = get();
    if ('fileId' in scope) {
      const file = findFile(s, scope.fileId);
      return file && decidable(file) ? [file] : [];
    }
    return sessionTurns(s, scope.sessionId)
      .filter((t) => scope.turnId === undefined || t.turnId === scope.turnId)
      .flatMap((t) => t.files.filter(decidable));
  };
  const undecided = (file: FileChange) => file.hunks.filter((h) => !file.decisions[h.id]).map((h) => h.id);
  const one = (hunkId: string) => (file: FileChange) => (file.hunks.some((h) => h.id === hunkId) ? [hunkId] : []);

  /** For each path touched by the turn or a later one of the session: the content before the earliest such turn. */
  const checkpoint = (sessionId: string, turnId: string | null) => {
    const turns = sessionTurns(get(), sessionId);
    const from = turns.findIndex((t) => t.turnId === turnId);
    const affected = from === -1 ? [] : turns.slice(from);
    const first = new Map<string, FileChange>();
    const last = new Map<string, FileChange>();
    for (const turn of affected) {
      for (const file of turn.files.filter(decidable)) {
        if (!first.has(file.path)) first.set(file.path, file);
        last.set(file.path, file);
      }
    }
    return { affected, first, last };
  };

  const previewRestore = async (sessionId: string, turnId: string | null): Promise<RestoreEntry[]> => {
    const { first, last } = checkpoint(sessionId, turnId);
    const entries: RestoreEntry[] = [];
    for (const [path, file] of first) {
      let current: string | null;
      try {
        current = await readNow(context(file));
      } catch {
        current = null;
      }
      entries.push({ path, content: file.before, changedSince: current !== expectedContent(last.get(path)!) });
    }
    return entries;
  };

  const restoreCheckpoint = (sessionId: string, turnId: string | null) =>
    serial(async () => {
      const { affected, first } = checkpoint(sessionId, turnId);
      if (first.size === 0) return true;
      set((s) => ({ ...s, busy: true }));
      const written: Array<{ file: FileChange; previous: string | null }> = [];
      try {
        if (!writable) throw new Error('The workspace is read-only: the host allows no writes.');
        for (const file of first.values()) {
          const previous = await readNow(context(file));
          if (previous === file.before) continue;
          await writeNow(context(file), file.before);
          written.push({ file, previous });
        }
      } catch (error) {
        await rollback(written);
        set((s) => ({ ...s, busy: false, error: { message: toAcpError(error).message, path: null } }));
        return false;
      }
      const files = new Map<string, FileChange>();
      for (const turn of affected) {
        for (const file of turn.files.filter(decidable)) {
          const decisions: Record<string, HunkDecision> = {};
          for (const hunk of file.hunks) decisions[hunk.id] = 'rejected';
          files.set(file.id, { ...file, decisions, conflict: false, stale: [] });
        }
      }
      set((s) => ({ ...replaceFiles(s, files, new Set<TurnChanges>(affected)), busy: false, error: null }));
      for (const file of first.values()) {
        const hunkIds = affected.flatMap((t) => t.files.filter((f) => f.path === file.path).flatMap((f) => f.hunks.map((h) => h.id)));
        options.onChangeDecision?.({ kind: 'restore', sessionId, turnId, path: file.path, hunkIds, content: file.before, stale: [] });
      }
      return true;
    });

  return {
    fs,
    getSnapshot: get,
    subscribe: store.subscribe,
    attach(next) {
      // Counted: a panel and a host's own view may attach the same tracker; one detaching leaves the other's.
      attached.push(next);
      client = next;
      follow(next.getSnapshot());
      const stop = next.subscribe(() => follow(next.getSnapshot()));
      return () => {
        stop();
        attached.splice(attached.lastIndexOf(next), 1);
        client = attached[attached.length - 1] ?? null;
      };
    },
    acceptHunk: (fileId, hunkId) => decide(scopeFiles({ fileId }), one(hunkId), 'accepted'),
    rejectHunk: (fileId, hunkId) => decide(scopeFiles({ fileId }), one(hunkId), 'rejected'),
    acceptFile: (fileId) => decide(scopeFiles({ fileId }), undecided, 'accepted'),
    rejectFile: (fileId) => decide(scopeFiles({ fileId }), undecided, 'rejected'),
    acceptAll: (scope) => decide(scopeFiles(scope), undecided, 'accepted'),
    rejectAll: (scope) => decide(scopeFiles(scope), undecided, 'rejected'),
    previewRestore,
    restoreCheckpoint,
    clearError: () => set((s) => (s.error ? { ...s, error: null } : s)),
    takeRejectionNote(sessionId) {
      const note = rejectionNote(sessionId);
      if (!note) return null;
      for (const key of note.keys) told.add(key);
      taken.set(sessionId, note.keys);
      // No file changed, but what a peek returns did: subscribers showing the note re-read it.
      store.setState({ ...get() });
      return note.text;
    },
    peekRejectionNote: (sessionId) => rejectionNote(sessionId)?.text ?? null,
    returnRejectionNote(sessionId) {
      const keys = taken.get(sessionId);
      if (!keys) return;
      taken.delete(sessionId);
      for (const key of keys) told.delete(key);
      store.setState({ ...get() });
    },
  };
}
