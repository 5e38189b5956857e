/**
 * The public `ChangeReview`: the review (`ChangeReviewLoaded.tsx`, with word-level marks and the
 * virtualized rows) is fetched the first time one is shown; until then the frame says it is loading.
 */
import { forwardRef, type Ref } from 'react';
import { cx, lazyModule } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ChangeReviewProps } from './ChangeReviewLoaded.js';

type ForwardedProps = ChangeReviewProps & { forwarded?: Ref<HTMLElement> };

// The loaded component behind a wrapper made once, when the module arrives: the ref travels as a
// prop through the on-demand frame (a wrapper made per render would remount the review each time).
export const changeReviewModule = /* @__PURE__ */ lazyModule(() =>
  import('./ChangeReviewLoaded.js').then(({ ChangeReviewLoaded: Loaded }) => {
    return function Review({ forwarded, ...props }: ForwardedProps) {
      // After the spread: on React 19 `ref` is a prop, and the on-demand frame passes its own (none).
      return <Loaded {...props} ref={forwarded} />;
    };
  }),
);

const OnDemandReview = /* @__PURE__ */ onDemandComponent('ChangeReview', changeReviewModule, (loaded) => loaded, ChangeReviewFallback);

export const ChangeReview = /* @__PURE__ */ forwardRef<HTMLElement, ChangeReviewProps>(function ChangeReview(props, ref) {
  return <OnDemandReview {...props} forwarded={ref} />;
});

function ChangeReviewFallback({ className, state }: ForwardedProps & { state: OnDemandState }) {
  return (
    <section className={cx('acp-change-review', className)} data-slot="change-review" aria-busy={!state.error}>
      <OnDemandStatus state={state} />
    </section>
  );
}
