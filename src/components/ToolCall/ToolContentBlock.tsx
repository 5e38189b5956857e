import { useState } from 'react';
import type { ContentBlock } from '../../core/types.js';
import { format } from '../shared/index.js';
import { dataUrl, isInlineAudio, isInlineImage } from './media-types.js';
import type { ToolCallMessages } from './messages.js';
import { TOOL_OUTPUT_LIMIT } from '../shared/budgets.js';
import { JsonWriting } from '../shared/JsonWriting.js';
import { useDisplayJson } from '../shared/use-display-json.js';
import { CutNote, JsonNotes } from '../shared/on-demand-notes.js';

/**
 * A content block inside a tool call. Tool output is usually file contents, command output or
 * search hits, so text is shown verbatim as preformatted text (not markdown): every character
 * the agent sent, none of it interpreted as HTML. Links and resources stay inert text.
 */
export function ToolContentBlock({ block, messages }: { block: ContentBlock; messages: ToolCallMessages }) {
  switch (block.type) {
    case 'text':
      return <OutputText text={block.text} slot="tool-call-text" fileName="tool-output.txt" />;
    case 'image': {
      const src = isInlineImage(block.mimeType) ? dataUrl(block.mimeType, block.data) : null;
      return src ? (
        <img className="acp-tool-call__image" data-slot="tool-call-image" src={src} alt={messages.image_alt} />
      ) : (
        <p className="acp-tool-call__note">{format(messages.image_unsupported, { mimeType: block.mimeType })}</p>
      );
    }
    case 'audio': {
      const src = isInlineAudio(block.mimeType) ? dataUrl(block.mimeType, block.data) : null;
      return src ? (
        <audio className="acp-tool-call__audio" data-slot="tool-call-audio" controls src={src} />
      ) : (
        <p className="acp-tool-call__note">{format(messages.audio_unsupported, { mimeType: block.mimeType })}</p>
      );
    }
    case 'resource_link':
      return (
        <p className="acp-tool-call__resource" data-slot="tool-call-resource-link">
          <span className="acp-tool-call__resource-name">{block.title ?? block.name}</span> <code className="acp-tool-call__uri">{block.uri}</code>
        </p>
      );
    case 'resource': {
      const { resource } = block;
      return (
        <div className="acp-tool-call__resource" data-slot="tool-call-resource">
          <code className="acp-tool-call__uri">{resource.uri}</code>
          {'text' in resource ? (
            <OutputText text={resource.text} fileName={resource.uri.split('/').pop() || 'resource.txt'} />
          ) : (
            <p className="acp-tool-call__note">{format(messages.resource_binary, { mimeType: resource.mimeType ?? 'application/octet-stream' })}</p>
          )}
        </div>
      );
    }
    default:
      return <UnsupportedContent value={block} messages={messages} />;
  }
}

/**
 * Anything of an unknown shape: kept visible, never silently dropped, its escaped JSON one click
 * away. Written only once opened: writing it is work proportional to its size (100,000
 * characters of a deeply nested payload cost hundreds of ms), and streaming must not pay it.
 */
export function UnsupportedContent({ value, messages }: { value: unknown; messages: ToolCallMessages }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="acp-tool-call__unsupported" data-slot="tool-call-unsupported" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="acp-tool-call__note acp-focusable">{messages.unsupported_content}</summary>
      {open && <UnsupportedJson value={value} />}
    </details>
  );
}

function UnsupportedJson({ value }: { value: unknown }) {
  const json = useDisplayJson(value);
  if (!json) return <JsonWriting className="acp-tool-call__text" />;
  return (
    <>
      <pre className="acp-tool-call__text" tabIndex={0}>
        {json.text}
      </pre>
      <JsonNotes json={json} value={value} fileName="tool-content.json" />
    </>
  );
}

/**
 * Tool output as written, up to TOOL_OUTPUT_LIMIT characters (a whole file or log can be
 * megabytes); past it, a note with the whole text to copy or download.
 */
function OutputText({ text, slot, fileName }: { text: string; slot?: string; fileName: string }) {
  const cut = text.length > TOOL_OUTPUT_LIMIT;
  return (
    <>
      {/* Focusable: long output scrolls inside the block, and keyboard users must be able to scroll it. */}
      <pre className="acp-tool-call__text" data-slot={slot} tabIndex={0}>
        {cut ? text.slice(0, TOOL_OUTPUT_LIMIT) : text}
      </pre>
      {cut && <CutNote shown={TOOL_OUTPUT_LIMIT} total={text.length} fullText={() => text} fileName={fileName} />}
    </>
  );
}
