/**
 * Media types shown inline from base64 data. Raster images only: SVG can carry script and
 * external references, so it is never rendered inline (ACP guide §9.4).
 */
import { baseMimeType } from '../shared/mime-type.js';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);
const AUDIO_TYPES = new Set(['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/ogg', 'audio/webm', 'audio/aac', 'audio/flac']);

export const isInlineImage = (mimeType: string) => IMAGE_TYPES.has(baseMimeType(mimeType));
export const isInlineAudio = (mimeType: string) => AUDIO_TYPES.has(baseMimeType(mimeType));

/** A data: URL, only for an allowlisted type and base64 that is actually base64. */
export function dataUrl(mimeType: string, base64: string): string | null {
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) return null;
  return `data:${baseMimeType(mimeType)};base64,${base64.replace(/\s+/g, '')}`;
}
