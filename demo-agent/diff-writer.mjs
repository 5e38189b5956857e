// @ts-check
/**
 * A small git-patch writer: what the v2 wire needs for a diff (`patch: { format: 'git_patch', text }`)
 * from the demo's v1-shaped diffs (`oldText` / `newText`). Paths are written absolute, as the v2
 * "Diff File States" RFD's example does (no `a/` `b/` prefixes). Lines are compared whole, with
 * their newline, so a last line without one differs from the same line with one, as in git.
 * Browser-safe (no Node imports).
 */

/**
 * One file of a patch: `oldText` null is a new file, `newText` null a deleted one.
 * @typedef {object} PatchFile
 * @property {string} path  absolute
 * @property {string | null | undefined} oldText
 * @property {string | null} newText
 */

/** Lines of context around each change, as `git diff` writes by default. */
const CONTEXT = 3;
/** Above this many compared line pairs, the changed middle is written as one remove-all/add-all block: still a correct patch, in bounded work. */
const WORK_LIMIT = 1_000_000;
const NO_NEWLINE = '\\ No newline at end of file';

/**
 * @param {readonly PatchFile[]} files
 * @returns {string}  the patch text ('' when nothing changed), each line ending in `\n`
 */
export function gitPatch(files) {
  return files.map(filePatch).join('');
}

/** @param {PatchFile} file */
function filePatch({ path, oldText, newText }) {
  const added = oldText == null;
  const deleted = newText === null;
  const before = splitLines(oldText ?? '');
  const after = splitLines(newText ?? '');
  const hunks = hunksOf(editScript(before, after));
  if (!hunks.length && !added && !deleted) return '';
  let out = `diff --git ${path} ${path}\n`;
  if (added) out += 'new file mode 100644\n';
  if (deleted) out += 'deleted file mode 100644\n';
  out += `--- ${added ? '/dev/null' : path}\n+++ ${deleted ? '/dev/null' : path}\n`;
  for (const hunk of hunks) out += hunk;
  return out;
}

/** @param {string} text @returns {string[]}  lines with their `\n` (the last may have none) */
function splitLines(text) {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * One line of the edit script: kept (` `), removed (`-`) or added (`+`).
 * @typedef {{ op: ' ' | '-' | '+', line: string }} Edit
 */

/**
 * The shortest edit script between two line lists: common prefix and suffix, and a longest common
 * subsequence of the middle (or, past the work limit, the whole middle removed then added).
 * @param {string[]} a
 * @param {string[]} b
 * @returns {Edit[]}
 */
function editScript(a, b) {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  /** @type {Edit[]} */
  const edits = a.slice(0, start).map((line) => ({ op: ' ', line }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > WORK_LIMIT) {
    for (const line of midA) edits.push({ op: '-', line });
    for (const line of midB) edits.push({ op: '+', line });
  } else {
    edits.push(...lcsEdits(midA, midB));
  }
  for (const line of a.slice(endA)) edits.push({ op: ' ', line });
  return edits;
}

/**
 * Edit script from a longest-common-subsequence table (removals before additions in a change).
 * @param {string[]} a
 * @param {string[]} b
 * @returns {Edit[]}
 */
function lcsEdits(a, b) {
  const w = b.length + 1;
  // lengths[i * w + j]: LCS length of a[i..] and b[j..]
  const lengths = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * w + j] = a[i] === b[j] ? lengths[(i + 1) * w + j + 1] + 1 : Math.max(lengths[(i + 1) * w + j], lengths[i * w + j + 1]);
    }
  }
  /** @type {Edit[]} */
  const edits = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      edits.push({ op: ' ', line: a[i++] });
      j++;
    } else if (j >= b.length || (i < a.length && lengths[(i + 1) * w + j] >= lengths[i * w + j + 1])) {
      edits.push({ op: '-', line: a[i++] });
    } else {
      edits.push({ op: '+', line: b[j++] });
    }
  }
  return edits;
}

/**
 * Groups an edit script into unified-diff hunks with `CONTEXT` lines around each change.
 * @param {Edit[]} edits
 * @returns {string[]}
 */
function hunksOf(edits) {
  /** @type {string[]} */
  const hunks = [];
  let k = 0;
  // old and new line numbers (0-based) of edits[k]
  let oldAt = 0;
  let newAt = 0;
  const advance = () => {
    const op = edits[k++].op;
    if (op !== '+') oldAt++;
    if (op !== '-') newAt++;
  };
  while (k < edits.length) {
    let change = k;
    while (change < edits.length && edits[change].op === ' ') change++;
    if (change === edits.length) break;
    // Skip to CONTEXT lines before the change.
    while (k < change - CONTEXT) advance();
    const oldStart = oldAt;
    const newStart = newAt;
    let end = change;
    // Extend while the next change is within 2 * CONTEXT kept lines.
    for (;;) {
      while (end < edits.length && edits[end].op !== ' ') end++;
      let next = end;
      while (next < edits.length && edits[next].op === ' ') next++;
      if (next < edits.length && next - end <= 2 * CONTEXT) end = next;
      else break;
    }
    const stop = Math.min(edits.length, end + CONTEXT);
    let body = '';
    while (k < stop) {
      const { op, line } = edits[k];
      body += line.endsWith('\n') ? `${op}${line}` : `${op}${line}\n${NO_NEWLINE}\n`;
      advance();
    }
    hunks.push(`@@ -${range(oldStart, oldAt - oldStart)} +${range(newStart, newAt - newStart)} @@\n${body}`);
  }
  return hunks;
}

/** @param {number} before  lines before the hunk @param {number} count */
function range(before, count) {
  if (count === 1) return String(before + 1);
  return `${count === 0 ? before : before + 1},${count}`;
}
