import { useEffect, useMemo, useState } from 'react';
import { createHighlightJob, languageForPath, type HighlightJob, type HighlightedLine } from '../../highlight/index.js';
import type { DiffLine } from './diff-model.js';

/**
 * Syntax colours for a diff, by the file's extension, computed off the hot path.
 *
 * Removed lines are coloured from the old text and the others from the new text, each
 * tokenized from its first line so multi-line constructs (comments, strings) stay right.
 * Each side is a highlighting job (in the page's worker, or in idle slices on the main thread)
 * and the diff shows plain text until a side's tokens are ready; shiki and the grammar are only
 * fetched when a diff of that language is first shown.
 */
export interface DiffTokens {
  old: readonly HighlightedLine[];
  new: readonly HighlightedLine[];
}

/** Beyond this many lines a side stays plain: highlighting would cost more than it helps. */
const MAX_HIGHLIGHT_LINES = 5000;
/** Lines per tokenizer call on the main thread, so the idle deadline is checked often. */
const SLICE_LINES = 40;

const NONE: readonly HighlightedLine[] = [];
export const NO_DIFF_TOKENS: DiffTokens = { old: NONE, new: NONE };

export function useDiffHighlight(path: string, oldText: string | null, newText: string | null, enabled: boolean): DiffTokens {
  const language = enabled ? languageForPath(path) : null;
  const oldCode = useMemo(() => highlightable(oldText), [oldText]);
  const newCode = useMemo(() => highlightable(newText), [newText]);
  const [result, setResult] = useState<{ inputs: readonly unknown[]; tokens: DiffTokens } | null>(null);

  useEffect(() => {
    if (!language || (oldCode === null && newCode === null)) return;
    const inputs = [language, oldCode, newCode] as const;
    const sides: ({ code: string; job: HighlightJob } | null)[] = [];
    // Copies: a job appends to its own list, and React needs a new one to re-render. A side
    // whose grammar throws stays plain; the diff is still fully readable.
    const tokensOf = (side: { code: string; job: HighlightJob } | null | undefined) =>
      side && side.job.status !== 'failed' ? [...side.job.tokensFor(side.code, true)] : NONE;
    const update = () => setResult({ inputs, tokens: { old: tokensOf(sides[0]), new: tokensOf(sides[1]) } });
    for (const code of [oldCode, newCode]) sides.push(code === null ? null : { code, job: createHighlightJob(language, update, { sliceLines: SLICE_LINES }) });
    for (const side of sides) side?.job.request(side.code, true);
    return () => {
      for (const side of sides) side?.job.dispose();
    };
  }, [language, oldCode, newCode]);

  // Tokens of earlier inputs would colour the wrong lines: plain text until the new ones land.
  if (!result || result.inputs[0] !== language || result.inputs[1] !== oldCode || result.inputs[2] !== newCode) {
    return NO_DIFF_TOKENS;
  }
  return result.tokens;
}

/** The text as the diff model splits it (CRLF as one terminator), or null when too long to colour. */
function highlightable(text: string | null): string | null {
  if (text === null || text === '') return null;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (++lines > MAX_HIGHLIGHT_LINES) return null;
  }
  return text.replace(/\r\n/g, '\n');
}

/** The tokens of one displayed line: removed lines from the old text, all others from the new. */
export function tokensForLine(tokens: DiffTokens, line: DiffLine): HighlightedLine | undefined {
  if (line.kind === 'del') return line.oldNumber !== null ? tokens.old[line.oldNumber - 1] : undefined;
  return line.newNumber !== null ? tokens.new[line.newNumber - 1] : undefined;
}
