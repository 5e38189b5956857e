/**
 * The public `ChangeSummary`: fetched the first time one is shown (with its strings), so a page
 * whose agent changes no file carries none of the change review.
 */
import { forwardRef, type Ref } from 'react';
import { cx, lazyModule } from '../shared/index.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { OnDemandState } from '../shared/OnDemandStatus.js';
import type { ChangeSummaryProps } from './ChangeSummaryLoaded.js';

export type { ChangeSummaryProps } from './ChangeSummaryLoaded.js';

type ForwardedProps = ChangeSummaryProps & { forwarded?: Ref<HTMLDivElement> };

const summaryModule = /* @__PURE__ */ lazyModule(() =>
  import('./ChangeSummaryLoaded.js').then(({ ChangeSummaryLoaded: Loaded }) => {
    return function Summary({ forwarded, ...props }: ForwardedProps) {
      // After the spread: on React 19 `ref` is a prop, and the on-demand frame passes its own (none).
      return <Loaded {...props} ref={forwarded} />;
    };
  }),
);

const OnDemandSummary = /* @__PURE__ */ onDemandComponent('ChangeSummary', summaryModule, (loaded) => loaded, SummaryFallback);

export const ChangeSummary = /* @__PURE__ */ forwardRef<HTMLDivElement, ChangeSummaryProps>(function ChangeSummary(props, ref) {
  return <OnDemandSummary {...props} forwarded={ref} />;
});

/** Keeps the line's room until the summary arrives (a fraction of a second). */
function SummaryFallback({ className, state }: ForwardedProps & { state: OnDemandState }) {
  return <div className={cx('acp-change-summary', className)} data-slot="change-summary" aria-busy={!state.error} />;
}
