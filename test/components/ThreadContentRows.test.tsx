/**
 * Which virtual rows mount their turn in a frame and which show a placeholder (content-rows.ts):
 * the rule that bounds what a scrolled frame mounts.
 */
import { describe, expect, it } from 'vitest';
import { chooseContentRows, type RowExtent } from '../../src/components/Thread/content-rows.js';

/** Rows of 100 px: r0 at 0–100, r1 at 100–200, … */
const rows = (count: number): RowExtent[] => Array.from({ length: count }, (_, i) => ({ key: `r${i}`, start: i * 100, end: (i + 1) * 100 }));

const none: ReadonlySet<string> = new Set();
const sorted = (keys: Set<string>) => [...keys].sort();

describe('chooseContentRows', () => {
  it('mounts nothing new while the budgets are spent (fast scrolling), keeping what is mounted and pinned', () => {
    const result = chooseContentRows({
      rows: rows(6),
      viewportStart: 150,
      viewportEnd: 350,
      mounted: new Set(['r1']),
      pinned: new Set(['r5']),
      budget: 0,
      aheadBudget: 0,
    });
    expect(sorted(result.content)).toEqual(['r1', 'r5']);
    expect(result.waitingInView).toBe(true);
    expect(result.waitingAhead).toBe(true);
  });

  it('mounts rows in view alone, before any row off screen, even with idle time granted', () => {
    // Only r2 (200–300) is in view: r1 and r3 wait though the idle period allows one.
    const first = chooseContentRows({ rows: rows(5), viewportStart: 200, viewportEnd: 300, mounted: none, pinned: none, budget: 2, aheadBudget: 1 });
    expect(sorted(first.content)).toEqual(['r2']);
    expect(first.waitingInView).toBe(false);
    expect(first.waitingAhead).toBe(true);
  });

  it('spends the budget on rows in view first, then the nearest to the view; an idle grant mounts one more', () => {
    // In view: r2, r3 (200–400). r1 and r4 are next to it, r0 and r5 further away.
    const first = chooseContentRows({ rows: rows(6), viewportStart: 200, viewportEnd: 400, mounted: none, pinned: none, budget: 2, aheadBudget: 0 });
    expect(sorted(first.content)).toEqual(['r2', 'r3']);
    expect(first.waitingAhead).toBe(true);

    // A frame's budget alone: the nearest rows off screen, one a frame here.
    const frame = chooseContentRows({ rows: rows(6), viewportStart: 200, viewportEnd: 400, mounted: first.content, pinned: none, budget: 1, aheadBudget: 0 });
    expect(frame.content.size).toBe(3);
    expect(frame.content.has('r1') || frame.content.has('r4')).toBe(true);

    // With an idle grant on top: two, the nearest.
    const idle = chooseContentRows({ rows: rows(6), viewportStart: 200, viewportEnd: 400, mounted: first.content, pinned: none, budget: 1, aheadBudget: 1 });
    expect(sorted(idle.content)).toEqual(['r1', 'r2', 'r3', 'r4']);

    const last = chooseContentRows({ rows: rows(6), viewportStart: 200, viewportEnd: 400, mounted: idle.content, pinned: none, budget: 0, aheadBudget: 2 });
    expect(sorted(last.content)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
    expect(last.waitingAhead).toBe(false);
    expect(last.waitingInView).toBe(false);
  });

  it('while scrolling up, mounts ahead the row above the view (the rows below are mounted already)', () => {
    // The view moved up from r3–r4 to r2–r3: r4 and r5 below kept their turns, r1 above waits.
    const result = chooseContentRows({
      rows: rows(6).slice(1),
      viewportStart: 200,
      viewportEnd: 400,
      mounted: new Set(['r2', 'r3', 'r4', 'r5']),
      pinned: none,
      budget: 0,
      aheadBudget: 1,
    });
    expect(sorted(result.content)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(result.waitingAhead).toBe(false);
  });

  it('forgets rows that left the range', () => {
    const result = chooseContentRows({
      rows: rows(3),
      viewportStart: 0,
      viewportEnd: 300,
      mounted: new Set(['gone', 'r0', 'r1', 'r2']),
      pinned: none,
      budget: 2,
      aheadBudget: 0,
    });
    expect(sorted(result.content)).toEqual(['r0', 'r1', 'r2']);
    expect(result.waitingInView).toBe(false);
    expect(result.waitingAhead).toBe(false);
  });
});
