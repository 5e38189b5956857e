/**
 * Reading ACP v2 diff text (`patch: { format: 'git_patch', text }`): one or more `diff --git`
 * sections, each a file's operation, paths and `@@` blocks, into the change review's hunk model
 * (`hunks.ts`), so a v2 diff's hunks are the ones `computeHunks` gives for the same two texts.
 *
 * ACP writes paths absolute and without git's `a/` `b/` prefixes; a relative path with such a
 * prefix (a patch straight from `git diff`) has it removed. A plain unified diff (`---`/`+++` with
 * no `diff --git` line) is read too. Nothing here throws on bad input: a file whose header or
 * block does not parse, or that ends early, carries an `error` and the blocks read before it, and
 * reading goes on at the next file.
 */
import { CONTEXT, makeHunk, type ChangeHunk, type HunkSet } from './hunks.js';

/** ACP v2 `DiffChange.operation` (custom or future values are kept as they come). */
export type DiffOperation = 'add' | 'delete' | 'modify' | 'move' | 'copy';

export type PatchLineKind = 'context' | 'add' | 'del';

export interface PatchLine {
  kind: PatchLineKind;
  /** The line with its terminator (none on a last line marked "\ No newline at end of file"). */
  text: string;
}

/** One `@@ -oldStart,oldCount +newStart,newCount @@ section` block, as written (1-based). */
export interface PatchBlock {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  /** What git writes after the second `@@` (often the enclosing function); may be ''. */
  section: string;
  lines: PatchLine[];
}

export interface GitPatchFile extends HunkSet {
  /** The file's path after the change (before it, for a deleted file). */
  path: string;
  /** The source of a move or copy; null otherwise. */
  oldPath: string | null;
  operation: DiffOperation;
  blocks: PatchBlock[];
  /** What did not parse in this file (its blocks before that point are kept); null when all did. */
  error: string | null;
}

export interface GitPatch {
  files: GitPatchFile[];
  /** Text that is not part of any file (a mail header, a stray line before the first file). */
  error: string | null;
}

/** Lines read between two pauses of `gitPatchSteps`. */
const LINES_PER_STEP = 4096;

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/;

