/**
 * A turn's changes in one line, "3 files changed, +42 −7", with how many changes wait for review
 * and a button that opens the review. Fetched with the review's code on first show (`ChangeSummary.tsx`).
 */
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import type { ChangeCounts } from '../../core/changes/state.js';
import { cx, format, useLocale, useMessages } from '../shared/index.js';
import { numberFormat } from '../../i18n/number-format.js';
import { changeSummaryMessages, type ChangeSummaryMessages } from './summary-messages.js';

export interface ChangeSummaryProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  counts: ChangeCounts;
  /** The turn was restored to before it. */
  restored?: boolean;
  /** Shows the "Review changes" button. */
  onReview?: () => void;
  /** The review the button opens is open (its `aria-expanded`). */
  reviewOpen?: boolean;
}

export const ChangeSummaryLoaded = /* @__PURE__ */ forwardRef<HTMLDivElement, ChangeSummaryProps>(function ChangeSummaryLoaded(
  { counts, restored = false, onReview, reviewOpen, className, ...rest },
  ref,
) {
  const m = useMessages('changeSummary', changeSummaryMessages);
  const state = restored ? 'restored' : counts.undecided > 0 ? 'pending' : 'reviewed';
  return (
    <div ref={ref} className={cx('acp-change-summary', className)} data-slot="change-summary" data-state={state} {...rest}>
      <ChangeCountsText counts={counts} messages={m} />
      <span className="acp-change-summary__state" data-slot="change-summary-state">
        {restored ? m.restored : counts.undecided > 0 ? format(m.undecided, { count: counts.undecided }) : m.all_reviewed}
      </span>
      {onReview && (
        <button type="button" className="acp-button" data-variant="ghost" aria-expanded={reviewOpen} onClick={onReview}>
          {m.review}
        </button>
      )}
    </div>
  );
});

/** "3 files changed +42 −7", the counts spoken in words. */
export function ChangeCountsText({ counts, messages }: { counts: Pick<ChangeCounts, 'files' | 'additions' | 'deletions'>; messages: ChangeSummaryMessages }) {
  const number = numberFormat(useLocale());
  return (
    <span className="acp-change-summary__counts" data-slot="change-counts">
      <span>{counts.files === 1 ? messages.summary_one : format(messages.summary_other, { count: number.format(counts.files) })}</span>{' '}
      <span
        className="acp-change-summary__lines"
        role="img"
        aria-label={format(messages.counts_label, { additions: number.format(counts.additions), deletions: number.format(counts.deletions) })}
      >
        <span className="acp-change-summary__add">+{number.format(counts.additions)}</span>{' '}
        <span className="acp-change-summary__del">−{number.format(counts.deletions)}</span>
      </span>
    </span>
  );
}
