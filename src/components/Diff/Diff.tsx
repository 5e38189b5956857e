/**
 * The public `Diff`: the viewer and jsdiff are fetched the first time a diff is shown (ToolCall
 * starts the fetch as soon as an edit tool call appears). Until then the frame shows which file
 * changed and keeps room for the first lines.
 */
import { forwardRef, memo } from 'react';
import { cx, lazyModule, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import type { DiffProps } from './DiffLoaded.js';
import { diffFileState, patchFileState } from './diff-input.js';
import { DiffTitle } from './DiffTitle.js';
import { diffMessages } from './messages.js';

export const diffModule = /* @__PURE__ */ lazyModule(() => import('./DiffLoaded.js').then((m) => m.DiffLoaded));

const DiffFallback = /* @__PURE__ */ forwardRef<HTMLDivElement, DiffProps & { state: OnDemandState }>(function DiffFallback(
  {
    path,
    oldText,
    deleted,
    className,
    state,
    newText: _newText,
    view: _view,
    defaultView: _defaultView,
    onViewChange: _onViewChange,
    pageSize: _pageSize,
    highlight: _highlight,
    patch,
    operation,
    oldPath,
    fileType: _fileType,
    ...rest
  },
  ref,
) {
  const messages = useMessages('diff', diffMessages);
  const v2Operation = patch === undefined ? undefined : (operation ?? patch?.operation ?? 'modify');
  const fileState = v2Operation === undefined ? diffFileState(oldText, deleted) : patchFileState(v2Operation);
  return (
    <div
      className={cx('acp-diff', className)}
      data-slot="diff"
      data-status={fileState}
      aria-busy={!state.error}
      {...(rest satisfies ElementRest<typeof rest, 'div'>)}
      ref={ref}
    >
      <div className="acp-diff__header" data-slot="diff-header">
        <DiffTitle path={path} fileState={fileState} operation={v2Operation} oldPath={oldPath ?? patch?.oldPath} messages={messages} />
      </div>
      <div className="acp-diff__pending" data-slot="diff-fallback">
        <OnDemandStatus state={state} />
      </div>
    </div>
  );
});

// Memoized like the viewer itself: a streaming thread re-renders tool cards on every chunk.
export const Diff = /* @__PURE__ */ memo(/* @__PURE__ */ onDemandComponent('Diff', diffModule, (loaded) => loaded, DiffFallback));
Diff.displayName = 'Diff';
