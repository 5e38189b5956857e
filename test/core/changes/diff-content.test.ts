/**
 * Reading a v2 diff's content (src/core/changes/diff-content.ts): `changes` says which files,
 * the patch gives their lines; nothing the agent sent is lost when the two disagree.
 */
import { describe, expect, it } from 'vitest';
import { readV2Diff, readV2DiffInSlices } from '../../../src/core/changes/diff-content.js';
import { isV2Diff } from '../../../src/core/changes/diff-shape.js';
import { gitPatch } from '../../../demo-agent/diff-writer.mjs';

const patch = gitPatch([
  { path: '/w/a.txt', oldText: 'a\n', newText: 'b\n' },
  { path: '/w/extra.txt', oldText: null, newText: 'new\n' },
]);

describe('readV2Diff', () => {
  it('tells the two shapes apart', () => {
    expect(isV2Diff({ type: 'diff', changes: [] })).toBe(true);
    expect(isV2Diff({ type: 'diff', path: '/w/a', newText: '' })).toBe(false);
    expect(isV2Diff(null)).toBe(false);
  });

  it('pairs each change with its file of the patch, and keeps a file the patch has but changes forgot', () => {
    const content = {
      type: 'diff' as const,
      changes: [
        { operation: 'modify', path: '/w/a.txt' },
        { operation: 'delete', path: '/w/gone.bin', fileType: 'binary' },
      ],
      patch: { format: 'git_patch', text: patch },
    };
    const view = readV2Diff(content);
    expect(view.error).toBeNull();
    expect(view.files.map((f) => [f.change.operation, f.change.path, f.change.fileType, f.patch?.path ?? null, f.patch?.additions ?? null])).toEqual([
      ['modify', '/w/a.txt', null, '/w/a.txt', 1],
      ['delete', '/w/gone.bin', 'binary', null, null],
      ['add', '/w/extra.txt', null, '/w/extra.txt', 1],
    ]);
    // Read once per content object: the card and the review share it.
    expect(readV2Diff(content)).toBe(view);
  });

  it('an unknown patch format is an error and the changes are still listed; sliced reading gives the same', async () => {
    const content = { type: 'diff' as const, changes: [{ operation: 'modify', path: '/w/a.txt' }], patch: { format: '_svn', text: 'whatever' } };
    const view = await readV2DiffInSlices(content);
    expect(view?.error).toMatch(/"_svn" is not supported/);
    expect(view?.files.map((f) => [f.change.path, f.patch])).toEqual([['/w/a.txt', null]]);
    expect(readV2Diff(content)).toBe(view);
  });
});
