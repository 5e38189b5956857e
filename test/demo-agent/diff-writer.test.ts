/**
 * The demo agent's git-patch writer (demo-agent/diff-writer.mjs), which turns its v1-shaped diffs
 * (`oldText` / `newText`) into the v2 `patch: { format: 'git_patch', text }`: the patch must apply
 * back to the new text, its hunk headers must count what they hold, and the headers say what
 * happened to the file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gitPatch } from '../../demo-agent/diff-writer.mjs';

/**
 * Applies one file's patch to `old` the way `patch` would, checking each hunk's header against its
 * body and each context or removed line against the old text. Returns the new text.
 */
function applyPatch(old: string, patch: string): string {
  const oldLines = old.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const lines = patch.split('\n');
  const out: string[] = [];
  let at = 0; // next old line to copy
  let i = lines.findIndex((l) => l.startsWith('@@'));
  if (i < 0) return old;
  while (i < lines.length && lines[i]!.startsWith('@@')) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$/.exec(lines[i]!);
    expect(header, lines[i]).not.toBeNull();
    const oldStart = Number(header![1]);
    const oldCount = header![2] === undefined ? 1 : Number(header![2]);
    const newCount = header![4] === undefined ? 1 : Number(header![4]);
    const first = oldCount === 0 ? oldStart : oldStart - 1;
    expect(first).toBeGreaterThanOrEqual(at);
    while (at < first) out.push(oldLines[at++]!);
    let seenOld = 0;
    let seenNew = 0;
    i++;
    while (i < lines.length && /^[ +-]/.test(lines[i]!)) {
      const sign = lines[i]![0];
      let text = lines[i]!.slice(1) + '\n';
      if (lines[i + 1] === '\\ No newline at end of file') {
        text = text.slice(0, -1);
        i++;
      }
      if (sign !== '+') {
        expect(oldLines[at], `old line ${at + 1}`).toBe(text);
        at++;
        seenOld++;
      }
      if (sign !== '-') {
        out.push(text);
        seenNew++;
      }
      i++;
    }
    expect([seenOld, seenNew]).toEqual([oldCount, newCount]);
  }
  expect(lines.slice(i).join('\n')).toBe('');
  while (at < oldLines.length) out.push(oldLines[at++]!);
  return out.join('');
}

const PATH = '/home/demo/project/src/greeting.ts';

describe('gitPatch', () => {
  it('writes a modify as git does with absolute paths: diff --git, ---/+++ and one hunk with three lines of context', () => {
    const old = 'a\nb\nc\nd\ne\nf\ng\n';
    const now = 'a\nb\nc\nD\ne\nf\ng\n';
    expect(gitPatch([{ path: PATH, oldText: old, newText: now }])).toBe(
      [`diff --git ${PATH} ${PATH}`, `--- ${PATH}`, `+++ ${PATH}`, '@@ -1,7 +1,7 @@', ' a', ' b', ' c', '-d', '+D', ' e', ' f', ' g', ''].join('\n'),
    );
  });

  it('marks a new file (old text null) and a deleted one (new text null)', () => {
    const added = gitPatch([{ path: PATH, oldText: null, newText: 'x\ny\n' }]);
    expect(added).toBe([`diff --git ${PATH} ${PATH}`, 'new file mode 100644', '--- /dev/null', `+++ ${PATH}`, '@@ -0,0 +1,2 @@', '+x', '+y', ''].join('\n'));
    const deleted = gitPatch([{ path: PATH, oldText: 'x\n', newText: null }]);
    expect(deleted).toBe([`diff --git ${PATH} ${PATH}`, 'deleted file mode 100644', `--- ${PATH}`, '+++ /dev/null', '@@ -1 +0,0 @@', '-x', ''].join('\n'));
  });

  it('says when a side has no newline at the end', () => {
    const patch = gitPatch([{ path: PATH, oldText: 'a\nb', newText: 'a\nb\n' }]);
    expect(patch).toContain('-b\n\\ No newline at end of file\n+b\n');
    expect(applyPatch('a\nb', patch)).toBe('a\nb\n');
  });

  it('splits distant changes into separate hunks and writes several files in one patch', () => {
    const old = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const now = old.replace('line 2\n', 'line two\n').replace('line 28\n', 'line twenty-eight\n');
    const one = gitPatch([{ path: PATH, oldText: old, newText: now }]);
    expect(one.match(/^@@/gm)).toHaveLength(2);
    expect(applyPatch(old, one)).toBe(now);
    const two = gitPatch([
      { path: PATH, oldText: old, newText: now },
      { path: '/home/demo/project/README.md', oldText: null, newText: '# Demo\n' },
    ]);
    expect(two.match(/^diff --git /gm)).toHaveLength(2);
    expect(two.startsWith(one)).toBe(true);
  });

  it('writes nothing for an unchanged file', () => {
    expect(gitPatch([{ path: PATH, oldText: 'same\n', newText: 'same\n' }])).toBe('');
  });

  it('always applies back to the new text, with hunk headers that count their lines (property)', () => {
    const text = fc
      .tuple(fc.array(fc.constantFrom('a', 'b', 'c', '}', '', 'return x;'), { maxLength: 40 }), fc.boolean())
      .map(([lines, trailing]) => (lines.length ? lines.join('\n') + (trailing ? '\n' : '') : ''));
    fc.assert(
      fc.property(text, text, (old, now) => {
        const patch = gitPatch([{ path: PATH, oldText: old, newText: now }]);
        if (old === now) expect(patch).toBe('');
        else expect(applyPatch(old, patch)).toBe(now);
      }),
      { numRuns: 400 },
    );
  });

  it('stays correct when the texts are too large to compare line by line', () => {
    const old = Array.from({ length: 3000 }, (_, i) => `old ${i}`).join('\n') + '\n';
    const now = Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? `new ${i}` : `old ${i}`)).join('\n') + '\n';
    expect(applyPatch(old, gitPatch([{ path: PATH, oldText: old, newText: now }]))).toBe(now);
  });
});
