/**
 * Says which mentions went as links instead of their content, and why (too large, unreadable).
 * An alert, as for refused attachments: it appears once, right after sending. In the menu's
 * on-demand chunk: only a prompt with mentions can have notes, and its menu has loaded by then.
 */
import type { MentionNote } from '../../core/mentions/blocks.js';
import { mentionMessages } from './messages.js';
import { format, useLocale, useMessages } from '../shared/index.js';
import { formatBytes } from '../shared/format-bytes.js';

export function MentionNotes({ notes, onDismiss }: { notes: readonly MentionNote[]; onDismiss: () => void }) {
  const t = useMessages('mentions', mentionMessages);
  const locale = useLocale();
  if (notes.length === 0) return null;
  return (
    <div role="alert" className="acp-prompt-input__alert" data-slot="mention-notes">
      <div className="acp-prompt-input__alert-body">
        <ul>
          {notes.map((n, i) => (
            <li key={`${i}:${n.mention.uri}`}>
              {n.reason === 'too_large'
                ? format(t.note_too_large, { label: n.mention.label, size: formatBytes(n.size, locale), limit: formatBytes(n.limit, locale) })
                : format(t.note_unreadable, { label: n.mention.label, message: n.message })}
            </li>
          ))}
        </ul>
        <button type="button" className="acp-button" data-variant="ghost" onClick={onDismiss}>
          {t.dismiss}
        </button>
      </div>
    </div>
  );
}
