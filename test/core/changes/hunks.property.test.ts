/**
 * The accept/reject algebra of the change review (src/core/changes/hunks.ts): accepting every
 * hunk gives the agent's content, rejecting every hunk the original, any mix exactly those hunks,
 * byte for byte (CRLF, a missing final newline, binary content); and a hunk moved onto a file that
 * changed elsewhere still lands in its place, or is refused, never applied somewhere else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeHunks, contentFor, moveHunk } from '../../../src/core/changes/hunks.js';
import { splitLines } from '../../../src/core/changes/text.js';

const line = fc.oneof(
  fc.constantFrom('a', 'b', 'c', '}', '', '  x'),
  fc.string({ maxLength: 5 }).map((s) => s.replace(/[\n\r]/g, '')),
);
const eol = fc.constantFrom('\n', '\r\n');
/** Texts with LF or CRLF endings (mixed too), with or without a final newline. */
const text = fc.tuple(fc.array(fc.tuple(line, eol), { maxLength: 40 }), fc.boolean()).map(([lines, finalNewline]) => {
  const joined = lines.map(([l, e]) => l + e).join('');
  return finalNewline || joined === '' ? joined : joined.replace(/\r?\n$/, '');
});
/** A text and an edit of it (lines replaced, inserted, removed, endings changed). */
const pair = fc
  .tuple(text, fc.array(fc.tuple(fc.nat(), fc.constantFrom('replace', 'insert', 'delete', 'eol'), line), { maxLength: 8 }))
  .map(([before, edits]) => {
    const lines = splitLines(before);
    for (const [at, kind, value] of edits) {
      const i = lines.length === 0 ? 0 : at % (lines.length + (kind === 'insert' ? 1 : 0));
      if (kind === 'insert') lines.splice(i, 0, `${value}\n`);
      else if (lines.length === 0) continue;
      else if (kind === 'delete') lines.splice(i, 1);
      else if (kind === 'replace') lines[i] = `${value}${lines[i]!.endsWith('\r\n') ? '\r\n' : lines[i]!.endsWith('\n') ? '\n' : ''}`;
      else
        lines[i] = lines[i]!.endsWith('\r\n')
          ? lines[i]!.replace(/\r\n$/, '\n')
          : lines[i]!.endsWith('\n')
            ? lines[i]!.replace(/\n$/, '\r\n')
            : `${lines[i]}\n`;
    }
    return [before, lines.join('')] as const;
  });

