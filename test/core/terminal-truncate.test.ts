import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropFromStart, truncateFromStart } from '../../src/core/client/terminal-output.js';

const bytes = (s: string) => new TextEncoder().encode(s).length;

describe('truncateFromStart', () => {
  it('leaves output alone without a limit or under it', () => {
    expect(truncateFromStart('hello', null)).toEqual({ output: 'hello', truncated: false });
    expect(truncateFromStart('hello', 100)).toEqual({ output: 'hello', truncated: false });
    expect(truncateFromStart('hello', 5)).toEqual({ output: 'hello', truncated: false });
    expect(truncateFromStart('', 0)).toEqual({ output: '', truncated: false });
  });

  it('keeps the end when over the limit', () => {
    expect(truncateFromStart('line 1\nline 2\nline 3\n', 7)).toEqual({ output: 'line 3\n', truncated: true });
    expect(truncateFromStart('abc', 0)).toEqual({ output: '', truncated: true });
  });

  it('counts UTF-8 bytes, not UTF-16 units', () => {
    // 'é' is 2 bytes: 4 characters, 8 bytes.
    expect(truncateFromStart('éééé', 6)).toEqual({ output: 'ééé', truncated: true });
    expect(truncateFromStart('éééé', 8)).toEqual({ output: 'éééé', truncated: false });
    // 3-byte CJK: 2 characters fit in 7 bytes.
    expect(truncateFromStart('日本語', 7)).toEqual({ output: '本語', truncated: true });
  });

  it('never splits a multibyte character: the cut moves forward to the next boundary', () => {
    expect(truncateFromStart('xé', 1)).toEqual({ output: '', truncated: true });
    expect(truncateFromStart('aé', 2)).toEqual({ output: 'é', truncated: true });
    // An emoji is 4 bytes (a surrogate pair in JS): 5 bytes keep one emoji, 3 keep none.
    expect(truncateFromStart('😀😀', 5)).toEqual({ output: '😀', truncated: true });
    expect(truncateFromStart('😀😀', 3)).toEqual({ output: '', truncated: true });
    expect(truncateFromStart('a😀b', 5)).toEqual({ output: '😀b', truncated: true });
    expect(truncateFromStart('a😀b', 4)).toEqual({ output: 'b', truncated: true });
  });

  it('property: the longest suffix that fits, cut at a code point boundary', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.nat({ max: 120 }), (text, limit) => {
        const { output, truncated } = truncateFromStart(text, limit);
        expect(text.endsWith(output)).toBe(true);
        expect(bytes(output)).toBeLessThanOrEqual(limit);
        expect(output.includes('\uFFFD') && !text.includes('\uFFFD')).toBe(false);
        expect(truncated).toBe(bytes(text) > limit);
        if (truncated) {
          // Maximal: one more code point from the front would not fit.
          const points = [...text];
          const kept = [...output].length;
          const longer = points.slice(points.length - kept - 1).join('');
          expect(bytes(longer)).toBeGreaterThan(limit);
        } else {
          expect(output).toBe(text);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('dropFromStart', () => {
  it('property: drops the shortest prefix of whole code points that is at least the bytes asked, and says how many bytes it was', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.nat({ max: 120 }), (text, asked) => {
        const { output, dropped } = dropFromStart(text, asked);
        expect(text.endsWith(output)).toBe(true);
        expect(dropped).toBe(bytes(text) - bytes(output));
        expect(output.includes('\uFFFD') && !text.includes('\uFFFD')).toBe(false);
        if (dropped < asked) expect(output).toBe('');
        else if (dropped > 0) {
          // Shortest: keeping one more code point would drop too few.
          const points = [...text];
          const kept = [...output].length;
          expect(bytes(text) - bytes(points.slice(points.length - kept - 1).join(''))).toBeLessThan(asked);
        }
      }),
      { numRuns: 500 },
    );
  });
});
