/**
 * What a decision does to one file, as a plan: the content to write (if any), the decisions after
 * it, and the hunks that could not be applied. Pure: the tracker reads the file, plans, writes,
 * and only then commits the plan to its state, so a failed write changes nothing.
 */
import { contentFor, moveHunk, type HunkSet } from './hunks.js';
import type { FileChange, HunkDecision } from './types.js';

export interface FilePlan {
  /** The content to write; `undefined` when nothing needs writing, null to delete the file. */
  write: string | null | undefined;
  decisions: Record<string, HunkDecision>;
  /** The hunks whose decision was applied. */
  decided: string[];
  /** The hunks that no longer apply (their decision is left as it was). */
  stale: string[];
  conflict: boolean;
}

const setOf = (file: FileChange): HunkSet => file;

/** The rejected hunks of a set of decisions. */
export function rejectedIds(decisions: Readonly<Record<string, HunkDecision>>): Set<string> {
  const out = new Set<string>();
  for (const id in decisions) if (decisions[id] === 'rejected') out.add(id);
  return out;
}

/** The content the review expects the file to have now, given the decisions applied so far. */
export function expectedContent(file: FileChange): string | null {
  return contentFor(file.before, file.after, setOf(file), rejectedIds(file.decisions));
}

/**
 * Plans `decision` on the hunks `hunkIds` of `file`, whose content is `current` now (null: it
 * does not exist). When the file is as the review expects, the new content is computed from the
 * original and the decisions (exact); otherwise each hunk whose effect changes is looked up by its
 * lines and context and applied only where it matches once.
 */
export function planFile(file: FileChange, current: string | null, hunkIds: readonly string[], decision: HunkDecision): FilePlan {
  const decisions = { ...file.decisions };
  const wanted = new Set(hunkIds);
  // Hunks whose content flips: rejecting one not rejected yet, or accepting a rejected one again.
  const flipping = file.hunks.filter((h) => wanted.has(h.id) && (decisions[h.id] === 'rejected') !== (decision === 'rejected'));
  const expected = expectedContent(file);
  const conflict = current !== expected;
  if (flipping.length === 0) {
    for (const id of wanted) decisions[id] = decision;
    return { write: undefined, decisions, decided: [...wanted], stale: [], conflict };
  }
  if (!conflict) {
    for (const id of wanted) decisions[id] = decision;
    return { write: contentFor(file.before, file.after, setOf(file), rejectedIds(decisions)), decisions, decided: [...wanted], stale: [], conflict };
  }
  // The file changed since: apply each flipping hunk where it can be found, report the others.
  const stale: string[] = [];
  const flips = new Set(flipping.map((h) => h.id));
  let content = current;
  for (const hunk of flipping) {
    const next = content === null ? null : moveHunk(content, hunk, decision === 'rejected' ? 'reject' : 'accept');
    if (next === null) stale.push(hunk.id);
    else content = next;
  }
  const decided = [...wanted].filter((id) => !stale.includes(id));
  for (const id of decided) decisions[id] = decision;
  const wrote = stale.length < flips.size;
  return { write: wrote ? content : undefined, decisions, decided, stale, conflict };
}
