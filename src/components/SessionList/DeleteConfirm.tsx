import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { SessionListMessages } from './messages.js';

interface DeleteConfirmProps {
  onConfirm: () => void;
  onCancel: () => void;
  messages: SessionListMessages;
}

/**
 * The inline "are you sure" step of `session/delete` (the spec leaves confirmation to the
 * client). Focus lands on Cancel, the safe choice; Escape cancels.
 */
export function DeleteConfirm({ onConfirm, onCancel, messages }: DeleteConfirmProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const promptId = useId();
  useEffect(() => cancelRef.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  return (
    <div className="acp-session-list__confirm" data-slot="session-list-confirm" role="group" aria-labelledby={promptId} onKeyDown={onKeyDown}>
      <span id={promptId} className="acp-session-list__confirm-prompt">
        {messages.delete_prompt}
      </span>
      <span className="acp-session-list__confirm-actions">
        <button type="button" className="acp-button" data-variant="danger" onClick={onConfirm}>
          {messages.delete_confirm}
        </button>
        <button ref={cancelRef} type="button" className="acp-button" onClick={onCancel}>
          {messages.delete_cancel}
        </button>
      </span>
    </div>
  );
}
