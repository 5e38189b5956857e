/** The visible prompt queue: each waiting message with Edit, Remove and Send now. */
import { draftDisplayText } from '../../core/mentions/draft.js';
import { useId, useState, type KeyboardEvent } from 'react';
import { format, useLocale } from '../shared/index.js';
import type { PromptInputMessages } from './messages.js';
import type { PromptQueueState } from './use-prompt-queue.js';

export interface PromptQueueListProps {
  queue: PromptQueueState;
  disabled?: boolean;
  messages: PromptInputMessages;
}

export function PromptQueueListLoaded({ queue, disabled, messages }: PromptQueueListProps) {
  const id = useId();
  const locale = useLocale();
  const [draft, setDraft] = useState('');
  if (queue.items.length === 0) return null;
  const plural = new Intl.PluralRules(locale);

  const startEdit = (itemId: string, text: string) => {
    setDraft(text);
    queue.setEditingId(itemId);
  };
  const save = (itemId: string) => {
    // Emptying a message without attachments would leave nothing to send: treat it as removal.
    const item = queue.items.find((p) => p.id === itemId);
    if (item && draft.trim() === '' && item.attachments.length === 0) queue.remove(itemId);
    else queue.update(itemId, draft);
    queue.setEditingId(null);
  };
  const onEditKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>, itemId: string) => {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      save(itemId);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      queue.setEditingId(null);
    }
  };

  return (
    <section className="acp-prompt-input__queue" data-slot="prompt-queue" data-state={queue.paused ? 'paused' : 'waiting'} aria-labelledby={`${id}-label`}>
      <div className="acp-prompt-input__queue-header">
        <span id={`${id}-label`} className="acp-prompt-input__queue-title">
          {format(messages.queue_count, { count: queue.items.length })}
        </span>
      </div>
      {queue.paused && (
        <div className="acp-prompt-input__queue-paused" data-slot="prompt-queue-paused">
          <span>{messages.queue_paused}</span>
          <button type="button" className="acp-button" onClick={queue.resume} disabled={disabled}>
            {messages.queue_resume}
          </button>
        </div>
      )}
      <ol className="acp-prompt-input__queue-list">
        {queue.items.map((item, index) => {
          const editing = queue.editingId === item.id;
          const textId = `${id}-item-${index}`;
          const count = item.attachments.length;
          return (
            <li key={item.id} className="acp-prompt-input__queue-item" data-slot="prompt-queue-item" data-state={editing ? 'editing' : undefined}>
              {editing ? (
                <textarea
                  className="acp-prompt-input__queue-editor"
                  aria-label={format(messages.queue_edit_label, { position: index + 1 })}
                  value={draft}
                  rows={Math.min(6, Math.max(2, draft.split('\n').length))}
                  autoFocus
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={(e) => onEditKeyDown(e, item.id)}
                />
              ) : (
                <div id={textId} className="acp-prompt-input__queue-text">
                  {item.text.trim() ? draftDisplayText(item.text) : messages.queue_empty_text}
                  {count > 0 && (
                    <span className="acp-prompt-input__queue-meta">
                      {' · '}
                      {format(plural.select(count) === 'one' ? messages.queue_attachments_one : messages.queue_attachments_other, { count })}
                    </span>
                  )}
                </div>
              )}
              <div className="acp-prompt-input__queue-actions">
                {editing ? (
                  <>
                    <button type="button" className="acp-button" data-variant="primary" onClick={() => save(item.id)}>
                      {messages.queue_save}
                    </button>
                    <button type="button" className="acp-button" data-variant="ghost" onClick={() => queue.setEditingId(null)}>
                      {messages.queue_cancel_edit}
                    </button>
                  </>
                ) : (
                  <>
                    <button type="button" className="acp-button" data-variant="ghost" aria-describedby={textId} onClick={() => startEdit(item.id, item.text)}>
                      {messages.queue_edit}
                    </button>
                    <button type="button" className="acp-button" data-variant="ghost" aria-describedby={textId} onClick={() => queue.remove(item.id)}>
                      {messages.queue_remove}
                    </button>
                    <button type="button" className="acp-button" aria-describedby={textId} disabled={disabled} onClick={() => queue.sendNow(item.id)}>
                      {messages.queue_send_now}
                    </button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
