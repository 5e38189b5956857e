/**
 * A file change as hunks, and the algebra over them.
 *
 * A hunk is one run of changed lines with no unchanged line inside: what the agent replaced
 * (`oldLines`) and with what (`newLines`), terminators included. The content for any set of
 * rejected hunks is the agent's content with exactly those hunks put back (`contentFor`): accept
 * all gives the agent's content, reject all the original, byte for byte.
 *
 * When the file changed after the agent's write, positions no longer hold: a hunk is then found
 * again by its lines and the unchanged lines around it (`moveHunk`), and applied only where it
 * matches exactly once; otherwise it is reported as no longer applying, never applied elsewhere.
 */
import { matchLineSteps } from './line-match.js';
import { hashText, isBinaryText, splitLines } from './text.js';

export interface ChangeHunk {
  /** Stable for a given original and agent content: `h<oldStart>-<hash of its lines>`. */
  id: string;
  /** 0-based index of the first original line the hunk replaces (where it goes when empty). */
  oldStart: number;
  /** 0-based index of its first line in the agent's content. */
  newStart: number;
  /** The original lines, terminators included. */
  oldLines: readonly string[];
  /** The agent's lines, terminators included. */
  newLines: readonly string[];
  /** Up to `CONTEXT` unchanged lines before and after it, to find it again in a changed file. */
  contextBefore: readonly string[];
  contextAfter: readonly string[];
  /** True when it starts at the first line / ends at the last one (so must a match). */
  atStart: boolean;
  atEnd: boolean;
}

export type FileChangeStatus = 'added' | 'modified' | 'deleted';

export interface HunkSet {
  status: FileChangeStatus;
  binary: boolean;
  hunks: readonly ChangeHunk[];
  additions: number;
  deletions: number;
  /** The line matching ran out of budget: hunks are correct but may be larger than needed. */
  approximate: boolean;
}

/** Unchanged lines kept around a hunk to find it again. */
export const CONTEXT = 3;

/**
 * The hunks turning `before` into `after`; `null` is a file that does not exist. A new or deleted
 * file is one hunk (all lines), a binary one a single hunk holding each side whole.
 */
export function computeHunks(before: string | null, after: string | null): HunkSet {
  const steps = computeHunkSteps(before, after);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `computeHunks` as a job that pauses every few thousand lines of matching (yields), so a caller
 * can spread a big file's comparison over several tasks (`computeHunksInSlices`).
 */
export function* computeHunkSteps(before: string | null, after: string | null): Generator<void, HunkSet> {
  const status: FileChangeStatus = before === null ? 'added' : after === null ? 'deleted' : 'modified';
  const binary = isBinaryText(before) || isBinaryText(after);
  if (binary) {
    const oldLines = before === null || before === '' ? [] : [before];
    const newLines = after === null || after === '' ? [] : [after];
    const hunks = oldLines.length + newLines.length === 0 || before === after ? [] : [makeHunk(0, 0, oldLines, newLines, [], [], true, true)];
    return { status, binary, hunks, additions: 0, deletions: 0, approximate: false };
  }
  const a = splitLines(before ?? '');
  const b = splitLines(after ?? '');
  const { match, approximate } = status === 'modified' ? yield* matchLineSteps(a, b) : { match: new Int32Array(a.length).fill(-1), approximate: false };
  const hunks: ChangeHunk[] = [];
  let additions = 0;
  let deletions = 0;
  // Unchanged runs are where matched lines follow each other on both sides.
  let i = 0;
  let j = 0;
  const flush = (i1: number, j1: number) => {
    if (i1 === i && j1 === j) return;
    additions += j1 - j;
    deletions += i1 - i;
    hunks.push(makeHunk(i, j, a.slice(i, i1), b.slice(j, j1), [], [], i === 0 && j === 0, i1 === a.length && j1 === b.length));
  };
  for (let k = 0; k <= a.length; k++) {
    if (k < a.length && match[k] === -1) continue;
    const target = k < a.length ? match[k]! : b.length;
    flush(k, target);
    i = k + 1;
    j = target + 1;
  }
  // Context: the unchanged lines between a hunk and its neighbours (never a neighbour's lines).
  for (let h = 0; h < hunks.length; h++) {
    const hunk = hunks[h]!;
    const previousEnd = h === 0 ? 0 : hunks[h - 1]!.newStart + hunks[h - 1]!.newLines.length;
    const nextStart = h === hunks.length - 1 ? b.length : hunks[h + 1]!.newStart;
    const end = hunk.newStart + hunk.newLines.length;
    hunk.contextBefore = b.slice(Math.max(previousEnd, hunk.newStart - CONTEXT), hunk.newStart);
    hunk.contextAfter = b.slice(end, Math.min(nextStart, end + CONTEXT));
  }
  return { status, binary, hunks, additions, deletions, approximate };
}

/** Main-thread time a slice of `computeHunksInSlices` may take before it lets other tasks run. */
const SLICE_MS = 8;

/**
 * `computeHunks` in slices of at most ~8 ms with a macrotask between them: a 10,000-line file's
 * comparison (tens of milliseconds, more on a first, unoptimized run) never blocks the page for a
 * long task; a small file is done in its first slice, without waiting.
 */
export async function computeHunksInSlices(before: string | null, after: string | null): Promise<HunkSet> {
  const steps = computeHunkSteps(before, after);
  let start = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - start < SLICE_MS) continue;
    await new Promise((resolve) => setTimeout(resolve, 0));
    start = performance.now();
  }
}

