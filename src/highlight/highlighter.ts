/**
 * One-off highlighting of a whole snippet, on whichever path this page highlights (see `job.ts`).
 */
import { createHighlightJob } from './job.js';
import { resolveLanguage } from './languages.js';
import type { HighlightedLine } from './tokens.js';

/**
 * Highlights a whole snippet: one token array per line (lines split on `\n`, terminators
 * dropped). `language` is a language name, alias or fence info string (`ts`, `TypeScript`,
 * `bash`); use `languageForPath` first to go from a file name. Resolves to null when the
 * language is unknown or its grammar could not be loaded, so callers keep plain text.
 */
export function highlightLines(code: string, language: string | null | undefined): Promise<HighlightedLine[] | null> {
  const id = resolveLanguage(language);
  if (!id) return Promise.resolve(null);
  return new Promise((resolve) => {
    const job = createHighlightJob(id, () => {
      if (job.status === 'pending') return;
      const lines = job.status === 'ready' ? [...job.tokensFor(code, true)] : null;
      job.dispose();
      resolve(lines);
    });
    job.request(code, true);
  });
}
