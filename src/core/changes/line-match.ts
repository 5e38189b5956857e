/**
 * Line matching for diffs that stay exact on large files and bounded on any input: which old line
 * matches which new line. The display diff (the `Diff` component) and the change review's hunks
 * (`hunks.ts`) both build on it, so what the review accepts or rejects is what the diff shows.
 *
 * Lines are interned to numbers, so comparing two lines costs one integer comparison. The common
 * start and end are matched first. What is left is compared exactly (jsdiff's Myers algorithm,
 * minimal) when that fits the work left; otherwise lines that occur exactly once on each side
 * and in the same order (the longest increasing run of them, as patience diff does) anchor the
 * comparison and split it into smaller regions, each handled the same way. A 40,000-line file
 * with every tenth line changed splits into 4,000 two-line regions: milliseconds, where one Myers
 * run over the whole file (D = 8,000) would take minutes.
 *
 * Every step counts its work against `workLimit`. A big region without unique lines (a file of
 * repeated lines) is compared in windows aligned by position; a region that cannot be compared
 * within what is left is shown as replaced (its old lines removed, its new lines added). Either
 * way the result is marked `approximate`: a correct diff, but maybe not the smallest.
 *
 * Not reachable from the core entry (`acp-react/core`): only the `Diff` component's chunk and the
 * change review load it, so jsdiff stays out of the client's first page.
 */
import { diffArrays } from 'diff';
import { itemAt } from '../item-at.js';

/** Comparison steps a diff may take (tens of milliseconds); beyond, regions show as replaced. */
export const DIFF_WORK_LIMIT = 2_000_000;
/** Lines per side compared at all; a longer file shows as replaced whole (interning alone would be slow). */
export const DIFF_LINE_LIMIT = 50_000;

/** Regions this small (old + new lines) go to Myers directly. */
const SMALL_REGION = 500;

export interface LineMatch {
  /** For each old line, the new line it matches, or -1 (removed). Matches increase on both sides. */
  match: Int32Array;
  approximate: boolean;
}

/** Lines between two pauses of a matching job. */
export const STEP_LINES = 4096;

/** Lines as numbers: equal lines, equal numbers (0, 1, 2… in order of first appearance). */
function* intern(lines: readonly string[], ids: Map<string, number>): Generator<void, Int32Array> {
  const out = new Int32Array(lines.length);
  let i = 0;
  for (const line of lines) {
    let id = ids.get(line);
    if (id === undefined) ids.set(line, (id = ids.size));
    out[i++] = id;
    if (i % STEP_LINES === 0) yield;
  }
  return out;
}

/** A line occurring once in each region, at `i` (old side) and `j` (new side). */
interface Anchor {
  i: number;
  j: number;
  /** The anchor before this one in the longest increasing run ending here. */
  previous: Anchor | null;
}

/**
 * Lines occurring once in each region, in the longest sequence increasing on both sides (patience
 * sorting, O(k log k)). `scratch` holds per-line counters, indexed by line id: every id in `a` and
 * `b` is below the size they were made with.
 */
function uniqueAnchors(a: Int32Array, a0: number, a1: number, b: Int32Array, b0: number, b1: number, scratch: Scratch): Anchor[] {
  const { countA, countB, whereB } = scratch;
  const regionA = a.subarray(a0, a1);
  const regionB = b.subarray(b0, b1);
  for (const line of regionA) countA[line] = itemAt(countA, line) + 1;
  let j = b0;
  for (const line of regionB) {
    countB[line] = itemAt(countB, line) + 1;
    whereB[line] = j++;
  }
  const candidates: Anchor[] = [];
  let i = a0;
  for (const line of regionA) {
    if (countA[line] === 1 && countB[line] === 1) candidates.push({ i, j: itemAt(whereB, line), previous: null });
    i++;
  }
  // Leave the counters at zero for the next region.
  for (const line of regionA) countA[line] = 0;
  for (const line of regionB) countB[line] = 0;
  // Longest increasing subsequence on the new-side positions: `tails[n]` ends the best run of n + 1.
  const tails: Anchor[] = [];
  for (const candidate of candidates) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (itemAt(tails, mid).j < candidate.j) lo = mid + 1;
      else hi = mid;
    }
    // At lo = 0 the run starts here (there is no tails[-1]).
    candidate.previous = tails[lo - 1] ?? null;
    tails[lo] = candidate;
  }
  const anchors: Anchor[] = [];
  for (let anchor = tails.at(-1) ?? null; anchor; anchor = anchor.previous) anchors.push(anchor);
  return anchors.reverse();
}

interface Scratch {
  countA: Int32Array;
  countB: Int32Array;
  whereB: Int32Array;
}

/**
 * Matches the lines of two sides (compared as given: strip nothing a caller wants compared), as a
 * job that pauses every few thousand lines of work (yields). `stats.work`, when given, receives
 * the steps taken: bounded by `workLimit` plus a few steps per line.
 */
