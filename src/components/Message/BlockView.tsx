import { blockMention } from '../../core/mentions/blocks.js';
import type { MentionRef } from '../../core/mentions/types.js';
import { MentionChip } from '../MentionMenu/MentionMenu.js';
import type { ContentSegment } from './content.js';
import { isUnknownBlock } from './content.js';
import { AudioBlock } from './AudioBlock.js';
import { EmbeddedResourceBlock } from './EmbeddedResourceBlock.js';
import { ImageBlock } from './ImageBlock.js';
import type { MessageMessages } from './messages.js';
import { ResourceLinkBlock } from './ResourceLinkBlock.js';
import { UnsupportedBlock } from './UnsupportedBlock.js';

type Block = Extract<ContentSegment, { kind: 'block' }>['block'];

/** One non-text content block, by type. */
export function BlockView({ block, messages, onMentionOpen }: { block: Block; messages: MessageMessages; onMentionOpen?: (mention: MentionRef) => void }) {
  if (isUnknownBlock(block)) return <UnsupportedBlock block={block} messages={messages} />;
  // A mention this library sent: a chip the host can open (the file, the cell).
  const mention = blockMention(block);
  if (mention) return <MentionChip mention={mention} onOpen={onMentionOpen} />;
  switch (block.type) {
    case 'image':
      return <ImageBlock block={block} messages={messages} />;
    case 'audio':
      return <AudioBlock block={block} messages={messages} />;
    case 'resource_link':
      return <ResourceLinkBlock block={block} messages={messages} />;
    case 'resource':
      return <EmbeddedResourceBlock block={block} messages={messages} />;
    default:
      // A known type with an unexpected shape: show it as unsupported, never drop it.
      return <UnsupportedBlock block={{ type: (block as { type?: string }).type ?? '', unsupported: true, raw: block }} messages={messages} />;
  }
}
