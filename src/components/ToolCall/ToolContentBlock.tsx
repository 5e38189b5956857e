import type { ContentBlock } from '../../core/types.js';
import { format } from '../shared/index.js';
import { dataUrl, isInlineAudio, isInlineImage } from './media-types.js';
import type { ToolCallMessages } from './messages.js';
import { prettyJson } from './raw-json.js';

/**
 * A content block inside a tool call. Tool output is usually file contents, command output or
 * search hits, so text is shown verbatim as preformatted text (not markdown): every character
 * the agent sent, none of it interpreted as HTML. Links and resources stay inert text.
 */
export function ToolContentBlock({ block, messages }: { block: ContentBlock; messages: ToolCallMessages }) {
  switch (block.type) {
    case 'text':
      return (
        // Focusable: long output scrolls inside the block, and keyboard users must be able to scroll it.
        <pre className="acp-tool-call__text" data-slot="text" tabIndex={0}>
          {block.text}
        </pre>
      );
    case 'image': {
      const src = isInlineImage(block.mimeType) ? dataUrl(block.mimeType, block.data) : null;
      return src ? (
        <img className="acp-tool-call__image" data-slot="image" src={src} alt={messages.image_alt} />
      ) : (
        <p className="acp-tool-call__note">{format(messages.image_unsupported, { mimeType: block.mimeType })}</p>
      );
    }
    case 'audio': {
      const src = isInlineAudio(block.mimeType) ? dataUrl(block.mimeType, block.data) : null;
      return src ? (
        <audio className="acp-tool-call__audio" data-slot="audio" controls src={src} />
      ) : (
        <p className="acp-tool-call__note">{format(messages.audio_unsupported, { mimeType: block.mimeType })}</p>
      );
    }
    case 'resource_link':
      return (
        <p className="acp-tool-call__resource" data-slot="resource-link">
          <span className="acp-tool-call__resource-name">{block.title ?? block.name}</span>{' '}
          <code className="acp-tool-call__uri">{block.uri}</code>
        </p>
      );
    case 'resource': {
      const { resource } = block;
      return (
        <div className="acp-tool-call__resource" data-slot="resource">
          <code className="acp-tool-call__uri">{resource.uri}</code>
          {'text' in resource ? (
            <pre className="acp-tool-call__text" tabIndex={0}>
              {resource.text}
            </pre>
          ) : (
            <p className="acp-tool-call__note">
              {format(messages.resource_binary, { mimeType: resource.mimeType ?? 'application/octet-stream' })}
            </p>
          )}
        </div>
      );
    }
    default:
      return <UnsupportedContent value={block} messages={messages} />;
  }
}

/** Anything of an unknown shape: kept visible as escaped JSON, never silently dropped. */
export function UnsupportedContent({ value, messages }: { value: unknown; messages: ToolCallMessages }) {
  return (
    <div className="acp-tool-call__unsupported" data-slot="unsupported">
      <p className="acp-tool-call__note">{messages.unsupported_content}</p>
      <pre className="acp-tool-call__text" tabIndex={0}>
        {prettyJson(value)}
      </pre>
    </div>
  );
}
