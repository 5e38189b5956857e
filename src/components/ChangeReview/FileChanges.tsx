/**
 * One file's changes, hunk by hunk: each hunk's header with its Accept and Reject buttons, its
 * removed and added lines with the changed words marked, a few unchanged lines around it, and the
 * rest folded. Past a few hundred rows the list is virtualized, so a 10,000-line file mounts only
 * what is on screen.
 */
import { memo, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FileChange } from '../../core/changes/types.js';
import { format } from '../shared/index.js';
import type { ChangeReviewMessages } from './messages.js';
import { reviewRows, type ReviewRow } from './review-rows.js';
import { WordDiff } from './WordDiff.js';

/** Rows drawn without virtualization (measured in the browser, simpler for assistive technology). */
const PLAIN_ROWS = 400;

export interface FileChangesHandle {
  /** Scrolls hunk `index` into view and focuses its header. */
  focusHunk(index: number): void;
}

export interface FileChangesProps {
  file: FileChange;
  /** No decisions on this file (an ACP v2 patch): hunks without Accept and Reject. */
  readOnly?: boolean;
  writable: boolean;
  busy: boolean;
  current: number;
  onCurrentChange: (index: number) => void;
  onDecide: (hunkId: string, decision: 'accepted' | 'rejected') => void;
  messages: ChangeReviewMessages;
  handle: Ref<FileChangesHandle>;
}

export function FileChanges({ file, readOnly = false, writable, busy, current, onCurrentChange, onDecide, messages, handle }: FileChangesProps) {
  const rows = useMemo(() => reviewRows(file), [file]);
  const hunkRows = useMemo(() => rows.flatMap((row, i) => (row.type === 'hunk' ? [i] : [])), [rows]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = rows.length > PLAIN_ROWS;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.type === 'hunk' ? 36 : 20),
    overscan: 20,
  });

  useImperativeHandle(
    handle,
    () => ({
      focusHunk(index) {
        const rowIndex = hunkRows[index];
        if (rowIndex === undefined) return;
        const focus = () => scroller.current?.querySelector<HTMLElement>(`[data-hunk-index="${index}"]`)?.focus();
        if (virtual) {
          virtualizer.scrollToIndex(rowIndex, { align: 'start' });
          requestAnimationFrame(focus);
        } else focus();
      },
    }),
    [hunkRows, virtual, virtualizer],
  );

  const draw = (row: ReviewRow) =>
    row.type === 'hunk' ? (
      <HunkHeader
        row={row}
        total={file.hunks.length}
        decision={file.decisions[row.hunk.id]}
        stale={file.stale.includes(row.hunk.id)}
        readOnly={readOnly}
        writable={writable}
        busy={busy}
        current={row.index === current}
        onFocus={onCurrentChange}
        onDecide={onDecide}
        messages={messages}
      />
    ) : row.type === 'gap' ? (
      <div className="acp-change-review__gap" data-slot="change-review-gap">
        {format(messages.gap, { count: row.count })}
      </div>
    ) : (
      <Line row={row} decision={row.hunkId ? file.decisions[row.hunkId] : undefined} />
    );

  if (file.binary)
    return (
      <div className="acp-change-review__rows" data-slot="change-review-rows">
        <p className="acp-change-review__note">{messages.binary}</p>
        {rows.map((row) => (
          <div key={row.key}>{draw(row)}</div>
        ))}
      </div>
    );
  return (
    <div ref={scroller} className="acp-change-review__rows" data-slot="change-review-rows" data-virtual={virtual || undefined}>
      {virtual ? (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => (
            <div
              key={rows[v.index]!.key}
              data-index={v.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` }}
            >
              {draw(rows[v.index]!)}
            </div>
          ))}
        </div>
      ) : (
        rows.map((row) => <div key={row.key}>{draw(row)}</div>)
      )}
    </div>
  );
}

interface HunkHeaderProps {
  row: Extract<ReviewRow, { type: 'hunk' }>;
  total: number;
  decision: 'accepted' | 'rejected' | undefined;
  stale: boolean;
  readOnly: boolean;
  writable: boolean;
  busy: boolean;
  current: boolean;
  onFocus: (index: number) => void;
  onDecide: (hunkId: string, decision: 'accepted' | 'rejected') => void;
  messages: ChangeReviewMessages;
}

const HunkHeader = /* @__PURE__ */ memo(function HunkHeader({
  row,
  total,
  decision,
  stale,
  readOnly,
  writable,
  busy,
  current,
  onFocus,
  onDecide,
  messages,
}: HunkHeaderProps) {
  const { hunk, index, from, to } = row;
  const range = hunk.oldLines.length === 0 && hunk.newLines.length === 0 ? '' : format(messages.hunk_lines, { from, to });
  return (
    <div
      className="acp-change-review__hunk"
      data-slot="change-review-hunk"
      data-hunk-index={index}
      data-state={decision ?? 'pending'}
      data-current={current || undefined}
      tabIndex={-1}
      role="group"
      aria-label={format(messages.hunk_label, { number: index + 1, total, from, to })}
      onFocus={() => onFocus(index)}
    >
      <span className="acp-change-review__range">{range}</span>
      {decision && (
        <span className="acp-change-review__badge" data-slot="change-review-decision" data-state={decision}>
          {decision === 'accepted' ? messages.accepted : messages.rejected}
        </span>
      )}
      {stale && (
        <span className="acp-change-review__stale" role="note">
          {messages.stale}
        </span>
      )}
      {!readOnly && (
        <span className="acp-change-review__actions">
          <button
            type="button"
            className="acp-button"
            data-variant="ghost"
            aria-keyshortcuts="A"
            aria-pressed={decision === 'accepted'}
            disabled={busy}
            onClick={() => onDecide(hunk.id, 'accepted')}
          >
            {messages.accept}
          </button>
          <button
            type="button"
            className="acp-button"
            data-variant="ghost"
            aria-keyshortcuts="R"
            aria-pressed={decision === 'rejected'}
            disabled={busy || !writable}
            onClick={() => onDecide(hunk.id, 'rejected')}
          >
            {messages.reject}
          </button>
        </span>
      )}
    </div>
  );
});

const Line = /* @__PURE__ */ memo(function Line({ row, decision }: { row: Extract<ReviewRow, { type: 'line' }>; decision: string | undefined }) {
  const Tag = row.kind === 'add' ? 'ins' : row.kind === 'del' ? 'del' : 'span';
  return (
    <div className="acp-change-review__line" data-slot="change-review-line" data-kind={row.kind} data-state={decision}>
      <span className="acp-change-review__number" aria-hidden="true">
        {row.oldNumber ?? ''}
      </span>
      <span className="acp-change-review__number" aria-hidden="true">
        {row.newNumber ?? ''}
      </span>
      <Tag className="acp-change-review__text">{row.kind === 'context' ? row.text : <WordDiff text={row.text} pair={row.pair} side={row.kind} />}</Tag>
    </div>
  );
});
