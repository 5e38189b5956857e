/**
 * The public `ChangeReview`: the review (`ChangeReviewLoaded.tsx`, with word-level marks and the
 * virtualized rows) is fetched the first time one is shown; until then the frame says it is loading.
 */
import { forwardRef } from 'react';
import { cx, lazyModule } from '../shared/index.js';
import { conversationModule } from '../load-conversation.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import type { ChangeReviewProps } from './ChangeReviewLoaded.js';

// Through the conversation chunk, where the code it shares with the thread lives (see conversation.ts).
export const changeReviewModule = /* @__PURE__ */ lazyModule(() =>
  conversationModule
    .load()
    .then((conversation) => conversation.loadChangeReview())
    .then((m) => m.ChangeReviewLoaded),
);

const ChangeReviewFallback = /* @__PURE__ */ forwardRef<HTMLElement, ChangeReviewProps & { state: OnDemandState }>(function ChangeReviewFallback(
  {
    className,
    state,
    turns: _turns,
    writable: _writable,
    busy: _busy,
    error: _error,
    selectedFileId: _selectedFileId,
    defaultSelectedFileId: _defaultSelectedFileId,
    onSelectedFileChange: _onSelectedFileChange,
    onAcceptHunk: _onAcceptHunk,
    onRejectHunk: _onRejectHunk,
    onAcceptFile: _onAcceptFile,
    onRejectFile: _onRejectFile,
    onAcceptAll: _onAcceptAll,
    onRejectAll: _onRejectAll,
    onPreviewRestore: _onPreviewRestore,
    onRestore: _onRestore,
    onDismissError: _onDismissError,
    ...rest
  },
  ref,
) {
  return (
    <section
      data-slot="change-review"
      aria-busy={!state.error}
      {...(rest satisfies ElementRest<typeof rest, 'section'>)}
      ref={ref}
      className={cx('acp-change-review', className)}
    >
      <OnDemandStatus state={state} />
    </section>
  );
});

export const ChangeReview = /* @__PURE__ */ onDemandComponent('ChangeReview', changeReviewModule, (loaded) => loaded, ChangeReviewFallback);
