import { forwardRef, memo } from 'react';
import { BudgetNote } from '../shared/BudgetNote.js';
import { cx, useMessages } from '../shared/index.js';
import { useControllableState } from '../shared/use-controllable-state.js';
import { diffFileState } from './diff-input.js';
import { pathParts } from './path-parts.js';
import { DiffBody } from './DiffBody.js';
import { DiffHeader, type DiffViewMode } from './DiffHeader.js';
import { diffMessages } from './messages.js';
import { useDiffHighlight } from './use-diff-highlight.js';
import { useDiffModel } from './use-diff-model.js';
import type { DiffProps } from './diff-props.js';
import { PatchDiff } from './PatchDiff.js';

export type { DiffOwnProps, DiffProps } from './diff-props.js';

/**
 * A file diff from ACP `diff` tool-call content: unified or side-by-side, unchanged regions
 * folded behind "Show N lines", large diffs computed after paint and rendered in pages.
 * Line content is always text, never HTML. v1 gives the two texts; v2 its git patch (`patch`).
 */
export const DiffLoaded = /* @__PURE__ */ memo(
  /* @__PURE__ */ forwardRef<HTMLDivElement, DiffProps>(function DiffLoaded(props, ref) {
    return props.patch !== undefined ? <PatchDiff {...props} ref={ref} /> : <TextDiff {...props} ref={ref} />;
  }),
);
DiffLoaded.displayName = 'DiffLoaded';

const TextDiff = /* @__PURE__ */ forwardRef<HTMLDivElement, DiffProps>(function TextDiff(
  {
    path,
    oldText,
    newText = '',
    deleted,
    patch: _patch,
    operation: _operation,
    oldPath: _oldPath,
    fileType: _fileType,
    view: controlledView,
    defaultView = 'unified',
    onViewChange,
    pageSize = 500,
    highlight = true,
    className,
    ...rest
  },
  ref,
) {
  const messages = useMessages('diff', diffMessages);
  const fileState = diffFileState(oldText, deleted);
  const result = useDiffModel(oldText, newText, fileState);
  // Each side is tokenized only if it has lines on screen: a new file has no old side, a deleted one no new side.
  const tokens = useDiffHighlight(
    path,
    fileState === 'added' ? null : (oldText ?? null),
    fileState === 'deleted' ? null : newText,
    highlight && result.status === 'ready',
  );
  const [view, changeView] = useControllableState<DiffViewMode>({ value: controlledView, defaultValue: defaultView, onChange: onViewChange });

  return (
    <div
      className={cx('acp-diff', className)}
      data-slot="diff"
      data-status={fileState}
      data-view={view}
      aria-busy={result.status === 'computing' || undefined}
      {...rest}
      ref={ref}
    >
      <DiffHeader
        path={path}
        fileState={fileState}
        counts={result.status === 'ready' ? result.model : null}
        view={view}
        onViewChange={changeView}
        messages={messages}
      />
      {result.status === 'ready' && result.model.approximate && (
        <div className="acp-diff__notice" data-slot="diff-approximate">
          <BudgetNote fullText={() => newText} fileName={pathParts(path).name || 'file.txt'}>
            {messages.approximate}
          </BudgetNote>
        </div>
      )}
      {result.status === 'computing' ? (
        <p className="acp-diff__notice" data-slot="diff-computing" role="status">
          {messages.computing}
        </p>
      ) : (
        <DiffBody model={result.model} tokens={tokens} view={view} pageSize={Math.max(1, pageSize)} messages={messages} />
      )}
    </div>
  );
});
