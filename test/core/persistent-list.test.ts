import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PersistentList } from '../../src/core/persistent-list.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** First index where two sequences differ, or -1 (cheap enough for 30k-element lists). */
function firstDifference(actual: Iterable<unknown>, expected: readonly unknown[]): number {
  let i = 0;
  for (const value of actual) {
    if (i >= expected.length || !Object.is(value, expected[i])) return i;
    i++;
  }
  return i === expected.length ? -1 : i;
}

function build(n: number): PersistentList<number> {
  let list = PersistentList.empty<number>();
  for (let i = 0; i < n; i++) list = list.push(i);
  return list;
}

/** Sizes around each structural boundary: tail full (32), first trie level full (32 leaves + tail), second level full. */
const BOUNDARY_SIZES = [0, 1, 31, 32, 33, 63, 64, 65, 1023, 1024, 1025, 1055, 1056, 1057, 1088, 32767, 32768, 32769, 32800, 32801, 33825, 33856];

describe('PersistentList', () => {
  it('an empty list has nothing', () => {
    const list = PersistentList.empty<string>();
    expect(list.size).toBe(0);
    expect(list.last()).toBeUndefined();
    expect(list.get(0)).toBeUndefined();
    expect(list.toArray()).toEqual([]);
    expect([...list]).toEqual([]);
    expect(() => list.set(0, 'x')).toThrow(RangeError);
  });

  it.each(BOUNDARY_SIZES)('push/get/last/size/toArray/iteration are right at size %i', (n) => {
    const list = build(n);
    expect(list.size).toBe(n);
    expect(list.last()).toBe(n === 0 ? undefined : n - 1);
    const want = range(n);
    expect(list.toArray().length).toBe(n);
    expect(firstDifference(list.toArray(), want)).toBe(-1);
    expect(firstDifference(list, want)).toBe(-1);
    expect(
      firstDifference(
        want.map((i) => list.get(i)),
        want,
      ),
    ).toBe(-1);
    expect(list.get(-1)).toBeUndefined();
    expect(list.get(n)).toBeUndefined();
  });

  it.each(BOUNDARY_SIZES.filter((n) => n > 0))('set works anywhere at size %i and leaves the old version unchanged', (n) => {
    const list = build(n);
    const positions = [...new Set([0, 31, 32, 33, 1023, 1024, 1025, 32767, 32768, n - 33, n - 32, n - 1].filter((i) => i >= 0 && i < n))];
    let next = list;
    for (const i of positions) next = next.set(i, -i - 1);
    for (let i = 0; i < n; i++) {
      const want = positions.includes(i) ? -i - 1 : i;
      if (next.get(i) !== want) throw new Error(`set version: get(${i}) = ${next.get(i)}, want ${want}`);
      if (list.get(i) !== i) throw new Error(`old version changed at ${i}`);
    }
    expect(next.size).toBe(n);
    expect(next.toArray().length).toBe(n);
  });

  it('set out of range throws', () => {
    const list = build(40);
    expect(() => list.set(-1, 0)).toThrow(RangeError);
    expect(() => list.set(40, 0)).toThrow(RangeError);
  });

  it('pushing onto an old version forks without affecting the other branch', () => {
    const base = build(1056);
    const a = base.push(-1);
    const b = base.push(-2).push(-3);
    expect(base.size).toBe(1056);
    expect(base.last()).toBe(1055);
    expect(a.last()).toBe(-1);
    expect(a.size).toBe(1057);
    expect(b.get(1056)).toBe(-2);
    expect(b.get(1057)).toBe(-3);
    expect(a.get(1057)).toBeUndefined();
    expect(firstDifference(base, range(1056))).toBe(-1);
  });

  it('toArray is cached per version and reflects that version only', () => {
    const list = build(100);
    const arr = list.toArray();
    expect(list.toArray()).toBe(arr);
    const next = list.set(50, -1);
    expect(next.toArray()).not.toBe(arr);
    expect(arr[50]).toBe(50);
    expect(next.toArray()[50]).toBe(-1);
  });

  it('from() builds the same list as pushes', () => {
    expect(firstDifference(PersistentList.from(range(2000)), range(2000))).toBe(-1);
  });

  it('unchanged leaves are shared between versions (no deep copy on set)', () => {
    const list = build(2000);
    const values = range(2000).map((i) => ({ i }));
    let objs = PersistentList.from(values);
    const before = objs.toArray();
    objs = objs.set(1500, { i: -1 });
    const after = objs.toArray();
    before.forEach((item, i) => {
      if (i !== 1500 && after[i] !== item) throw new Error(`item ${i} was copied`);
    });
    expect(list.size).toBe(2000);
  });

  it('behaves like a plain array under random push/set sequences (with old versions kept)', () => {
    type Op = { op: 'push'; value: number } | { op: 'set'; at: number; value: number } | { op: 'pushMany'; count: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 5, arbitrary: fc.record({ op: fc.constant('push' as const), value: fc.integer() }) },
      { weight: 3, arbitrary: fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: fc.integer() }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('pushMany' as const), count: fc.integer({ min: 1, max: 1200 }) }) },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let list = PersistentList.empty<number>();
        let model: number[] = [];
        const history: Array<[PersistentList<number>, number[]]> = [];
        for (const o of ops) {
          history.push([list, model]);
          if (o.op === 'push') {
            list = list.push(o.value);
            model = [...model, o.value];
          } else if (o.op === 'pushMany') {
            model = [...model];
            for (let k = 0; k < o.count; k++) {
              list = list.push(k);
              model.push(k);
            }
          } else if (model.length > 0) {
            const at = o.at % model.length;
            list = list.set(at, o.value);
            model = model.slice();
            model[at] = o.value;
          }
          expect(list.size).toBe(model.length);
          expect(list.last()).toBe(model[model.length - 1]);
        }
        expect(firstDifference(list.toArray(), model)).toBe(-1);
        expect(firstDifference(list, model)).toBe(-1);
        expect(
          firstDifference(
            model.map((_, i) => list.get(i)),
            model,
          ),
        ).toBe(-1);
        // Every earlier version still reads as it did.
        for (const [version, snapshot] of history) expect(firstDifference(version, snapshot)).toBe(-1);
      }),
      { numRuns: 150 },
    );
  });
});
