/**
 * The public `ChangeReview`: the review (`ChangeReviewLoaded.tsx`, with word-level marks and the
 * virtualized rows) is fetched the first time one is shown; until then the frame shows the counts.
 */
import { forwardRef, type Ref } from 'react';
import { countChanges } from '../../core/changes/state.js';
import { cx, lazyModule, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ChangeReviewProps } from './ChangeReviewLoaded.js';
import { ChangeCountsText } from './ChangeSummary.js';
import { changeSummaryMessages } from './summary-messages.js';

type ForwardedProps = ChangeReviewProps & { forwarded?: Ref<HTMLElement> };

// The loaded component behind a wrapper made once, when the module arrives: the ref travels as a
// prop through the on-demand frame (a wrapper made per render would remount the review each time).
export const changeReviewModule = /* @__PURE__ */ lazyModule(() =>
  import('./ChangeReviewLoaded.js').then(({ ChangeReviewLoaded: Loaded }) => {
    return function Review({ forwarded, ...props }: ForwardedProps) {
      return <Loaded ref={forwarded} {...props} />;
    };
  }),
);

const OnDemandReview = /* @__PURE__ */ onDemandComponent('ChangeReview', changeReviewModule, (loaded) => loaded, ChangeReviewFallback);

export const ChangeReview = /* @__PURE__ */ forwardRef<HTMLElement, ChangeReviewProps>(function ChangeReview(props, ref) {
  return <OnDemandReview {...props} forwarded={ref} />;
});

function ChangeReviewFallback({ turns, className, state }: ForwardedProps & { state: OnDemandState }) {
  const m = useMessages('changeSummary', changeSummaryMessages);
  return (
    <section className={cx('acp-change-review', className)} data-slot="change-review" aria-label={m.review} aria-busy={!state.error}>
      <header className="acp-change-review__toolbar">
        <ChangeCountsText counts={countChanges(turns.flatMap((t) => t.files))} messages={m} />
      </header>
      <OnDemandStatus state={state} />
    </section>
  );
}
