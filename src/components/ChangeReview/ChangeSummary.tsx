/**
 * The public `ChangeSummary`: fetched the first time one is shown (with its strings), so a page
 * whose agent changes no file carries none of the change review. It comes with the conversation
 * chunk: a summary ends a turn in the thread (see `conversation.ts`).
 */
import { forwardRef } from 'react';
import { cx } from '../shared/index.js';
import { conversationModule } from '../load-conversation.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import type { OnDemandState } from '../shared/OnDemandStatus.js';
import type { ChangeSummaryProps } from './ChangeSummaryLoaded.js';

export type { ChangeSummaryProps } from './ChangeSummaryLoaded.js';

/** Keeps the line's room until the summary arrives (a fraction of a second). */
const SummaryFallback = /* @__PURE__ */ forwardRef<HTMLDivElement, ChangeSummaryProps & { state: OnDemandState }>(function SummaryFallback(
  { className, state, counts: _counts, restored: _restored, onReview: _onReview, reviewOpen: _reviewOpen, ...rest },
  ref,
) {
  return (
    <div
      data-slot="change-summary"
      aria-busy={!state.error}
      {...(rest satisfies ElementRest<typeof rest, 'div'>)}
      ref={ref}
      className={cx('acp-change-summary', className)}
    />
  );
});

export const ChangeSummary = /* @__PURE__ */ onDemandComponent('ChangeSummary', conversationModule, (loaded) => loaded.ChangeSummaryLoaded, SummaryFallback);
