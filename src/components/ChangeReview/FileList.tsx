/**
 * The changed files, grouped by turn when the review covers several: status, name, counts and how
 * far the review has got. Hundreds of files are virtualized.
 */
import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { fileReviewState } from '../../core/changes/state.js';
import type { FileChange, TurnChanges } from '../../core/changes/types.js';
import { format } from '../shared/index.js';
import type { ChangeReviewMessages } from './messages.js';

/** Entries drawn without virtualization. */
const PLAIN_FILES = 150;

type Entry = { type: 'turn'; turn: TurnChanges; number: number } | { type: 'file'; file: FileChange };

export interface FileListProps {
  turns: readonly TurnChanges[];
  selected: string | undefined;
  onSelect: (fileId: string) => void;
  /** Per-turn restore (when the list covers several turns). */
  onRestore?: (turnId: string | null) => void;
  busy: boolean;
  messages: ChangeReviewMessages;
}

export function FileList({ turns, selected, onSelect, onRestore, busy, messages }: FileListProps) {
  const entries: Entry[] =
    turns.length === 1
      ? turns[0]!.files.map((file) => ({ type: 'file', file }))
      : turns.flatMap((turn, i) => [{ type: 'turn' as const, turn, number: i + 1 }, ...turn.files.map((file) => ({ type: 'file' as const, file }))]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = entries.length > PLAIN_FILES;
  const virtualizer = useVirtualizer({ count: virtual ? entries.length : 0, getScrollElement: () => scroller.current, estimateSize: () => 30, overscan: 10 });
  const draw = (entry: Entry) =>
    entry.type === 'turn' ? (
      <div className="acp-change-review__turn" data-slot="change-review-turn" data-state={entry.turn.restored ? 'restored' : undefined}>
        <span>{format(messages.turn_label, { number: entry.number })}</span>
        {entry.turn.restored ? (
          <span className="acp-change-review__hint">{messages.restored}</span>
        ) : (
          onRestore && (
            <button type="button" className="acp-button" data-variant="ghost" disabled={busy} onClick={() => onRestore(entry.turn.turnId)}>
              {messages.restore}
            </button>
          )
        )}
      </div>
    ) : (
      <FileButton file={entry.file} selected={entry.file.id === selected} onSelect={onSelect} messages={messages} />
    );
  return (
    <nav className="acp-change-review__files" aria-label={messages.files_label} ref={scroller} data-slot="change-review-files">
      {virtual ? (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => (
            <div
              key={v.index}
              data-index={v.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` }}
            >
              {draw(entries[v.index]!)}
            </div>
          ))}
        </div>
      ) : (
        entries.map((entry) => <div key={entry.type === 'file' ? entry.file.id : `turn:${entry.turn.turnId}`}>{draw(entry)}</div>)
      )}
    </nav>
  );
}

const STATUS: Record<FileChange['status'], keyof ChangeReviewMessages> = { added: 'status_added', modified: 'status_modified', deleted: 'status_deleted' };

function FileButton({
  file,
  selected,
  onSelect,
  messages,
}: {
  file: FileChange;
  selected: boolean;
  onSelect: (id: string) => void;
  messages: ChangeReviewMessages;
}) {
  const name = file.path.slice(file.path.lastIndexOf('/') + 1);
  const review = fileReviewState(file);
  return (
    <button
      type="button"
      className="acp-change-review__file-button"
      data-slot="change-review-file-button"
      data-status={file.status}
      data-state={review}
      aria-current={selected ? 'true' : undefined}
      title={file.path}
      onClick={() => onSelect(file.id)}
    >
      <span className="acp-change-review__status" data-status={file.status}>
        {messages[STATUS[file.status]]}
      </span>
      <span className="acp-change-review__name" translate="no">
        {name}
      </span>
      <span className="acp-change-summary__add">+{file.additions}</span>
      <span className="acp-change-summary__del">−{file.deletions}</span>
      {review !== 'pending' && (
        <span className="acp-change-review__badge" data-state={review === 'rejected' ? 'rejected' : 'accepted'}>
          {review === 'rejected' ? messages.rejected : review === 'partial' ? '…' : messages.accepted}
        </span>
      )}
    </button>
  );
}
