/** Says which files were not attached and why, in an alert so screen readers hear it at once. */
import { format, useLocale } from '../shared/index.js';
import { formatBytes } from '../shared/format-bytes.js';
import type { PromptInputMessages } from './messages.js';
import type { AttachmentRefusal } from './use-attachments.js';

export interface RefusalNoticeProps {
  refusals: readonly AttachmentRefusal[];
  maxBytes: number;
  onDismiss: () => void;
  messages: PromptInputMessages;
}

export function RefusalNotice({ refusals, maxBytes, onDismiss, messages }: RefusalNoticeProps) {
  const locale = useLocale();
  // The alert container stays mounted so that filling it is announced.
  return (
    <div role="alert" className="acp-prompt-input__alert" data-slot="prompt-input-refusals">
      {refusals.length > 0 && (
        <div className="acp-prompt-input__alert-body">
          <ul>
            {refusals.map((r, i) => (
              <li key={`${i}:${r.name}`}>
                {format(messages[`refused_${r.reason}`], {
                  name: r.name,
                  size: formatBytes(r.size, locale),
                  limit: formatBytes(maxBytes, locale),
                })}
              </li>
            ))}
          </ul>
          <button type="button" className="acp-button" data-variant="ghost" onClick={onDismiss}>
            {messages.dismiss}
          </button>
        </div>
      )}
    </div>
  );
}
