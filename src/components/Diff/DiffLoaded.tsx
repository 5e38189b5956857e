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
import type { RootProps } from '../shared/root-props.js';
import type { GitPatchFile } from '../../core/changes/git-patch.js';
import { PatchDiff } from './PatchDiff.js';

export interface DiffOwnProps {
  /** The file's path (absolute in ACP); the header shows its name and the full path on hover. */
  path: string;
  /** The original content; `null` or omitted means a new file (every line added). */
  oldText?: string | null;
  /** The content after the change (v1; not used with `patch`). */
  newText?: string;
  /** RFD "diff-delete": the file was deleted (shows `oldText` as removed, ignores `newText`). */
  deleted?: boolean;
  /**
   * ACP v2: this file's part of the diff's git patch (an entry of `readV2Diff(content).files`, or of
   * `parseGitPatch(text).files`), in place of `oldText`/`newText`; the rows are its `@@` blocks.
   * `null`: the diff names the file but has no lines for it (a binary file, a bare rename).
   */
  patch?: GitPatchFile | null;
  /** ACP v2 `DiffChange.operation` (`add`, `delete`, `modify`, `move`, `copy`); default: the patch's. */
  operation?: string;
  /** ACP v2: where a moved or copied file came from. */
  oldPath?: string | null;
  /** ACP v2 `DiffChange.fileType`: `binary` says why there are no lines. */
  fileType?: string | null;
  /** Controlled layout; leave undefined to let the toggle manage it. */
  view?: DiffViewMode;
  defaultView?: DiffViewMode;
  onViewChange?: (view: DiffViewMode) => void;
  /** Rows rendered before "Show more" (and added per click). Default 500. */
  pageSize?: number;
  /** Syntax colours by file extension, computed in idle time (default true). */
  highlight?: boolean;
  className?: string;
}

/** The diff's own props and the rest of its root `<div>`'s. */
export type DiffProps = RootProps<DiffOwnProps>;

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