/** Reads a whole patch at once. */
export function parseGitPatch(text: string): GitPatch {
  const steps = gitPatchSteps(text);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** `parseGitPatch` as a job that pauses (yields) every few thousand lines, for slicing a big patch. */
export function* gitPatchSteps(text: string): Generator<void, GitPatch> {
  const lines = text.split('\n');
  // The terminator of the last line leaves an empty last part that is not a line.
  if (lines.at(-1) === '') lines.pop();
  const files: GitPatchFile[] = [];
  let stray: string | null = null;
  let file: FileBuilder | null = null;
  let i = 0;
  let nextPause = LINES_PER_STEP;
  const finish = () => {
    if (file) files.push(buildFile(file));
    file = null;
  };
  while (i < lines.length) {
    if (i >= nextPause) {
      nextPause = i + LINES_PER_STEP;
      yield;
    }
    const line = lines[i] ?? '';
    const plainStart = line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ') === true;
    if (line.startsWith('diff --git ') || (plainStart && (!file || file.blocks.length > 0 || file.skipping))) {
      finish();
      file = newFile(line.startsWith('diff --git ') ? gitLinePath(line.slice('diff --git '.length)) : null);
      if (line.startsWith('diff --git ')) i++;
      continue;
    }
    if (!file) {
      if (line.trim() !== '' && stray === null) stray = `Text before the first file of the patch was ignored: "${clip(line)}"`;
      i++;
      continue;
    }
    if (file.skipping) {
      i++;
      continue;
    }
    if (line.startsWith('@@')) {
      i = readBlock(lines, i, file);
      continue;
    }
    if (file.blocks.length === 0 && readHeaderLine(line, file)) {
      i++;
      continue;
    }
    if (line === '' && file.blocks.length === 0) {
      i++;
      continue;
    }
    fail(file, `Unexpected line in the patch of ${file.path ?? 'a file'}: "${clip(line)}"`);
    i++;
  }
  finish();
  if (files.length === 0 && stray !== null) stray = 'The patch names no file (no "diff --git" or "---"/"+++" lines).';
  return { files, error: stray };
}

interface FileBuilder {
  path: string | null;
  oldPath: string | null;
  /** The `---` and `+++` names (`/dev/null` kept, to tell an added or deleted file). */
  minus: string | null;
  plus: string | null;
  operation: DiffOperation | null;
  binary: boolean;
  blocks: PatchBlock[];
  error: string | null;
  /** Past an error or binary data: the rest of this file is skipped up to the next one. */
  skipping: boolean;
}

const newFile = (path: string | null): FileBuilder => ({
  path,
  oldPath: null,
  minus: null,
  plus: null,
  operation: null,
  binary: false,
  blocks: [],
  error: null,
  skipping: false,
});

function fail(file: FileBuilder, error: string): void {
  file.error ??= error;
  file.skipping = true;
}

/** A line of the extended header; false when it is not one. */
function readHeaderLine(line: string, file: FileBuilder): boolean {
  const value = (prefix: string) => (line.startsWith(prefix) ? line.slice(prefix.length) : null);
  let v: string | null;
  if ((v = value('--- ')) !== null) file.minus = headerPath(v);
  else if ((v = value('+++ ')) !== null) file.plus = headerPath(v);
  else if (line.startsWith('new file mode ')) file.operation = 'add';
  else if (line.startsWith('deleted file mode ')) file.operation = 'delete';
  else if ((v = value('rename from ')) !== null) [file.operation, file.oldPath] = ['move', stripPrefix(unquote(v))];
  else if ((v = value('rename to ')) !== null) [file.operation, file.path] = ['move', stripPrefix(unquote(v))];
  else if ((v = value('copy from ')) !== null) [file.operation, file.oldPath] = ['copy', stripPrefix(unquote(v))];
  else if ((v = value('copy to ')) !== null) [file.operation, file.path] = ['copy', stripPrefix(unquote(v))];
  else if (line.startsWith('Binary files ') || line === 'GIT binary patch') {
    file.binary = true;
    // A `GIT binary patch` is followed by encoded data, not for display.
    file.skipping = line === 'GIT binary patch';
  } else if (!/^(index |old mode |new mode |similarity index |dissimilarity index )/.test(line)) return false;
  return true;
}

/** Reads the block starting at `lines[start]` into `file`; returns the index after it. */
function readBlock(lines: readonly string[], start: number, file: FileBuilder): number {
  const header = lines[start] ?? '';
  const m = HUNK_HEADER.exec(header);
  if (!m) {
    fail(file, `Bad hunk header in the patch of ${file.path ?? 'a file'}: "${clip(header)}"`);
    return start + 1;
  }
  const [, os = '0', oc, ns = '0', nc, section = ''] = m;
  const block: PatchBlock = { oldStart: +os, oldCount: oc === undefined ? 1 : +oc, newStart: +ns, newCount: nc === undefined ? 1 : +nc, section, lines: [] };
  file.blocks.push(block);
  let oldLeft = block.oldCount;
  let newLeft = block.newCount;
  let i = start + 1;
  const noNewline = () => {
    const last = block.lines.at(-1);
    if (last) last.text = last.text.replace(/\n$/, '');
    i++;
  };
  while (oldLeft > 0 || newLeft > 0) {
    const line = lines[i];
    if (line === undefined || line.startsWith('diff --git ')) {
      fail(file, `The patch of ${file.path ?? 'a file'} ends early: ${clip(header)} has ${oldLeft} old and ${newLeft} new lines missing.`);
      return i;
    }
    if (line.startsWith('\\')) {
      noNewline();
      continue;
    }
    // An empty line is a context line whose leading space a mail client or editor trimmed.
    const sign = line[0] ?? ' ';
    const kind: PatchLineKind | null = sign === ' ' ? 'context' : sign === '+' ? 'add' : sign === '-' ? 'del' : null;
    if (kind === null || (kind !== 'add' && oldLeft === 0) || (kind !== 'del' && newLeft === 0)) {
      fail(file, `Unexpected line in ${clip(header)} of ${file.path ?? 'a file'}: "${clip(line)}"`);
      return i;
    }
    if (kind !== 'add') oldLeft--;
    if (kind !== 'del') newLeft--;
    block.lines.push({ kind, text: `${line.slice(1)}\n` });
    i++;
  }
  if (lines[i]?.startsWith('\\')) noNewline();
  return i;
}

function buildFile(file: FileBuilder): GitPatchFile {
  const minus = file.minus === '/dev/null' ? null : file.minus;
  const plus = file.plus === '/dev/null' ? null : file.plus;
  const operation: DiffOperation = file.operation ?? (file.minus === '/dev/null' ? 'add' : file.plus === '/dev/null' ? 'delete' : 'modify');
  const path =
    (operation === 'delete' ? (minus ?? file.path) : operation === 'move' || operation === 'copy' ? (file.path ?? plus) : (plus ?? file.path ?? minus)) ?? '';
  const status = operation === 'add' ? 'added' : operation === 'delete' ? 'deleted' : 'modified';
  const hunks = hunksOf(file.blocks);
  let additions = 0;
  let deletions = 0;
  for (const hunk of hunks) {
    additions += hunk.newLines.length;
    deletions += hunk.oldLines.length;
  }
  const error = file.error ?? (path === '' ? 'A file of the patch has no path.' : null);
  return { path, oldPath: file.oldPath, operation, status, binary: file.binary, hunks, additions, deletions, approximate: false, blocks: file.blocks, error };
}

/**
 * The blocks' runs of changed lines as hunks. A block's first line is old line `oldStart`
 * (an empty side's start is the line it goes after, so the 0-based index is `oldStart` itself).
 * A hunk ends the file when nothing follows it in the last block: git writes context after a
 * change whenever the file goes on.
 */
function hunksOf(blocks: readonly PatchBlock[]): ChangeHunk[] {
  const hunks: ChangeHunk[] = [];
  blocks.forEach((block, b) => {
    let oldAt = block.oldCount === 0 ? block.oldStart : block.oldStart - 1;
    let newAt = block.newCount === 0 ? block.newStart : block.newStart - 1;
    const { lines } = block;
    let k = 0;
    let previousEnd = 0;
    while (k < lines.length) {
      const line = lines[k];
      if (line?.kind === 'context') {
        oldAt++;
        newAt++;
        k++;
        continue;
      }
      const start = k;
      const oldLines: string[] = [];
      const newLines: string[] = [];
      for (; k < lines.length && lines[k]?.kind !== 'context'; k++) {
        const changed = lines[k];
        if (changed?.kind === 'del') oldLines.push(changed.text);
        else if (changed) newLines.push(changed.text);
      }
      let nextChange = k;
      while (nextChange < lines.length && lines[nextChange]?.kind === 'context') nextChange++;
      const contextBefore = lines.slice(Math.max(previousEnd, start - CONTEXT), start).map((l) => l.text);
      const contextAfter = lines.slice(k, Math.min(nextChange, k + CONTEXT)).map((l) => l.text);
      const atEnd = b === blocks.length - 1 && k === lines.length;
      hunks.push(makeHunk(oldAt, newAt, oldLines, newLines, contextBefore, contextAfter, oldAt === 0 && newAt === 0, atEnd));
      oldAt += oldLines.length;
      newAt += newLines.length;
      previousEnd = k;
    }
  });
  return hunks;
}

/** A `---`/`+++` name: unquoted, without git's prefix or a trailing tab and timestamp. */
function headerPath(raw: string): string {
  const name = raw.startsWith('"') ? unquote(raw) : raw.replace(/\t.*$/, '');
  return name === '/dev/null' ? name : stripPrefix(name);
}

/** Git's `a/` and `b/` prefixes, on a relative path only (an ACP path is absolute). */
const stripPrefix = (path: string) => (/^[ab]\//.test(path) ? path.slice(2) : path);

/**
 * The path of a `diff --git A B` line, used when no `---`/`+++` or rename line names it (a mode
 * change, a binary file): both names quoted, or the same name twice (so a space is no problem).
 */
function gitLinePath(rest: string): string | null {
  if (rest.startsWith('"')) {
    const end = closingQuote(rest);
    const second = rest.slice(end + 2);
    return stripPrefix(second.startsWith('"') ? unquote(second) : second);
  }
  for (let at = rest.indexOf(' '); at !== -1; at = rest.indexOf(' ', at + 1)) {
    const left = rest.slice(0, at);
    const right = rest.slice(at + 1);
    if (stripPrefix(left) === stripPrefix(right)) return stripPrefix(right);
  }
  const last = rest.lastIndexOf(' ');
  return last === -1 ? null : stripPrefix(rest.slice(last + 1));
}

/** The index of the quote closing the quoted name at the start of `text`. */
function closingQuote(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return text.length;
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** A name as git quotes it (C escapes, octal bytes of UTF-8), or the text as is when not quoted. */
function unquote(raw: string): string {
  if (!raw.startsWith('"')) return raw;
  const end = closingQuote(raw);
  const bytes: number[] = [];
  for (let i = 1; i < end; i++) {
    const c = raw[i] ?? '';
    if (c !== '\\') {
      bytes.push(...new TextEncoder().encode(c));
      continue;
    }
    const next = raw[++i] ?? '';
    const octal = /^[0-7]{3}/.exec(raw.slice(i, i + 3));
    if (octal) {
      bytes.push(parseInt(octal[0], 8));
      i += 2;
    } else bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

const clip = (line: string) => (line.length > 80 ? `${line.slice(0, 80)}…` : line);
