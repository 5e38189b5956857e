import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonText, jsonTextInSlices } from '../../src/core/json-text.js';
import { queueTask } from '../../src/core/slices.js';

/** A value nested `depth` levels, built in a loop (a recursive builder would overflow first). */
function nested(depth: number, shape: 'arrays' | 'objects' | 'mixed'): unknown {
  let value: unknown = 'bottom';
  for (let i = depth - 1; i >= 0; i--) {
    const array = shape === 'arrays' || (shape === 'mixed' && i % 2 === 0);
    value = array ? [value] : { k: value };
  }
  return value;
}

/** Deep and wide JSON: a chain of `depth` containers, each with `width` siblings of arbitrary JSON. */
const deepAndWide = fc
  .record({
    depth: fc.integer({ min: 0, max: 30_000 }),
    width: fc.integer({ min: 0, max: 4 }),
    shape: fc.constantFrom('arrays' as const, 'objects' as const, 'mixed' as const),
    leaf: fc.jsonValue({ maxDepth: 3 }),
  })
  .map(({ depth, width, shape, leaf }) => {
    let value: unknown = leaf;
    for (let i = depth - 1; i >= 0; i--) {
      const array = shape === 'arrays' || (shape === 'mixed' && i % 2 === 0);
      const siblings = Array.from({ length: width }, (_, j) => j);
      value = array ? [value, ...siblings] : Object.fromEntries([['k', value], ...siblings.map((j) => [`s${j}`, j])]);
    }
    return { value, depth };
  });

describe('jsonText', () => {
  it('writes what JSON.stringify writes for JSON data within the depth it flattens at', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.constantFrom(0, 2, 4), (value, indent) => {
        expect(jsonText(value, { indent }).text).toBe(JSON.stringify(value, null, indent));
      }),
    );
  });

  it('never throws at any depth, and flattened text is still the same JSON', () => {
    fc.assert(
      fc.property(deepAndWide, ({ value, depth }) => {
        const { text, cut, flattened } = jsonText(value, { flattenFrom: 32 });
        expect(cut).toBe(false);
        // Levels from 32 on are on one line: no line is indented deeper than 32 levels.
        const deepest = Math.max(...text.split('\n').map((line) => line.length - line.trimStart().length));
        expect(deepest).toBeLessThanOrEqual(2 * 32);
        expect(flattened).toBe(depth >= 32);
        // V8's JSON.parse does not recurse, so the round trip is checkable at any depth.
        expect(jsonText(JSON.parse(text), { indent: 0 }).text).toBe(jsonText(value, { indent: 0 }).text);
      }),
      { numRuns: 40 },
    );
    // Forty values up to 30,000 levels deep, each written three times: seconds of work, more
    // on a loaded machine than the default per-test limit allows.
  }, 120_000);

  it('bounds its output and its work by maxChars, whatever the size of the value', () => {
    fc.assert(
      fc.property(deepAndWide, fc.integer({ min: 1, max: 5000 }), ({ value }, maxChars) => {
        const result = jsonText(value, { maxChars, flattenFrom: 32 });
        expect(result.text.length).toBeLessThanOrEqual(maxChars);
        const whole = jsonText(value, { flattenFrom: 32 }).text;
        expect(result.cut).toBe(whole.length >= maxChars);
        expect(whole.startsWith(result.text)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('handles the nesting String() and JSON.stringify overflow on', () => {
    const arrays = nested(200_000, 'arrays');
    expect(() => String(arrays)).toThrow(RangeError);
    expect(() => JSON.stringify(arrays)).toThrow(RangeError);
    const { text, flattened } = jsonText(arrays, { flattenFrom: 32 });
    expect(flattened).toBe(true);
    const lines = text.split('\n');
    // Levels 0 to 30 open on lines of their own; level 31 holds the rest of the value on one line.
    expect(lines).toHaveLength(31 + 1 + 31);
    expect(lines[30]).toBe(`${' '.repeat(60)}[`);
    expect(lines[31]).toBe(`${' '.repeat(62)}${'['.repeat(200_000 - 31)}"bottom"${']'.repeat(200_000 - 31)}`);
    expect(lines[32]).toBe(`${' '.repeat(60)}]`);
    let depth = 0;
    for (let value = JSON.parse(text); Array.isArray(value); value = value[0]) depth++;
    expect(depth).toBe(200_000);
  });

  it('writes cycles, bigint and throwing toJSON as text instead of throwing', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const shared = { x: 1 };
    expect(jsonText(cyclic, { indent: 0 }).text).toBe('{"name":"loop","self":"[Circular]"}');
    // A value seen twice but not inside itself is no cycle.
    expect(jsonText([shared, shared], { indent: 0 }).text).toBe('[{"x":1},{"x":1}]');
    expect(jsonText({ big: 10n }, { indent: 0 }).text).toBe('{"big":"10n"}');
    expect(
      jsonText(
        {
          bad: {
            toJSON: () => {
              throw new Error('no');
            },
          },
        },
        { indent: 0 },
      ).text,
    ).toBe('{"bad":"[Unserializable]"}');
    expect(jsonText({ when: new Date(0) }, { indent: 0 }).text).toBe('{"when":"1970-01-01T00:00:00.000Z"}');
    expect(jsonText([undefined, () => 1, NaN], { indent: 0 }).text).toBe('[null,null,null]');
    expect(jsonText({ a: undefined, b: 1 }, { indent: 0 }).text).toBe('{"b":1}');
    expect(jsonText(undefined).text).toBe('undefined');
  });
});

describe('jsonTextInSlices', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('writes what jsonText writes, whatever the value', async () => {
    for (const value of [nested(50_000, 'arrays'), nested(50_000, 'objects'), { a: [1, 'two', null], b: { c: true } }, 'text', undefined]) {
      // Not without flattenFrom: 50,000 indented levels would be a string longer than the engine allows.
      for (const options of [{ flattenFrom: 32, maxChars: 100_000 }, { flattenFrom: 32 }, { flattenFrom: 32, indent: 0 }]) {
        expect(await jsonTextInSlices(value, options)).toEqual(jsonText(value, options));
      }
    }
  });

  it('yields to other tasks while it writes a deep value, and stops when aborted', async () => {
    // A clock that moves 5 ms a look: every other look at it finds the slice spent.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 5));
    const order: string[] = [];
    queueTask(() => order.push('another task'));
    await jsonTextInSlices(nested(50_000, 'mixed'), { flattenFrom: 32 }).then(() => order.push('written'));
    expect(order).toEqual(['another task', 'written']);

    const controller = new AbortController();
    const written = jsonTextInSlices(nested(50_000, 'arrays'), { flattenFrom: 32 }, controller.signal);
    controller.abort();
    expect(await written).toBeNull();
  });
});
