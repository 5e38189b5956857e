import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sliceLines } from '../../src/core/client/workspace.js';

const file = 'one\ntwo\nthree\nfour\nfive';

describe('sliceLines', () => {
  it('returns everything without line and limit', () => {
    expect(sliceLines(file, null, null)).toBe(file);
  });

  it('line is 1-based', () => {
    expect(sliceLines(file, 1, null)).toBe(file);
    expect(sliceLines(file, 2, null)).toBe('two\nthree\nfour\nfive');
    expect(sliceLines(file, 5, null)).toBe('five');
  });

  it('limit counts lines', () => {
    expect(sliceLines(file, null, 2)).toBe('one\ntwo');
    expect(sliceLines(file, 2, 2)).toBe('two\nthree');
    expect(sliceLines(file, 4, 10)).toBe('four\nfive');
    expect(sliceLines(file, 3, 1)).toBe('three');
  });

  it('past the end or a zero limit gives nothing', () => {
    expect(sliceLines(file, 6, null)).toBe('');
    expect(sliceLines(file, 99, 5)).toBe('');
    expect(sliceLines(file, 1, 0)).toBe('');
  });

  it('a line below 1 starts at the first line', () => {
    expect(sliceLines(file, 0, 2)).toBe('one\ntwo');
    expect(sliceLines(file, -3, 1)).toBe('one');
  });

  it('keeps carriage returns and empty lines as they are', () => {
    expect(sliceLines('a\r\nb\r\n\r\nc', 2, 2)).toBe('b\r\n\r');
    expect(sliceLines('a\n\n\nb', 2, 2)).toBe('\n');
  });

  it('property: reading a file in windows of k lines and joining them gives the file back', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ maxLength: 5 }).map((s) => s.replace(/\n/g, '')),
          { maxLength: 20 },
        ),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        (lines, k, trailingNewline) => {
          const content = lines.join('\n') + (trailingNewline ? '\n' : '');
          const total = content.split('\n').length;
          const windows: string[] = [];
          for (let line = 1; line <= total; line += k) windows.push(sliceLines(content, line, k));
          expect(windows.join('\n')).toBe(content);
        },
      ),
      { numRuns: 300 },
    );
  });
});
