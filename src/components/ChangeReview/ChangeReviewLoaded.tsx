import { forwardRef, useCallback, useMemo, useRef, useState, type ComponentPropsWithoutRef, type KeyboardEvent } from 'react';
import type { ChangeError, FileChange, TurnChanges } from '../../core/changes/types.js';
import { countChanges, decidable } from '../../core/changes/state.js';
import type { RestoreEntry } from '../../core/changes/tracker.js';
import { Diff } from '../Diff/Diff.js';
import { cx, format, useMessages } from '../shared/index.js';
import { useControllableState } from '../shared/use-controllable-state.js';
import { ChangeCountsText } from './ChangeSummaryLoaded.js';
import { FileChanges, type FileChangesHandle } from './FileChanges.js';
import { FileList } from './FileList.js';
import { changeReviewMessages } from './messages.js';
import { changeSummaryMessages } from './summary-messages.js';
import { RestoreDialog } from './RestoreDialog.js';

export interface ChangeReviewProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children'> {
  /** The turns to review (one turn, or a session's), oldest first. */
  turns: readonly TurnChanges[];
  /** False when the host allows no writes: rejecting and restoring are off, and the view says why. */
  writable?: boolean;
  /** A decision is being applied: the buttons wait. */
  busy?: boolean;
  /** The last failure, shown until dismissed or the next success. */
  error?: ChangeError | null;
  /** The file shown (its `id`); uncontrolled by default (the first file). */
  selectedFileId?: string;
  defaultSelectedFileId?: string;
  onSelectedFileChange?: (fileId: string) => void;
  onAcceptHunk?: (fileId: string, hunkId: string) => void;
  onRejectHunk?: (fileId: string, hunkId: string) => void;
  onAcceptFile?: (fileId: string) => void;
  onRejectFile?: (fileId: string) => void;
  /** The undecided hunks of every turn shown. */
  onAcceptAll?: () => void;
  onRejectAll?: () => void;
  /** What a restore would write, for its confirmation; the restore button shows only with both. */
  onPreviewRestore?: (turnId: string | null) => Promise<RestoreEntry[]>;
  onRestore?: (turnId: string | null) => void;
  onDismissError?: () => void;
}

/**
 * The change review: the files the agent changed, each as its hunks with Accept and Reject, with
 * Accept all / Reject all over what is undecided and "restore to before this turn" behind a
 * confirmation. Keys (on the review, outside inputs): J / K next and previous change (across
 * files), A accept, R reject. Props in, callbacks out: wire it to `acp-react/changes` (see
 * `useChanges`) or to a host's own store.
 */
