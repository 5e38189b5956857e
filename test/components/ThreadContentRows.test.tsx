/**
 * Which virtual rows mount their turn in a frame and which show a placeholder (content-rows.ts):
 * the rule that bounds what a scrolled frame mounts.
 */
import { describe, expect, it } from 'vitest';
import { chooseContentRows, type RowExtent } from '../../src/components/Thread/content-rows.js';

/** Rows of 100 px: r0 at 0–100, r1 at 100–200, … */
const rows = (count: number): RowExtent[] =>
  Array.from({ length: count }, (_, i) => ({ key: `r${i}`, start: i * 100, end: (i + 1) * 100 }));

const none: ReadonlySet<string> = new Set();
const sorted = (keys: Set<string>) => [...keys].sort();

describe('chooseContentRows', () => {
  it('mounts nothing new while the budget is spent (fast scrolling), keeping what is mounted and pinned', () => {
    const result = chooseContentRows({
      rows: rows(6),
      viewportStart: 150,
      viewportEnd: 350,
      mounted: new Set(['r1']),
      pinned: new Set(['r5']),
      budget: 0,
    });
    expect(sorted(result.content)).toEqual(['r1', 'r5']);
    expect(result.pending).toBe(true);
  });

  it('mounts rows in view alone, before any row off screen', () => {
    // Only r2 (200–300) is in view: r1 and r3 wait for the next frame though the budget allows two.
    const first = chooseContentRows({ rows: rows(5), viewportStart: 200, viewportEnd: 300, mounted: none, pinned: none, budget: 2 });
    expect(sorted(first.content)).toEqual(['r2']);
    expect(first.pending).toBe(true);
  });

  it('spends the budget on rows in view first, then the nearest to the view', () => {
    // In view: r2, r3 (200–400). r1 and r4 are next to it, r0 and r5 further away.
    const first = chooseContentRows({ rows: rows(6), viewportStart: 200, viewportEnd: 400, mounted: none, pinned: none, budget: 2 });
    expect(sorted(first.content)).toEqual(['r2', 'r3']);
    expect(first.pending).toBe(true);

    const second = chooseContentRows({ rows: rows(6), viewportStart: 200, viewportEnd: 400, mounted: first.content, pinned: none, budget: 2 });
    expect(sorted(second.content)).toEqual(['r1', 'r2', 'r3', 'r4']);

    const third = chooseContentRows({ rows: rows(6), viewportStart: 200, viewportEnd: 400, mounted: second.content, pinned: none, budget: 2 });
    expect(sorted(third.content)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
    expect(third.pending).toBe(false);
  });

  it('forgets rows that left the range', () => {
    const result = chooseContentRows({
      rows: rows(3),
      viewportStart: 0,
      viewportEnd: 300,
      mounted: new Set(['gone', 'r0', 'r1', 'r2']),
      pinned: none,
      budget: 2,
    });
    expect(sorted(result.content)).toEqual(['r0', 'r1', 'r2']);
    expect(result.pending).toBe(false);
  });
});
