import type { ContentBlock } from '../../core/types.js';
import { RASTER_IMAGE_TYPES } from '../Markdown/index.js';
import { format, useLocale } from '../shared/index.js';
import { base64Size, baseMimeType, fileNameOf, isBase64 } from './content.js';
import { FileChip } from './FileChip.js';
import { formatBytes } from '../shared/format-bytes.js';
import { ImageFileIcon } from './icons.js';
import type { MessageMessages } from './messages.js';

type ImageContent = Extract<ContentBlock, { type: 'image' }>;

/**
 * An image block: decoded inline only for raster types (ACP guide §9.4). SVG is a document that
 * can carry scripts and remote references, so it (and anything unknown) becomes a file chip.
 */
export function ImageBlock({ block, messages }: { block: ImageContent; messages: MessageMessages }) {
  const locale = useLocale();
  const type = baseMimeType(block.mimeType);
  const name = fileNameOf(block.uri);

  if (RASTER_IMAGE_TYPES.has(type) && isBase64(block.data)) {
    return (
      <figure className="acp-message__image" data-slot="message-image">
        <img src={`data:${type};base64,${block.data.replace(/\s+/g, '')}`} alt={name ?? format(messages.image_alt, { type })} />
      </figure>
    );
  }
  return (
    <FileChip
      slot="message-image-file"
      icon={<ImageFileIcon />}
      name={name ?? messages.image_not_shown}
      details={`${type || messages.unknown_type} · ${formatBytes(base64Size(block.data), locale)}${name ? ` · ${messages.image_not_shown}` : ''}`}
    />
  );
}