describe('the hunk algebra', () => {
  it('accept all = the agent’s content, reject all = the original, exactly (property)', () => {
    fc.assert(
      fc.property(pair, ([before, after]) => {
        const set = computeHunks(before, after);
        expect(contentFor(before, after, set, new Set())).toBe(after);
        expect(contentFor(before, after, set, new Set(set.hunks.map((h) => h.id)))).toBe(before);
      }),
      { numRuns: 400 },
    );
  });

  it('any mix applies exactly the accepted hunks: each hunk’s lines come from its side, the rest is the original (property)', () => {
    fc.assert(
      fc.property(pair, fc.array(fc.boolean(), { maxLength: 50 }), ([before, after], picks) => {
        const set = computeHunks(before, after);
        const rejected = new Set(set.hunks.filter((_, i) => picks[i]).map((h) => h.id));
        const result = contentFor(before, after, set, rejected);
        // Rebuilt independently: walk the original, swap in each accepted hunk.
        const original = splitLines(before);
        const expected: string[] = [];
        let i = 0;
        for (const hunk of set.hunks) {
          expect(original.slice(hunk.oldStart, hunk.oldStart + hunk.oldLines.length)).toEqual(hunk.oldLines);
          expected.push(...original.slice(i, hunk.oldStart), ...(rejected.has(hunk.id) ? hunk.oldLines : hunk.newLines));
          i = hunk.oldStart + hunk.oldLines.length;
        }
        expected.push(...original.slice(i));
        expect(result).toBe(expected.join(''));
        // Rejecting one hunk by finding it in the agent's content (when it is found once) is the same.
        if (rejected.size === 1) {
          const [only] = set.hunks.filter((h) => rejected.has(h.id));
          const moved = moveHunk(after, only!, 'reject');
          if (moved !== null) expect(moved).toBe(result);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('counts added and removed lines, and every hunk changes something (property)', () => {
    fc.assert(
      fc.property(pair, ([before, after]) => {
        const set = computeHunks(before, after);
        expect(set.additions).toBe(set.hunks.reduce((n, h) => n + h.newLines.length, 0));
        expect(set.deletions).toBe(set.hunks.reduce((n, h) => n + h.oldLines.length, 0));
        for (const h of set.hunks) expect(h.oldLines.join('')).not.toBe(h.newLines.join(''));
        if (before === after) expect(set.hunks).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('a hunk moved onto a file edited elsewhere lands where it was, or is refused (property)', () => {
    fc.assert(
      fc.property(
        pair,
        fc.string({ maxLength: 8 }).map((s) => s.replace(/[\n\r]/g, '')),
        ([before, after], extra) => {
          const set = computeHunks(before, after);
          if (set.hunks.length === 0) return;
          const hunk = set.hunks[set.hunks.length - 1]!;
          // The user added a line at the top after the agent's write.
          const edited = `// ${extra} user\n${after}`;
          const moved = moveHunk(edited, hunk, 'reject');
          if (moved === null) return;
          // Whatever it did, the user's line is still first, and it equals rejecting the hunk on the agent's content.
          expect(moved.startsWith(`// ${extra} user\n`)).toBe(true);
          const direct = moveHunk(after, hunk, 'reject');
          if (direct !== null) expect(moved).toBe(`// ${extra} user\n${direct}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('computeHunks', () => {
  it('keeps CRLF and the missing final newline in the hunks, so reverting restores the bytes', () => {
    const before = 'one\r\ntwo\r\nthree';
    const after = 'one\r\nTWO\r\nthree\r\n';
    const set = computeHunks(before, after);
    expect(set.hunks.map((h) => [h.oldLines, h.newLines])).toEqual([
      [
        ['two\r\n', 'three'],
        ['TWO\r\n', 'three\r\n'],
      ],
    ]);
    expect(contentFor(before, after, set, new Set(set.hunks.map((h) => h.id)))).toBe(before);
  });

  it('makes one hunk of a new file, and rejecting it means the file should not exist', () => {
    const set = computeHunks(null, 'a\nb\n');
    expect(set.status).toBe('added');
    expect(set.additions).toBe(2);
    expect(contentFor(null, 'a\nb\n', set, new Set([set.hunks[0]!.id]))).toBeNull();
    expect(contentFor(null, 'a\nb\n', set, new Set())).toBe('a\nb\n');
  });

  it('makes one hunk of a deleted file: accepted it is gone, rejected it comes back exactly', () => {
    const set = computeHunks('x\r\ny', null);
    expect(set.status).toBe('deleted');
    expect(set.deletions).toBe(2);
    expect(contentFor('x\r\ny', null, set, new Set())).toBeNull();
    expect(contentFor('x\r\ny', null, set, new Set([set.hunks[0]!.id]))).toBe('x\r\ny');
  });

  it('compares a binary file whole and restores it byte for byte', () => {
    const before = 'PNG\0\x01\x02\n\x03';
    const after = 'PNG\0\x01\x09\n\x03';
    const set = computeHunks(before, after);
    expect(set.binary).toBe(true);
    expect(set.hunks).toHaveLength(1);
    expect(contentFor(before, after, set, new Set([set.hunks[0]!.id]))).toBe(before);
    expect(contentFor(before, after, set, new Set())).toBe(after);
  });

  it('gives hunks ids that stay the same for the same change and differ between hunks', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const after = 'a\nB\nc\nd\ne\nf\nG\nh\n';
    const first = computeHunks(before, after).hunks.map((h) => h.id);
    expect(first).toHaveLength(2);
    expect(new Set(first).size).toBe(2);
    expect(computeHunks(before, after).hunks.map((h) => h.id)).toEqual(first);
  });
});

describe('moveHunk', () => {
  const before = 'import x;\n\nfunction a() {\n  return 1;\n}\n\nfunction b() {\n  return 2;\n}\n';
  const after = 'import x;\n\nfunction a() {\n  return 10;\n}\n\nfunction b() {\n  return 2;\n}\n';
  const [hunk] = computeHunks(before, after).hunks;

  it('finds a hunk again after lines were added above it', () => {
    const current = `// header\n${after}`;
    expect(moveHunk(current, hunk!, 'reject')).toBe(`// header\n${before}`);
  });

  it('refuses a hunk whose lines were edited since, instead of applying it elsewhere', () => {
    expect(moveHunk(after.replace('return 10;', 'return 11;'), hunk!, 'reject')).toBeNull();
  });

  it('refuses a hunk that matches in two places', () => {
    expect(moveHunk(after + after, hunk!, 'reject')).toBeNull();
  });

  it('accepts a rejected hunk again on the original', () => {
    expect(moveHunk(before, hunk!, 'accept')).toBe(after);
  });
});
