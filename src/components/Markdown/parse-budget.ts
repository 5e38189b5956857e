/**
 * A budget of parsing per task, so the longest main-thread task stays bounded however much
 * text arrives at once. When the page falls behind, chunks pile up and the next frame would parse
 * all of them (which makes that frame longer still, and the next pile bigger). Instead a pass
 * parses for about PASS_MS (past a small FREE_COST that keeps short texts synchronous); a part
 * over the budget shows its text as written and is parsed in a following frame.
 *
 * The cost of a part is its length plus MARKUP_WEIGHT per markup character (see `markup.ts`): a
 * rough model of the parser's time that keeps pathological text from filling a task alone. The
 * first part of a commit always gets its turn, so everything is parsed eventually; parts are kept
 * small (MARKDOWN_UNIT_CHARS) so that this one part is never long either.
 *
 * The time is counted per task, the cost per commit: a frame can hold several commits (one per
 * client when several stream on one page, and the parts the budget held back trying again, each
 * in its own animation-frame callback), and a budget of time renewed by each commit let a frame
 * parse for PASS_MS per commit. Each commit still parses FREE_COST and its first part, so every
 * part held back is parsed in a following frame, and small texts render at once.
 */
import { useEffect, useState } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';
import { countMarkup } from './markup.js';

/** Cost (characters) every render pass may parse, however slow the machine: small texts render at once. */
export const FREE_COST = 2 * 1024;
/** Past FREE_COST, a pass parses on while it has spent less than this much time… */
export const PASS_MS = 30;
/** …and less than this much cost. */
export const PASS_COST = 64 * 1024;
/** What one markup character costs, in characters. */
export const MARKUP_WEIGHT = 16;

/** Cost granted since the last commit. */
let spent = 0;
/** When the task's first parse began (reset after the task). */
let taskStart = 0;
let taskOpen = false;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export function parseCost(source: string): number {
  return source.length + MARKUP_WEIGHT * countMarkup(source);
}

/**
 * Takes `cost` from the budget; false when it is spent. The first taker of a commit always gets
 * its turn. Parsing happens as the pass goes (a part's parse runs right after it is granted), so
 * the time since the task's first parse counts the parses granted before.
 */
export function takeParseBudget(cost: number): boolean {
  if (!taskOpen) {
    taskOpen = true;
    taskStart = now();
    // A macrotask runs after the current task (its renders and commits), so the next task starts afresh.
    setTimeout(() => {
      spent = 0;
      taskOpen = false;
    }, 0);
  }
  if (spent > 0 && spent + cost > FREE_COST && (spent + cost > PASS_COST || now() - taskStart > PASS_MS)) return false;
  spent += cost;
  return true;
}

/** The render pass is over (committed): the next commit parses its first part and FREE_COST, and on while the task's time lasts. */
export function renewParseBudget(): void {
  spent = 0;
}

/** Whether this render may parse `source` now; if not, the component renders again next frame. */
export function useParseBudget(source: string): boolean {
  const [, retry] = useState(0);
  const granted = takeParseBudget(parseCost(source));
  useIsomorphicLayoutEffect(renewParseBudget);
  useEffect(() => {
    if (granted) return;
    const id = requestAnimationFrame(() => retry((n) => n + 1));
    return () => cancelAnimationFrame(id);
  });
  return granted;
}
