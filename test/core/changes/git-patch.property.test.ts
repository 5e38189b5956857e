/**
 * A git patch written from two texts reads back (src/core/changes/git-patch.ts) into exactly the
 * hunks `computeHunks` gives for them (ids, positions, lines, context, edges), so a v2 diff's
 * hunks and a v1 diff's are the same thing to the review; and the demo agent's own writer's
 * patches, applied hunk by hunk, turn the old text into the new one byte for byte.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTEXT, computeHunks, contentFor } from '../../../src/core/changes/hunks.js';
import { parseGitPatch } from '../../../src/core/changes/git-patch.js';
import { splitLines } from '../../../src/core/changes/text.js';
import { gitPatch } from '../../../demo-agent/diff-writer.mjs';

const line = fc.oneof(
  fc.constantFrom('a', 'b', 'c', '}', '', '  x', '-', '+', '\\'),
  fc.string({ maxLength: 5 }).map((s) => s.replace(/[\n\r]/g, '')),
);
const eol = fc.constantFrom('\n', '\n', '\r\n');
const text = fc.tuple(fc.array(fc.tuple(line, eol), { maxLength: 60 }), fc.boolean()).map(([lines, finalNewline]) => {
  const joined = lines.map(([l, e]) => l + e).join('');
  return finalNewline || joined === '' ? joined : joined.replace(/\r?\n$/, '');
});
/** A text and an edit of it; either side may be a missing file. */
const pair = fc
  .tuple(
    text,
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('replace', 'insert', 'delete'), line), { maxLength: 8 }),
    fc.constantFrom('modify', 'modify', 'add', 'delete'),
  )
  .map(([before, edits, kind]) => {
    const lines = splitLines(before);
    for (const [at, op, value] of edits) {
      const i = lines.length === 0 ? 0 : at % (lines.length + (op === 'insert' ? 1 : 0));
      if (op === 'insert') lines.splice(i, 0, `${value}\n`);
      else if (lines.length === 0) continue;
      else if (op === 'delete') lines.splice(i, 1);
      else lines[i] = `${value}\n`;
    }
    const after = lines.join('');
    if (kind === 'add') return [null, after] as const;
    if (kind === 'delete') return [before, null] as const;
    return [before, after] as const;
  });

/**
 * Test-only writer: `computeHunks`' own hunks as a git patch with `CONTEXT` lines around each
 * change (blocks merged when the unchanged lines between them are at most twice that), as git writes.
 */
function patchOf(path: string, before: string | null, after: string | null): string {
  const set = computeHunks(before, after);
  const a = splitLines(before ?? '');
  const edits: { op: ' ' | '-' | '+'; line: string }[] = [];
  let i = 0;
  for (const hunk of set.hunks) {
    for (; i < hunk.oldStart; i++) edits.push({ op: ' ', line: a[i]! });
    for (const l of hunk.oldLines) edits.push({ op: '-', line: l });
    for (const l of hunk.newLines) edits.push({ op: '+', line: l });
    i += hunk.oldLines.length;
  }
  for (; i < a.length; i++) edits.push({ op: ' ', line: a[i]! });
  let out = `diff --git ${path} ${path}\n${before === null ? 'new file mode 100644\n' : after === null ? 'deleted file mode 100644\n' : ''}`;
  if (set.hunks.length > 0) out += `--- ${before === null ? '/dev/null' : path}\n+++ ${after === null ? '/dev/null' : path}\n`;
  const changed = edits.map((e, k) => (e.op === ' ' ? -1 : k)).filter((k) => k >= 0);
  let k = 0;
  while (k < changed.length) {
    let last = k;
    while (last + 1 < changed.length && changed[last + 1]! - changed[last]! - 1 <= 2 * CONTEXT) last++;
    const from = Math.max(0, changed[k]! - CONTEXT);
    const to = Math.min(edits.length, changed[last]! + 1 + CONTEXT);
    const oldBefore = edits.slice(0, from).filter((e) => e.op !== '+').length;
    const newBefore = edits.slice(0, from).filter((e) => e.op !== '-').length;
    const body = edits.slice(from, to);
    const oldCount = body.filter((e) => e.op !== '+').length;
    const newCount = body.filter((e) => e.op !== '-').length;
    const range = (start: number, count: number) => `${count === 0 ? start : start + 1},${count}`;
    out += `@@ -${range(oldBefore, oldCount)} +${range(newBefore, newCount)} @@\n`;
    for (const e of body) out += e.line.endsWith('\n') ? `${e.op}${e.line}` : `${e.op}${e.line}\n\\ No newline at end of file\n`;
    k = last + 1;
  }
  return out;
}

describe('git patch round trip', () => {
  it('a patch of two texts reads back into the hunks computeHunks gives (property)', () => {
    fc.assert(
      fc.property(pair, ([before, after]) => {
        const expected = computeHunks(before, after);
        const { files, error } = parseGitPatch(patchOf('/repo/f.txt', before, after));
        expect(error).toBeNull();
        expect(files).toHaveLength(1);
        const [parsed] = files;
        expect(parsed!.error).toBeNull();
        expect(parsed!.status).toBe(expected.status);
        expect(parsed!.hunks).toEqual(expected.hunks);
        expect([parsed!.additions, parsed!.deletions]).toEqual([expected.additions, expected.deletions]);
      }),
      { numRuns: 400 },
    );
  });

  it('the demo agent’s patches, applied, give the new text; rejected, the old one (property)', () => {
    fc.assert(
      fc.property(pair, ([before, after]) => {
        const { files } = parseGitPatch(gitPatch([{ path: '/repo/f.txt', oldText: before, newText: after }]));
        if (files.length === 0) {
          expect(before).toBe(after);
          return;
        }
        const [parsed] = files;
        expect(parsed!.error).toBeNull();
        expect(contentFor(before, after, parsed!, new Set())).toBe(after);
        // An emptied file has no lines to put back (as with computeHunks' own empty hunk list).
        if (parsed!.hunks.length > 0) expect(contentFor(before, after, parsed!, new Set(parsed!.hunks.map((h) => h.id)))).toBe(before);
      }),
      { numRuns: 400 },
    );
  });
});
