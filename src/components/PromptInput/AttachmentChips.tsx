/** The attachments of the prompt being written, each removable. */
import { format, useLocale } from '../shared/index.js';
import { RASTER_IMAGE_TYPES } from './attachment-plan.js';
import { formatBytes } from '../shared/format-bytes.js';
import type { PromptInputMessages } from './messages.js';
import type { PromptAttachment } from './types.js';

const KIND_LABELS: Partial<Record<string, keyof PromptInputMessages>> = {
  image: 'kind_image',
  audio: 'kind_audio',
  resource: 'kind_resource',
  resource_link: 'kind_resource_link',
};

export interface AttachmentChipsProps {
  attachments: readonly PromptAttachment[];
  onRemove: (id: string) => void;
  disabled?: boolean;
  messages: PromptInputMessages;
}

export function AttachmentChips({ attachments, onRemove, disabled, messages }: AttachmentChipsProps) {
  const locale = useLocale();
  if (attachments.length === 0) return null;
  return (
    <ul className="acp-prompt-input__attachments" data-slot="prompt-input-attachments" aria-label={messages.attachments_label}>
      {attachments.map((a) => {
        const { block } = a;
        // Thumbnails only for the raster allowlist, decoded from our own base64 (never a remote URL).
        const kindKey = KIND_LABELS[block.type];
        const thumbnail = block.type === 'image' && RASTER_IMAGE_TYPES.has(block.mimeType) ? `data:${block.mimeType};base64,${block.data}` : null;
        return (
          <li key={a.id} className="acp-prompt-input__chip" data-slot="prompt-input-attachment" data-kind={block.type}>
            {thumbnail && (
              <img
                className="acp-prompt-input__thumb"
                src={thumbnail}
                alt=""
                // Bytes that do not decode (a truncated or mislabelled file) just lose the preview.
                onError={(e) => {
                  e.currentTarget.hidden = true;
                }}
              />
            )}
            <span className="acp-prompt-input__chip-name" title={a.name}>
              {a.name}
            </span>
            <span className="acp-prompt-input__chip-meta" title={block.type === 'resource_link' ? messages.kind_resource_link_title : undefined}>
              {kindKey ? `${messages[kindKey]} · ` : ''}
              {formatBytes(a.size, locale)}
            </span>
            <button
              type="button"
              className="acp-button acp-prompt-input__chip-remove"
              data-variant="ghost"
              aria-label={format(messages.remove_attachment, { name: a.name })}
              disabled={disabled}
              onClick={() => onRemove(a.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
