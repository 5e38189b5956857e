import { forwardRef, useMemo } from 'react';
import { cx, format, useMessages } from '../shared/index.js';
import { useControllableState } from '../shared/use-controllable-state.js';
import { patchFileState } from './diff-input.js';
import { DiffBody } from './DiffBody.js';
import { DiffHeader, type DiffViewMode } from './DiffHeader.js';
import type { DiffProps } from './diff-props.js';
import { diffMessages } from './messages.js';
import { modelFromPatch, patchSides } from './patch-model.js';
import { useDiffHighlight } from './use-diff-highlight.js';

/**
 * An ACP v2 diff's file: its rows come from its part of the git patch (each `@@` block after its
 * header), paged and coloured like a v1 diff. A change the patch has no lines for says what
 * changed (the header's operation, a move's source) and why there are no rows.
 */
export const PatchDiff = /* @__PURE__ */ forwardRef<HTMLDivElement, DiffProps>(function PatchDiff(
  {
    path,
    patch = null,
    operation: givenOperation,
    oldPath,
    fileType,
    view: controlledView,
    defaultView = 'unified',
    onViewChange,
    pageSize = 500,
    highlight = true,
    className,
    oldText: _oldText,
    newText: _newText,
    deleted: _deleted,
    ...rest
  },
  ref,
) {
  const messages = useMessages('diff', diffMessages);
  const operation = givenOperation ?? patch?.operation ?? 'modify';
  const fileState = patchFileState(operation);
  const binary = (patch?.binary ?? false) || fileType === 'binary';
  const model = useMemo(() => (patch && !binary && patch.blocks.length > 0 ? modelFromPatch(patch) : null), [patch, binary]);
  const sides = useMemo(() => (model ? patchSides(model) : null), [model]);
  const tokens = useDiffHighlight(path, sides?.old ?? null, sides?.new ?? null, highlight && model !== null);
  const [view, changeView] = useControllableState<DiffViewMode>({ value: controlledView, defaultValue: defaultView, onChange: onViewChange });
  const empty = binary ? messages.patch_binary : patch ? messages.patch_no_lines : messages.no_patch;

  return (
    <div className={cx('acp-diff', className)} data-slot="diff" data-status={fileState} data-operation={operation} data-view={view} {...rest} ref={ref}>
      <DiffHeader
        path={path}
        fileState={fileState}
        operation={operation}
        oldPath={oldPath ?? patch?.oldPath ?? null}
        counts={model}
        view={view}
        onViewChange={changeView}
        layout={model !== null}
        messages={messages}
      />
      {patch?.error && (
        <p className="acp-diff__notice" data-slot="diff-patch-error" role="note">
          {format(messages.patch_error, { error: patch.error })}
        </p>
      )}
      {model ? (
        <DiffBody model={model} tokens={tokens} view={view} pageSize={Math.max(1, pageSize)} messages={messages} />
      ) : (
        <p className="acp-diff__notice" data-slot="diff-notice">
          {empty}
        </p>
      )}
    </div>
  );
});
PatchDiff.displayName = 'PatchDiff';
