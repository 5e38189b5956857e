import type { ContentBlock } from '../../core/types.js';
import { isHttpUrl } from '../Markdown/index.js';
import { useLocale } from '../shared/index.js';
import { baseMimeType } from './content.js';
import { FileChip } from './FileChip.js';
import { formatBytes } from '../shared/format-bytes.js';
import type { MessageMessages } from './messages.js';

type ResourceLink = Extract<ContentBlock, { type: 'resource_link' }>;

/**
 * A link to a file or resource. Its URI is shown as text; only http(s) becomes a link. `file://`
 * and custom schemes stay inert: the browser cannot open them meaningfully, and a host that can
 * (an IDE) should offer its own action rather than a navigation.
 */
export function ResourceLinkBlock({ block, messages }: { block: ResourceLink; messages: MessageMessages }) {
  const locale = useLocale();
  const details = [
    block.description,
    typeof block.size === 'number' && Number.isFinite(block.size) ? formatBytes(block.size, locale) : null,
    baseMimeType(block.mimeType) || null,
  ].filter(Boolean);
  const uri = isHttpUrl(block.uri) ? (
    <a href={block.uri} target="_blank" rel="noopener noreferrer nofollow">
      {block.uri}
    </a>
  ) : (
    <span data-slot="message-uri">{block.uri}</span>
  );
  return (
    <FileChip
      slot="message-resource-link"
      name={block.title || block.name}
      details={details.length > 0 ? details.join(' · ') : messages.link_kind}
      location={uri}
    />
  );
}
