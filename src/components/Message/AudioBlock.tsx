import type { ContentBlock } from '../../core/types.js';
import { format, useLocale } from '../shared/index.js';
import { base64Size, baseMimeType, isBase64 } from './content.js';
import { FileChip } from './FileChip.js';
import { formatBytes } from '../shared/format-bytes.js';
import { AudioFileIcon } from './icons.js';
import type { MessageMessages } from './messages.js';

type AudioContent = Extract<ContentBlock, { type: 'audio' }>;

const AUDIO_TYPES = new Set([
  'audio/wav',
  'audio/wave',
  'audio/x-wav',
  'audio/mpeg',
  'audio/mp3',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/opus',
  'audio/webm',
  'audio/flac',
  'audio/x-flac',
]);

/** An audio block: a player for known audio types (never autoplaying), else a file chip. */
export function AudioBlock({ block, messages }: { block: AudioContent; messages: MessageMessages }) {
  const locale = useLocale();
  const type = baseMimeType(block.mimeType);
  if (AUDIO_TYPES.has(type) && isBase64(block.data)) {
    return (
      <audio
        className="acp-message__audio"
        data-slot="message-audio"
        controls
        preload="metadata"
        aria-label={format(messages.audio_label, { type })}
        src={`data:${type};base64,${block.data.replace(/\s+/g, '')}`}
      />
    );
  }
  return (
    <FileChip
      slot="message-audio-file"
      icon={<AudioFileIcon />}
      name={messages.audio_not_playable}
      details={`${type || messages.unknown_type} · ${formatBytes(base64Size(block.data), locale)}`}
    />
  );
}
