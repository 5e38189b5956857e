/**
 * A budget of parsing per render pass, so the longest main-thread task stays bounded however much
 * text arrives at once. When the page falls behind, chunks pile up and the next frame would parse
 * all of them (which makes that frame longer still, and the next pile bigger). Instead a pass
 * parses for about PASS_MS (past a small FREE_COST that keeps short texts synchronous); a part
 * over the budget shows its text as written and is parsed in a following frame.
 *
 * The cost of a part is its length plus MARKUP_WEIGHT per markup character (see `markup.ts`): a
 * rough model of the parser's time that keeps pathological text from filling a task alone. The
 * first part of a task always gets its turn, so everything is parsed eventually; parts are kept
 * small (MARKDOWN_UNIT_CHARS) so that this one part is never long either.
 *
 * The budget is renewed after each commit that parsed (a layout effect of `MarkdownSource`), and
 * after each task otherwise: one render pass, one budget.
 */
import { useEffect, useState } from 'react';
import { SLICE_MS } from '../../core/slices.js';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';
import { countMarkup } from './markup.js';

/** Cost (characters) every render pass may parse, however slow the machine: small texts render at once. */
export const FREE_COST = 2 * 1024;
/**
 * Past FREE_COST, a pass parses on while it has spent less than this much time (the library's
 * slice of main-thread work, see `core/slices.ts`): with the render and commit around it, a frame
 * that parses stays well under a long task…
 */
export const PASS_MS = SLICE_MS;
/** …and less than this much cost. */
export const PASS_COST = 64 * 1024;
/** What one markup character costs, in characters. */
export const MARKUP_WEIGHT = 16;

let spent = 0;
let passStart = 0;
let resetPending = false;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export function parseCost(source: string): number {
  return source.length + MARKUP_WEIGHT * countMarkup(source);
}

/**
 * Takes `cost` from this render pass's budget; false when it is spent. The first taker always
 * gets its turn. Parsing happens as the pass goes (a part's parse runs right after it is granted),
 * so the time since the pass began counts the parses granted before.
 */
export function takeParseBudget(cost: number): boolean {
  if (!resetPending) {
    resetPending = true;
    // A macrotask runs after the current task (the render and commit), so the next task starts afresh.
    setTimeout(() => {
      spent = 0;
      resetPending = false;
    }, 0);
  }
  if (spent === 0) passStart = now();
  else if (spent + cost > FREE_COST && (spent + cost > PASS_COST || now() - passStart > PASS_MS)) return false;
  spent += cost;
  return true;
}

/** The render pass is over (committed): the next one has the whole budget. */
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
