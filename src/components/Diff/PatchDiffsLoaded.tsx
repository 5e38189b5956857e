import { forwardRef, memo, useEffect, useState, type ComponentPropsWithoutRef } from 'react';
import { LARGE_PATCH_CHARS, readV2Diff, readV2DiffInSlices, type V2DiffView } from '../../core/changes/diff-content.js';
import type { V2DiffContent } from '../../core/changes/diff-shape.js';
import { cx, format, useMessages } from '../shared/index.js';
import { DiffLoaded, type DiffOwnProps } from './DiffLoaded.js';
import { diffMessages } from './messages.js';

/** @inline */
export interface PatchDiffsOwnProps extends Pick<DiffOwnProps, 'defaultView' | 'pageSize' | 'highlight'> {
  /** A tool call's ACP v2 `diff` content: `{ type: 'diff', changes, patch? }`. */
  content: V2DiffContent;
}

export type PatchDiffsProps = PatchDiffsOwnProps & Omit<ComponentPropsWithoutRef<'div'>, keyof PatchDiffsOwnProps | 'children'>;

/**
 * An ACP v2 diff: one `Diff` card per changed file, its rows from the file's part of the patch,
 * which is read once for all of them (a big patch in slices of main-thread time, "Computing
 * diff…" meanwhile). What did not parse is said where it happened; nothing else is lost.
 */
export const PatchDiffsLoaded = /* @__PURE__ */ memo(
  /* @__PURE__ */ forwardRef<HTMLDivElement, PatchDiffsProps>(function PatchDiffsLoaded(
    { content, defaultView, pageSize, highlight, className, ...rest },
    ref,
  ) {
    const messages = useMessages('diff', diffMessages);
    const view = useV2DiffView(content);
    return (
      <div className={cx('acp-diff-set', className)} data-slot="diff-set" aria-busy={view === null || undefined} {...rest} ref={ref}>
        {view === null ? (
          <p className="acp-diff__notice" data-slot="diff-computing" role="status">
            {messages.computing}
          </p>
        ) : (
          <>
            {view.error && (
              <p className="acp-diff__notice" data-slot="diff-patch-error" role="note">
                {format(messages.patch_error, { error: view.error })}
              </p>
            )}
            {view.files.map(({ change, patch }, i) => (
              <DiffLoaded
                key={i}
                path={change.path}
                operation={change.operation}
                oldPath={change.oldPath}
                fileType={change.fileType}
                patch={patch}
                defaultView={defaultView}
                pageSize={pageSize}
                highlight={highlight}
              />
            ))}
          </>
        )}
      </div>
    );
  }),
);
PatchDiffsLoaded.displayName = 'PatchDiffsLoaded';

/** The content's files: read during render when the patch is small, else in slices after paint (null until then). */
function useV2DiffView(content: V2DiffContent): V2DiffView | null {
  const text = content.patch?.text;
  const large = typeof text === 'string' && text.length > LARGE_PATCH_CHARS;
  const [late, setLate] = useState<{ content: V2DiffContent; view: V2DiffView } | null>(null);
  useEffect(() => {
    if (!large) return;
    const stop = new AbortController();
    void readV2DiffInSlices(content, stop.signal).then((view) => view && setLate({ content, view }));
    return () => stop.abort();
  }, [content, large]);
  if (!large) return readV2Diff(content);
  return late?.content === content ? late.view : null;
}
