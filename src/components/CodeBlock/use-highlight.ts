import { useEffect, useReducer, useRef } from 'react';
import { createHighlightJob, type HighlightJob, type HighlightedLine, type LanguageId } from '../../highlight/index.js';

const NO_LINES: readonly HighlightedLine[] = [];

/**
 * The highlighted lines of `code` as far as they are ready: a prefix of the lines, growing as
 * highlighting completes (in the page's worker, or in idle time on the main thread). While
 * `streaming`, the last line (maybe unfinished) is left out.
 * Returns no lines when `language` is null or highlighting is disabled.
 */
export function useHighlight(
  code: string,
  language: LanguageId | null,
  { streaming, enabled }: { streaming: boolean; enabled: boolean },
): readonly HighlightedLine[] {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const job = useRef<HighlightJob | null>(null);
  const active = enabled && language !== null;

  useEffect(() => {
    if (!active || !language) return;
    const created = createHighlightJob(language, rerender);
    job.current = created;
    return () => {
      created.dispose();
      if (job.current === created) job.current = null;
    };
  }, [active, language]);

  useEffect(() => {
    job.current?.request(code, !streaming);
  }, [active, language, code, streaming]);

  // The job is a cache: reading it during render is safe, it never changes for the same input.
  const current = job.current;
  const usable = active && current && current.language === language && current.status !== 'failed';
  return usable ? current.tokensFor(code, !streaming) : NO_LINES;
}
