/**
 * The line diff (src/components/Diff/line-diff.ts): always a correct diff of the two texts,
 * minimal while it can afford to be, bounded work whatever the input, and honest about it
 * (`approximate`) when it could not compare everything line by line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines } from 'diff';
import { DIFF_WORK_LIMIT, diffLineModel } from '../../src/components/Diff/line-diff.js';
import type { DiffModel } from '../../src/components/Diff/diff-model.js';
import { bigDiff } from '../helpers/hostile-agent.mjs';

/** The old and new texts a model says it was built from (lines without terminators). */
function sides(model: DiffModel) {
  const old = model.lines.filter((l) => l.kind !== 'add');
  const now = model.lines.filter((l) => l.kind !== 'del');
  return {
    old: old.map((l) => l.text),
    now: now.map((l) => l.text),
    oldNumbers: old.map((l) => l.oldNumber),
    newNumbers: now.map((l) => l.newNumber),
  };
}

const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

/** Texts of a few distinct lines (many repeats, the hard case) or many. */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom('a', 'b', 'c', '}', ''),
      fc.string({ maxLength: 6 }).map((s) => s.replace(/[\n\r]/g, '')),
    ),
    { maxLength: 120 },
  )
  .map((list) => (list.length ? `${list.join('\n')}\n` : ''));

describe('diffLineModel', () => {
  it('is always a diff of the two texts: old and new read back in order, whatever the work limit (property)', () => {
    fc.assert(
      fc.property(text, text, fc.constantFrom(0, 10, 1000, DIFF_WORK_LIMIT), (before, after, limit) => {
        const model = diffLineModel(before, after, limit);
        const { old, now, oldNumbers, newNumbers } = sides(model);
        expect(old).toEqual(lines(before));
        expect(now).toEqual(lines(after));
        expect(oldNumbers).toEqual(old.map((_, i) => i + 1));
        expect(newNumbers).toEqual(now.map((_, i) => i + 1));
        expect(model.additions).toBe(model.lines.filter((l) => l.kind === 'add').length);
        expect(model.deletions).toBe(model.lines.filter((l) => l.kind === 'del').length);
      }),
      { numRuns: 300 },
    );
  });

  it('is minimal, like Myers, when the work limit allows (property)', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const model = diffLineModel(before, after);
        const myers = diffLines(before, after);
        const count = (kind: 'added' | 'removed') => myers.filter((c) => c[kind]).reduce((n, c) => n + (c.count ?? 0), 0);
        expect(model.approximate).toBe(false);
        expect(model.additions + model.deletions).toBe(count('added') + count('removed'));
      }),
      { numRuns: 300 },
    );
  });

  it('does bounded work on any input, and says when it had to approximate (property)', () => {
    const big = fc
      .record({
        n: fc.integer({ min: 0, max: 20_000 }),
        distinct: fc.integer({ min: 1, max: 50_000 }),
        seed: fc.integer(),
        edits: fc.integer({ min: 0, max: 100 }),
      })
      .map(({ n, distinct, seed, edits }) => {
        let x = seed;
        const next = () => (x = (x * 1103515245 + 12345) & 0x7fffffff);
        const a = Array.from({ length: n }, () => `line ${next() % distinct}`);
        const b = a.map((line) => (next() % 100 < edits ? `${line} changed` : line));
        return { before: a.join('\n'), after: b.join('\n'), size: 2 * n };
      });
    fc.assert(
      fc.property(big, fc.constantFrom(1000, 100_000, DIFF_WORK_LIMIT), ({ before, after, size }, limit) => {
        const stats = { work: 0 };
        const model = diffLineModel(before, after, limit, stats);
        // Myers-style work stays within the limit; the rest is a few steps per line.
        expect(stats.work).toBeLessThanOrEqual(limit + 12 * size + 10);
        const { old, now } = sides(model);
        expect(old).toEqual(lines(before));
        expect(now).toEqual(lines(after));
      }),
      { numRuns: 25 },
    );
  });

  it('diffs a 40,000-line file with every tenth line changed exactly', () => {
    const { oldText, newText } = bigDiff(1);
    const model = diffLineModel(oldText, newText);
    expect(model.approximate).toBe(false);
    expect([model.additions, model.deletions]).toEqual([4000, 4000]);
    expect(model.lines.filter((l) => l.kind === 'add').every((l) => l.text.endsWith(' // changed'))).toBe(true);
  });

  it('marks a diff it could not finish within the limit as approximate', () => {
    // Repeated lines leave nothing unique to anchor on, and a tiny limit leaves no work for Myers.
    const before = Array.from({ length: 3000 }, (_, i) => ['{', '}', 'x'][i % 3]).join('\n');
    const after = before.replace(/x/g, 'y');
    const model = diffLineModel(before, after, 1000);
    expect(model.approximate).toBe(true);
    const { old, now } = sides(model);
    expect(old).toEqual(lines(before));
    expect(now).toEqual(lines(after));
  });
});
