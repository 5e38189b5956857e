import { useEffect, useMemo, useState } from 'react';
import type { GrammarState } from 'shiki/core';
import {
  createLineCache,
  languageForPath,
  loadTokenizer,
  readyTokenizer,
  scheduleIdle,
  type HighlightedLine,
  type LineTokenCache,
} from '../../highlight/index.js';
import type { DiffLine } from './diff-model.js';

/**
 * Syntax colours for a diff, by the file's extension, computed off the hot path.
 *
 * Removed lines are coloured from the old text and the others from the new text, each
 * tokenized from its first line so multi-line constructs (comments, strings) stay right.
 * Work runs in idle slices and the diff shows plain text until a side's tokens are ready;
 * shiki and the grammar are only fetched when a diff of that language is first shown.
 */
export interface DiffTokens {
  old: readonly HighlightedLine[];
  new: readonly HighlightedLine[];
}

/** Beyond this many lines a side stays plain: highlighting would cost more than it helps. */
const MAX_HIGHLIGHT_LINES = 5000;
/** Lines per tokenizer call, so the idle deadline is checked often. */
const SLICE_LINES = 40;
const DEADLINE_MARGIN_MS = 2;
/**
 * What a run forced by the idle timeout (a busy page has no idle time: a long session loading)
 * may spend, a line at a time: a whole slice then took 50–150 ms on a loaded machine.
 */
const FORCED_RUN_MS = 3;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

const NONE: readonly HighlightedLine[] = [];
export const NO_DIFF_TOKENS: DiffTokens = { old: NONE, new: NONE };

interface Side {
  code: string;
  cache: LineTokenCache<GrammarState> | null;
  done: boolean;
}

export function useDiffHighlight(path: string, oldText: string | null, newText: string | null, enabled: boolean): DiffTokens {
  const language = enabled ? languageForPath(path) : null;
  const oldCode = useMemo(() => highlightable(oldText), [oldText]);
  const newCode = useMemo(() => highlightable(newText), [newText]);
  const [result, setResult] = useState<{ inputs: readonly unknown[]; tokens: DiffTokens } | null>(null);

  useEffect(() => {
    if (!language || (oldCode === null && newCode === null)) return;
    const inputs = [language, oldCode, newCode] as const;
    const sideOf = (code: string | null): Side => ({ code: code ?? '', cache: null, done: code === null });
    const oldSide = sideOf(oldCode);
    const newSide = sideOf(newCode);
    const sides = [oldSide, newSide];
    let disposed = false;
    let cancel: (() => void) | null = null;

    const schedule = () => {
      cancel = scheduleIdle((deadline) => {
        cancel = null;
        if (disposed) return;
        const tokenize = readyTokenizer(language);
        if (!tokenize) {
          // First diff in this language: fetch shiki and the grammar, then start over in idle time.
          loadTokenizer(language).then(
            () => !disposed && schedule(),
            () => {},
          );
          return;
        }
        const idle = deadline.timeRemaining() > DEADLINE_MARGIN_MS;
        const forcedUntil = now() + FORCED_RUN_MS;
        const hasTime = idle ? () => deadline.timeRemaining() > DEADLINE_MARGIN_MS : () => now() < forcedUntil;
        try {
          for (const side of sides) {
            if (side.done) continue;
            side.cache ??= createLineCache(tokenize);
            do {
              side.done = side.cache.advance(side.code, { final: true, maxLines: idle ? SLICE_LINES : 1 });
            } while (!side.done && hasTime());
            if (!side.done) break;
          }
        } catch {
          // A grammar that throws leaves the diff plain; it is still fully readable.
          return;
        }
        // Copies: the cache appends to its own array, and React needs a new one to re-render.
        const tokensOf = (side: Side) => (side.cache ? [...side.cache.tokensFor(side.code, true)] : NONE);
        setResult({ inputs, tokens: { old: tokensOf(oldSide), new: tokensOf(newSide) } });
        if (sides.some((side) => !side.done)) schedule();
      });
    };
    schedule();
    return () => {
      disposed = true;
      cancel?.();
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
