/**
 * Reading an ACP v2 diff's `git_patch` text (src/core/changes/git-patch.ts): per file, its
 * operation, paths and hunks in the change review's hunk model; bad or truncated input is an error
 * on the file it concerns, and every other file is still read.
 */
import { describe, expect, it } from 'vitest';
import { computeHunks } from '../../../src/core/changes/hunks.js';
import { parseGitPatch } from '../../../src/core/changes/git-patch.js';
import { gitPatch } from '../../../demo-agent/diff-writer.mjs';

const file = (text: string) => {
  const patch = parseGitPatch(text);
  expect(patch.files).toHaveLength(1);
  return patch.files[0]!;
};

describe('parseGitPatch', () => {
  it('reads a modified file written by the demo agent into the same hunks computeHunks gives', () => {
    const before = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n';
    const after = 'one\ntwo\nTHREE\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\n';
    const parsed = file(gitPatch([{ path: '/repo/a.txt', oldText: before, newText: after }]));
    const expected = computeHunks(before, after);
    expect(parsed).toMatchObject({ path: '/repo/a.txt', oldPath: null, operation: 'modify', status: 'modified', binary: false, error: null });
    expect(parsed.hunks).toEqual(expected.hunks);
    expect([parsed.additions, parsed.deletions]).toEqual([2, 1]);
    expect(parsed.blocks.map((b) => [b.oldStart, b.oldCount, b.newStart, b.newCount])).toEqual([
      [1, 6, 1, 6],
      [8, 3, 8, 4],
    ]);
  });

  it('reads added and deleted files, with and without a final newline', () => {
    const added = file(gitPatch([{ path: '/repo/new.ts', oldText: null, newText: 'a\nb' }]));
    expect(added).toMatchObject({ operation: 'add', status: 'added', additions: 2, deletions: 0, error: null });
    expect(added.hunks).toEqual(computeHunks(null, 'a\nb').hunks);
    expect(added.hunks[0]!.newLines).toEqual(['a\n', 'b']);

    const deleted = file(gitPatch([{ path: '/repo/old.ts', oldText: 'x\ny\n', newText: null }]));
    expect(deleted).toMatchObject({ path: '/repo/old.ts', operation: 'delete', status: 'deleted', additions: 0, deletions: 2, error: null });
    expect(deleted.hunks).toEqual(computeHunks('x\ny\n', null).hunks);
  });

  it('reads several files, renames, copies, mode changes and binary markers, with git’s a/ b/ prefixes or absolute paths', () => {
    const text = [
      'diff --git a/src/old name.ts b/src/new name.ts',
      'similarity index 90%',
      'rename from src/old name.ts',
      'rename to src/new name.ts',
      'index 1111111..2222222 100644',
      '--- a/src/old name.ts\t',
      '+++ b/src/new name.ts\t',
      '@@ -1,2 +1,2 @@',
      ' keep',
      '-old',
      '+new',
      'diff --git /repo/copy.ts /repo/copy2.ts',
      'similarity index 100%',
      'copy from /repo/copy.ts',
      'copy to /repo/copy2.ts',
      'diff --git /repo/logo.png /repo/logo.png',
      'index 3333333..4444444 100644',
      'Binary files /repo/logo.png and /repo/logo.png differ',
      'diff --git /repo/run.sh /repo/run.sh',
      'old mode 100644',
      'new mode 100755',
      'diff --git "/repo/caf\\303\\251 \\"q\\".txt" "/repo/caf\\303\\251 \\"q\\".txt"',
      'new file mode 100644',
      '--- /dev/null',
      '+++ "/repo/caf\\303\\251 \\"q\\".txt"',
      '@@ -0,0 +1 @@',
      '+hi',
      '',
    ].join('\n');
    const { files, error } = parseGitPatch(text);
    expect(error).toBeNull();
    expect(files.map((f) => [f.operation, f.oldPath, f.path, f.binary, f.error])).toEqual([
      ['move', 'src/old name.ts', 'src/new name.ts', false, null],
      ['copy', '/repo/copy.ts', '/repo/copy2.ts', false, null],
      ['modify', null, '/repo/logo.png', true, null],
      ['modify', null, '/repo/run.sh', false, null],
      ['add', null, '/repo/café "q".txt', false, null],
    ]);
    expect(files[0]!.hunks.map((h) => [h.oldStart, h.oldLines, h.newLines, h.contextBefore])).toEqual([[1, ['old\n'], ['new\n'], ['keep\n']]]);
    expect(files[2]!.hunks).toEqual([]);
  });

  it('keeps CRLF terminators and applies “\\ No newline at end of file” to the line before it', () => {
    const text = 'diff --git /r/f /r/f\n--- /r/f\n+++ /r/f\n@@ -1,2 +1,2 @@\n a\r\n-b\n\\ No newline at end of file\n+b\n';
    const parsed = file(text);
    expect(parsed.error).toBeNull();
    expect(parsed.hunks[0]).toMatchObject({ oldStart: 1, oldLines: ['b'], newLines: ['b\n'], contextBefore: ['a\r\n'], atEnd: true });
  });

  it('a truncated hunk is an error on its file; the files after it are still read', () => {
    const text = [
      'diff --git /r/a /r/a',
      '--- /r/a',
      '+++ /r/a',
      '@@ -1,3 +1,3 @@',
      ' one',
      '-two',
      'diff --git /r/b /r/b',
      '--- /r/b',
      '+++ /r/b',
      '@@ -1 +1 @@',
      '-x',
      '+y',
    ].join('\n');
    const { files } = parseGitPatch(text);
    expect(files.map((f) => f.path)).toEqual(['/r/a', '/r/b']);
    expect(files[0]!.error).toMatch(/ends early.*@@ -1,3 \+1,3 @@/);
    expect(files[1]).toMatchObject({ error: null, additions: 1, deletions: 1 });
  });

  it('a bad hunk header or a stray line is an error on its file, never a throw', () => {
    const text = [
      'diff --git /r/a /r/a',
      '--- /r/a',
      '+++ /r/a',
      '@@ -x +1 @@',
      '+a',
      'diff --git /r/b /r/b',
      '--- /r/b',
      '+++ /r/b',
      '@@ -1 +1 @@',
      '-x',
      '+y',
      'garbage',
    ].join('\n');
    const { files } = parseGitPatch(text);
    expect(files[0]!.error).toMatch(/hunk header.*@@ -x \+1 @@/);
    expect(files[1]!.error).toMatch(/Unexpected line.*garbage/);
    expect(files[1]!.hunks).toHaveLength(1);
  });

  it('text before the first file and an empty patch', () => {
    expect(parseGitPatch('')).toEqual({ files: [], error: null });
    const withNoise = parseGitPatch('From abc Mon Sep 17 00:00:00 2001\nSubject: x\n\ndiff --git /r/a /r/a\n--- /r/a\n+++ /r/a\n@@ -1 +1 @@\n-a\n+b\n');
    expect(withNoise.files).toHaveLength(1);
    expect(withNoise.error).toMatch(/before the first file/);
    expect(parseGitPatch('just some text').error).toMatch(/no file/i);
  });

  it('reads a plain unified diff (no diff --git line)', () => {
    const parsed = file('--- /r/a\t2026-01-01\n+++ /r/a\t2026-01-02\n@@ -1 +1 @@\n-a\n+b\n');
    expect(parsed).toMatchObject({ path: '/r/a', operation: 'modify', additions: 1, deletions: 1, error: null });
  });
});