export const ChangeReviewLoaded = /* @__PURE__ */ forwardRef<HTMLElement, ChangeReviewProps>(function ChangeReviewLoaded(
  {
    turns,
    writable = true,
    busy = false,
    error = null,
    selectedFileId,
    defaultSelectedFileId,
    onSelectedFileChange,
    onAcceptHunk,
    onRejectHunk,
    onAcceptFile,
    onRejectFile,
    onAcceptAll,
    onRejectAll,
    onPreviewRestore,
    onRestore,
    onDismissError,
    className,
    onKeyDown,
    ...rest
  },
  ref,
) {
  const m = useMessages('changeReview', changeReviewMessages);
  const summary = useMessages('changeSummary', changeSummaryMessages);
  const files = useMemo(() => turns.flatMap((t) => t.files), [turns]);
  const [selected, select] = useControllableState<string | undefined>({
    value: selectedFileId,
    defaultValue: defaultSelectedFileId ?? files[0]?.id,
    onChange: (id) => id !== undefined && onSelectedFileChange?.(id),
  });
  const file = files.find((f) => f.id === selected) ?? files[0];
  const [current, setCurrent] = useState(0);
  const [restoring, setRestoring] = useState<{ turnId: string | null } | null>(null);
  const [wholeFile, setWholeFile] = useState(false);
  const view = useRef<FileChangesHandle>(null);
  const counts = useMemo(() => countChanges(files), [files]);

  const decide = useCallback(
    (target: FileChange, hunkId: string, decision: 'accepted' | 'rejected') => (decision === 'accepted' ? onAcceptHunk : onRejectHunk)?.(target.id, hunkId),
    [onAcceptHunk, onRejectHunk],
  );

  /** Moves to the next (+1) or previous (−1) change, into the next or previous file at the ends. */
  const move = (step: 1 | -1) => {
    if (!file) return;
    const next = current + step;
    if (next >= 0 && next < file.hunks.length) {
      setCurrent(next);
      view.current?.focusHunk(next);
      return;
    }
    const at = files.indexOf(file);
    for (let i = at + step; i >= 0 && i < files.length; i += step) {
      const other = files[i]!;
      if (other.hunks.length === 0) continue;
      const index = step === 1 ? 0 : other.hunks.length - 1;
      select(other.id);
      setCurrent(index);
      setWholeFile(false);
      // The other file's rows mount on the next render.
      requestAnimationFrame(() => view.current?.focusHunk(index));
      return;
    }
  };

  const keys = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event);
    const target = event.target as HTMLElement;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || restoring) return;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    const key = event.key.toLowerCase();
    const hunk = file?.hunks[current];
    if (key === 'j' || key === 'k') move(key === 'j' ? 1 : -1);
    else if ((key === 'a' || key === 'r') && file && hunk && decidable(file)) {
      if (key === 'r' && !writable) return;
      decide(file, hunk.id, key === 'a' ? 'accepted' : 'rejected');
    } else return;
    event.preventDefault();
  };

  const single = turns.length === 1 ? turns[0]! : null;
  const canRestore = writable && Boolean(onPreviewRestore && onRestore);
  // A file known from a v2 patch has no texts to write back: read-only, whatever the host allows.
  const readOnly = file ? !decidable(file) : false;

  return (
    <section
      ref={ref}
      className={cx('acp-change-review', className)}
      data-slot="change-review"
      data-state={busy ? 'busy' : 'idle'}
      aria-label={m.title}
      aria-busy={busy || undefined}
      aria-keyshortcuts="J K A R"
      onKeyDown={keys}
      {...rest}
    >
      <header className="acp-change-review__toolbar" data-slot="change-review-toolbar">
        <ChangeCountsText counts={counts} messages={summary} />
        <span className="acp-change-review__toolbar-actions">
          <button type="button" className="acp-button" disabled={busy || counts.undecided === 0} onClick={onAcceptAll}>
            {m.accept_all}
          </button>
          <button type="button" className="acp-button" data-variant="danger" disabled={busy || !writable || counts.undecided === 0} onClick={onRejectAll}>
            {m.reject_all}
          </button>
          {single && canRestore && !single.restored && single.files.some(decidable) && (
            <button type="button" className="acp-button" data-variant="ghost" disabled={busy} onClick={() => setRestoring({ turnId: single.turnId })}>
              {m.restore}
            </button>
          )}
        </span>
      </header>
      <p className="acp-change-review__hint" data-slot="change-review-keys">
        {m.keyboard_hint}
      </p>
      {!writable && (
        <p className="acp-change-review__note" data-slot="change-review-read-only" role="note">
          {m.read_only}
        </p>
      )}
      {error && (
        <div className="acp-change-review__error" data-slot="change-review-error" role="alert">
          <span>{error.path ? `${error.path}: ${error.message}` : error.message}</span>
          {onDismissError && (
            <button type="button" className="acp-button" data-variant="ghost" onClick={onDismissError}>
              {m.dismiss}
            </button>
          )}
        </div>
      )}
      {restoring && onPreviewRestore && onRestore && (
        <RestoreDialog
          load={() => onPreviewRestore(restoring.turnId)}
          onCancel={() => setRestoring(null)}
          onConfirm={() => {
            setRestoring(null);
            onRestore(restoring.turnId);
          }}
          messages={m}
        />
      )}
      {files.length === 0 ? (
        <p className="acp-change-review__note">{m.no_changes}</p>
      ) : (
        <div className="acp-change-review__body">
          <FileList
            turns={turns}
            selected={file?.id}
            onSelect={(id) => {
              select(id);
              setCurrent(0);
              setWholeFile(false);
            }}
            onRestore={canRestore && !single ? (turnId) => setRestoring({ turnId }) : undefined}
            busy={busy}
            messages={m}
          />
          {file && (
            <div className="acp-change-review__file" data-slot="change-review-file" data-status={file.status} data-conflict={file.conflict || undefined}>
              <div className="acp-change-review__file-head">
                <code className="acp-change-review__path" translate="no" title={file.path}>
                  {file.path}
                </code>
                {file.oldPath && (
                  <span className="acp-change-review__from" data-slot="change-review-old-path" translate="no">
                    {format(m.from_path, { path: file.oldPath })}
                  </span>
                )}
                {!readOnly && (
                  <span className="acp-change-review__file-actions">
                    <button type="button" className="acp-button" data-variant="ghost" aria-pressed={wholeFile} onClick={() => setWholeFile(!wholeFile)}>
                      {m.whole_file}
                    </button>
                    <button type="button" className="acp-button" disabled={busy || !hasUndecided(file)} onClick={() => onAcceptFile?.(file.id)}>
                      {m.accept_file}
                    </button>
                    <button
                      type="button"
                      className="acp-button"
                      data-variant="danger"
                      disabled={busy || !writable || !hasUndecided(file)}
                      onClick={() => onRejectFile?.(file.id)}
                    >
                      {m.reject_file}
                    </button>
                  </span>
                )}
              </div>
              {readOnly && (
                <p className="acp-change-review__note" role="note" data-slot="change-review-patch">
                  {m.patch_read_only}
                </p>
              )}
              {file.patchError && (
                <p className="acp-change-review__note" data-slot="change-review-patch-error">
                  {format(m.patch_error, { error: file.patchError })}
                </p>
              )}
              {file.conflict && (
                <p className="acp-change-review__note" role="note" data-slot="change-review-conflict">
                  {m.conflict}
                </p>
              )}
              {file.approximate && <p className="acp-change-review__note">{m.approximate}</p>}
              {wholeFile ? (
                <Diff path={file.path} oldText={file.before} newText={file.after ?? ''} deleted={file.after === null} />
              ) : (
                <FileChanges
                  file={file}
                  readOnly={readOnly}
                  writable={writable}
                  busy={busy}
                  current={current}
                  onCurrentChange={setCurrent}
                  onDecide={(hunkId, decision) => decide(file, hunkId, decision)}
                  messages={m}
                  handle={view}
                />
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
});

const hasUndecided = (file: FileChange) => file.hunks.some((h) => !file.decisions[h.id]);
