/**
 * The public `PatchDiffs`: an ACP v2 diff's cards, fetched with the diff viewer on first use.
 * Until then each changed file's frame shows its path and operation (read from `changes`,
 * without parsing the patch).
 */
import { forwardRef, memo } from 'react';
import { changeInfo, isV2Diff } from '../../core/changes/diff-shape.js';
import { cx, lazyModule, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import { patchFileState } from './diff-input.js';
import { DiffTitle } from './DiffTitle.js';
import { diffMessages } from './messages.js';
import type { PatchDiffsProps } from './PatchDiffsLoaded.js';

export const patchDiffsModule = /* @__PURE__ */ lazyModule(() => import('./PatchDiffsLoaded.js').then((m) => m.PatchDiffsLoaded));

const PatchDiffsFallback = /* @__PURE__ */ forwardRef<HTMLDivElement, PatchDiffsProps & { state: OnDemandState }>(function PatchDiffsFallback(
  { content, className, state, defaultView: _defaultView, pageSize: _pageSize, highlight: _highlight, ...rest },
  ref,
) {
  const messages = useMessages('diff', diffMessages);
  const changes = isV2Diff(content) ? content.changes.flatMap(changeInfo) : [];
  return (
    <div
      className={cx('acp-diff-set', className)}
      data-slot="diff-set"
      aria-busy={!state.error}
      {...(rest satisfies ElementRest<typeof rest, 'div'>)}
      ref={ref}
    >
      {changes.map((change, i) => (
        <div key={i} className="acp-diff" data-slot="diff" data-status={patchFileState(change.operation)}>
          <div className="acp-diff__header" data-slot="diff-header">
            <DiffTitle
              path={change.path}
              fileState={patchFileState(change.operation)}
              operation={change.operation}
              oldPath={change.oldPath}
              messages={messages}
            />
          </div>
        </div>
      ))}
      <div className="acp-diff__pending" data-slot="diff-fallback">
        <OnDemandStatus state={state} />
      </div>
    </div>
  );
});

// Memoized like `Diff`: a streaming thread re-renders tool cards on every chunk.
export const PatchDiffs = /* @__PURE__ */ memo(/* @__PURE__ */ onDemandComponent('PatchDiffs', patchDiffsModule, (loaded) => loaded, PatchDiffsFallback));
PatchDiffs.displayName = 'PatchDiffs';