export function* matchLineSteps(
  oldLines: readonly string[],
  newLines: readonly string[],
  workLimit: number = DIFF_WORK_LIMIT,
  stats?: { work: number },
): Generator<void, LineMatch> {
  if (oldLines.length > DIFF_LINE_LIMIT || newLines.length > DIFF_LINE_LIMIT) {
    return { match: new Int32Array(oldLines.length).fill(-1), approximate: true };
  }
  yield;
  const ids = new Map<string, number>();
  const a = yield* intern(oldLines, ids);
  const b = yield* intern(newLines, ids);
  const scratch: Scratch = { countA: new Int32Array(ids.size), countB: new Int32Array(ids.size), whereB: new Int32Array(ids.size) };
  // Matched lines, as old position → new position.
  const match = new Int32Array(a.length).fill(-1);
  let work = 0;
  /** Linear steps (trimming, anchoring, single-line regions): reported, not limited. */
  let linear = a.length + b.length;
  let approximate = false;
  let anchored = false;
  const regions: Array<[number, number, number, number]> = [[0, a.length, 0, b.length]];

  let sinceYield = 0;
  for (let region = regions.pop(); region; region = regions.pop()) {
    let [a0, a1, b0, b1] = region;
    linear += a1 - a0 + (b1 - b0);
    sinceYield += a1 - a0 + (b1 - b0) + 16;
    if (sinceYield > 4 * STEP_LINES) {
      sinceYield = 0;
      yield;
    }
    while (a0 < a1 && b0 < b1 && a[a0] === b[b0]) match[a0++] = b0++;
    while (a0 < a1 && b0 < b1 && a[a1 - 1] === b[b1 - 1]) match[--a1] = --b1;
    if (a0 === a1 || b0 === b1) continue;
    const size = a1 - a0 + (b1 - b0);
    // One line on a side (the usual changed line between two anchors): it matches its first equal, if any.
    if (a1 - a0 === 1 || b1 - b0 === 1) {
      matchSingle(a, a0, a1, b, b0, b1, match);
      continue;
    }

    // Myers costs about size × edits: compare exactly when the edits it may need fit the work left
    // (charged in full, found or not).
    const affordable = Math.floor((workLimit - work) / size);
    if (size <= SMALL_REGION && affordable > 0) {
      work += size * Math.min(size, affordable);
      if (exact(a, a0, a1, b, b0, b1, Math.min(size, affordable), match)) continue;
    }
    // Anchoring is linear in the region, but nested regions anchored again and again could add up:
    // only the first pass (the whole file) is free, later ones are charged.
    if (!anchored || work + 4 * size <= workLimit) {
      if (anchored) work += 4 * size;
      else linear += 4 * size;
      anchored = true;
      const anchors = uniqueAnchors(a, a0, a1, b, b0, b1, scratch);
      if (anchors.length > 0) {
        let fromA = a0;
        let fromB = b0;
        for (const { i, j } of anchors) {
          match[i] = j;
          regions.push([fromA, i, fromB, j]);
          fromA = i + 1;
          fromB = j + 1;
        }
        regions.push([fromA, a1, fromB, b1]);
        continue;
      }
      // Nothing unique to anchor on (repeated lines): Myers with whatever work is left…
      const left = Math.floor((workLimit - work) / size);
      if (size > SMALL_REGION && left > 0) {
        work += size * left;
        if (exact(a, a0, a1, b, b0, b1, left, match)) continue;
      }
      // …or, too big for that, in windows aligned by position: a valid diff, maybe not minimal.
      if (size > SMALL_REGION) {
        approximate = true;
        const windows = Math.ceil(size / SMALL_REGION);
        for (let k = 0; k < windows; k++) {
          regions.push([
            a0 + Math.floor(((a1 - a0) * k) / windows),
            a0 + Math.floor(((a1 - a0) * (k + 1)) / windows),
            b0 + Math.floor(((b1 - b0) * k) / windows),
            b0 + Math.floor(((b1 - b0) * (k + 1)) / windows),
          ]);
        }
        continue;
      }
    }
    // Out of budget for this region: its old lines removed, its new lines added.
    approximate = true;
  }
  if (stats) stats.work = work + linear;
  return { match, approximate };
}

/** `matchLineSteps` run to the end at once. */
export function matchLines(oldLines: readonly string[], newLines: readonly string[], workLimit: number = DIFF_WORK_LIMIT): LineMatch {
  const steps = matchLineSteps(oldLines, newLines, workLimit);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** A region with one line on a side: that line matches the first equal line on the other side. */
function matchSingle(a: Int32Array, a0: number, a1: number, b: Int32Array, b0: number, b1: number, match: Int32Array): void {
  if (a1 - a0 === 1) {
    for (let j = b0; j < b1; j++) if (b[j] === a[a0]) return void (match[a0] = j);
  } else {
    for (let i = a0; i < a1; i++) if (a[i] === b[b0]) return void (match[i] = b0);
  }
}

/** Myers on a region (minimal), recording its matches; false when it needs more than `maxEdits`. */
function exact(a: Int32Array, a0: number, a1: number, b: Int32Array, b0: number, b1: number, maxEdits: number, match: Int32Array): boolean {
  const changes = diffArrays(Array.from(a.subarray(a0, a1)), Array.from(b.subarray(b0, b1)), { maxEditLength: maxEdits });
  if (!changes) return false;
  let i = a0;
  let j = b0;
  for (const change of changes) {
    if (change.added) j += change.count;
    else if (change.removed) i += change.count;
    else for (let k = 0; k < change.count; k++) match[i++] = j++;
  }
  return true;
}
