/**
 * A changed line with the words that changed marked, against the line it replaces (or is
 * replaced by). Computed when the row is drawn, so only for rows on screen, and skipped for very
 * long lines; text nodes only, never HTML.
 */
import { useMemo } from 'react';
import { diffWordsWithSpace } from 'diff';

/** Longer lines are shown without word marks: the comparison would cost more than it tells. */
const MAX_WORD_DIFF = 1000;

export function WordDiff({ text, pair, side }: { text: string; pair: string | null; side: 'add' | 'del' }) {
  const parts = useMemo(() => {
    if (pair === null || text.length > MAX_WORD_DIFF || pair.length > MAX_WORD_DIFF || text === pair) return null;
    const changes = side === 'add' ? diffWordsWithSpace(pair, text) : diffWordsWithSpace(text, pair);
    // A line rewritten entirely gains nothing from marks on every word.
    const kept = changes.filter((c) => !c.added && !c.removed).reduce((n, c) => n + c.value.trim().length, 0);
    return kept === 0 ? null : changes.filter((c) => (side === 'add' ? !c.removed : !c.added));
  }, [text, pair, side]);
  if (!parts) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) =>
        part.added || part.removed ? (
          <mark key={i} className="acp-change-review__word" data-slot="change-review-word">
            {part.value}
          </mark>
        ) : (
          part.value
        ),
      )}
    </>
  );
}
