import type { ContentBlock } from '../../core/types.js';
import { CodeBlock, languageForPath } from '../CodeBlock/index.js';
import { format, useLocale } from '../shared/index.js';
import { base64Size, baseMimeType, fileNameOf } from './content.js';
import { Disclosure } from './Disclosure.js';
import { formatBytes } from '../shared/format-bytes.js';
import { FileIcon } from './icons.js';
import type { MessageMessages } from './messages.js';

type EmbeddedResource = Extract<ContentBlock, { type: 'resource' }>;

/**
 * A resource embedded in the message (an @-mentioned file, usually): collapsed to its name and
 * URI; text opens as highlighted code (language from the URI's extension), binary as a note.
 */
export function EmbeddedResourceBlock({ block, messages }: { block: EmbeddedResource; messages: MessageMessages }) {
  const locale = useLocale();
  const { resource } = block;
  const name = fileNameOf(resource.uri) ?? resource.uri;
  const summary = (
    <>
      <FileIcon className="acp-message__disclosure-icon" />
      <span className="acp-message__resource-name">{name}</span>
      <span className="acp-visually-hidden">, {messages.resource_kind}, </span>
      <span className="acp-message__resource-uri">{resource.uri}</span>
    </>
  );
  return (
    <Disclosure slot="message-resource" className="acp-message__resource" summary={summary}>
      {(open) =>
        'text' in resource ? (
          <CodeBlock code={resource.text} language={languageForPath(resource.uri)} highlight={open} />
        ) : (
          <p className="acp-message__note">
            {format(messages.binary_resource, {
              type: baseMimeType(resource.mimeType) || messages.unknown_type,
              size: formatBytes(base64Size(resource.blob), locale),
            })}
          </p>
        )
      }
    </Disclosure>
  );
}
