/**
 * The confirmation of "restore to before this turn": the files it would write back, which of them
 * were edited since (those edits are overwritten), and which would be deleted. Nothing is written
 * until the user confirms; Escape or Cancel closes it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { RestoreEntry } from '../../core/changes/tracker.js';
import { toAcpError } from '../../core/errors.js';
import type { ChangeReviewMessages } from './messages.js';

export interface RestoreDialogProps {
  load: () => Promise<RestoreEntry[]>;
  onConfirm: () => void;
  onCancel: () => void;
  messages: ChangeReviewMessages;
}

export function RestoreDialog({ load, onConfirm, onCancel, messages }: RestoreDialogProps) {
  const id = useId();
  const [entries, setEntries] = useState<RestoreEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let live = true;
    cancelRef.current?.focus();
    load().then(
      (list) => live && setEntries(list),
      (reason: unknown) => live && setError(toAcpError(reason).message),
    );
    return () => {
      live = false;
    };
    // Loaded once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is a fresh closure each render; the dialog asks once
  }, []);
  return (
    <div
      className="acp-change-review__dialog"
      data-slot="change-review-restore"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <h3 id={`${id}-title`} className="acp-change-review__dialog-title">
        {messages.restore_title}
      </h3>
      <p id={`${id}-body`} className="acp-change-review__dialog-body">
        {messages.restore_body}
      </p>
      {error ? (
        <p role="alert">{error}</p>
      ) : entries === null ? (
        <p role="status">{messages.restore_loading}</p>
      ) : (
        <ul className="acp-change-review__restore-list" data-slot="change-review-restore-files">
          {entries.map((entry) => (
            <li key={entry.path}>
              <code translate="no">{entry.path}</code>
              {entry.content === null && <span className="acp-change-review__hint"> — {messages.restore_deleted}</span>}
              {entry.changedSince && (
                <span className="acp-change-review__hint" data-slot="change-review-restore-changed">
                  {' '}
                  — {messages.restore_changed}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="acp-change-review__dialog-actions">
        <button type="button" className="acp-button" data-variant="danger" disabled={entries === null} onClick={onConfirm}>
          {messages.restore_confirm}
        </button>
        <button ref={cancelRef} type="button" className="acp-button" data-variant="ghost" onClick={onCancel}>
          {messages.restore_cancel}
        </button>
      </div>
    </div>
  );
}
