/**
 * A v2 diff's file as the viewer's model: the lines of its patch's `@@` blocks, numbered from the
 * block headers. Only what the patch carries is there; the file between blocks is unknown, so
 * each block starts with its header row instead of a fold that could be opened.
 */
import type { GitPatchFile } from '../../core/changes/git-patch.js';
import { lineText } from '../../core/changes/text.js';
import type { DiffLine, DiffModel } from './diff-model.js';

export function modelFromPatch(file: GitPatchFile): DiffModel {
  const lines: DiffLine[] = [];
  const hunkHeaders = new Map<number, string>();
  for (const block of file.blocks) {
    hunkHeaders.set(lines.length, `@@ -${block.oldStart},${block.oldCount} +${block.newStart},${block.newCount} @@${block.section ? ` ${block.section}` : ''}`);
    // An empty side's start is the line before it (`-0,0`), so the first line of a side is start + 1 then.
    let oldNumber = block.oldCount === 0 ? block.oldStart + 1 : block.oldStart;
    let newNumber = block.newCount === 0 ? block.newStart + 1 : block.newStart;
    for (const { kind, text } of block.lines) {
      lines.push({ kind, oldNumber: kind === 'add' ? null : oldNumber++, newNumber: kind === 'del' ? null : newNumber++, text: lineText(text) });
    }
  }
  return { lines, additions: file.additions, deletions: file.deletions, hunkHeaders };
}

/**
 * Each side's text for syntax colours: the patch's lines at their line numbers and blank lines
 * where the file is unknown, so a line's tokens are found by its number as in a v1 diff. A
 * construct that began before a block (a comment, a string) is not seen: the block's first lines
 * may be coloured as code.
 */
export function patchSides(model: DiffModel): { old: string | null; new: string | null } {
  const old: string[] = [];
  const next: string[] = [];
  for (const line of model.lines) {
    if (line.oldNumber !== null && line.kind !== 'add') fill(old, line.oldNumber - 1, line.text);
    if (line.newNumber !== null && line.kind !== 'del') fill(next, line.newNumber - 1, line.text);
  }
  return { old: old.length > 0 ? old.join('\n') : null, new: next.length > 0 ? next.join('\n') : null };
}

function fill(side: string[], index: number, text: string): void {
  while (side.length < index) side.push('');
  side[index] = text;
}