/** A hunk with its stable id (also used by the git-patch reader, so both give the same ids). */
export function makeHunk(
  oldStart: number,
  newStart: number,
  oldLines: string[],
  newLines: string[],
  contextBefore: string[],
  contextAfter: string[],
  atStart: boolean,
  atEnd: boolean,
): ChangeHunk {
  const id = `h${oldStart}-${hashText(`${oldLines.join('')}\u0000${newLines.join('')}`)}`;
  return { id, oldStart, newStart, oldLines, newLines, contextBefore, contextAfter, atStart, atEnd };
}

/**
 * The file's content with the `rejected` hunks put back and every other hunk as the agent wrote
 * it; `null` when the file should not exist (a rejected new file, an accepted deletion).
 */
export function contentFor(before: string | null, after: string | null, set: HunkSet, rejected: ReadonlySet<string>): string | null {
  if (set.hunks.length === 0) return after;
  if (set.status === 'added' && rejected.has(set.hunks[0]!.id)) return null;
  if (set.status === 'deleted') return rejected.has(set.hunks[0]!.id) ? before : null;
  if (set.binary) return rejected.has(set.hunks[0]!.id) ? before : after;
  const a = splitLines(before ?? '');
  const out: string[] = [];
  let i = 0;
  for (const hunk of set.hunks) {
    for (; i < hunk.oldStart; i++) out.push(a[i]!);
    out.push(...(rejected.has(hunk.id) ? hunk.oldLines : hunk.newLines));
    i += hunk.oldLines.length;
  }
  for (; i < a.length; i++) out.push(a[i]!);
  return out.join('');
}

/**
 * Finds `hunk` in `current` (a file that changed since the review knew it) by the lines it should
 * hold now (`from`: its new lines to reject it, its old ones to accept it again) and its context,
 * and replaces them with `to`. Null when it does not match exactly once.
 */
export function moveHunk(current: string, hunk: ChangeHunk, direction: 'reject' | 'accept'): string | null {
  const from = direction === 'reject' ? hunk.newLines : hunk.oldLines;
  const to = direction === 'reject' ? hunk.oldLines : hunk.newLines;
  const lines = splitLines(current);
  const before = hunk.contextBefore;
  const after = hunk.contextAfter;
  let found = -1;
  for (let p = before.length; p + from.length + after.length <= lines.length; p++) {
    if (hunk.atStart && p !== before.length) break;
    if (hunk.atEnd && p + from.length !== lines.length) continue;
    if (!equalAt(lines, p - before.length, before) || !equalAt(lines, p, from) || !equalAt(lines, p + from.length, after)) continue;
    if (found !== -1) return null;
    found = p;
  }
  if (found === -1) return null;
  return [...lines.slice(0, found), ...to, ...lines.slice(found + from.length)].join('');
}

function equalAt(lines: readonly string[], at: number, expected: readonly string[]): boolean {
  for (let k = 0; k < expected.length; k++) if (lines[at + k] !== expected[k]) return false;
  return true;
}
