/**
 * How a file becomes a prompt block, decided from its metadata and the agent's
 * `promptCapabilities` before any byte is read (guide §4.1):
 *
 * - raster images → `image` (base64) only when `image` is supported, otherwise refused;
 * - audio → `audio` only when `audio` is supported, otherwise refused;
 * - anything else → an embedded `resource` when `embeddedContext` is supported, otherwise a
 *   `resource_link` (always allowed; the agent gets the name, not the content).
 */
import type { PromptCapabilities } from '../../core/types.js';

// Images the agent may receive as pixels: the same raster allowlist the renderer uses. SVG is
// deliberately absent: it is code, sent as text.
import { RASTER_IMAGE_TYPES } from '../Markdown/url-policy.js';

export { RASTER_IMAGE_TYPES };

export interface FileMeta {
  name: string;
  /** The browser's MIME type; '' when unknown. */
  type: string;
  size: number;
}

export type AttachmentKind = 'image' | 'audio' | 'resource' | 'resource_link';
export type RefusalReason = 'image_unsupported' | 'audio_unsupported' | 'too_large';

export type AttachmentPlan = { kind: AttachmentKind } | { refused: RefusalReason };

export function planAttachment(file: FileMeta, capabilities: PromptCapabilities | null | undefined, maxBytes: number): AttachmentPlan {
  const caps = capabilities ?? {};
  const type = file.type.toLowerCase();
  let kind: AttachmentKind;
  if (RASTER_IMAGE_TYPES.has(type)) {
    if (!caps.image) return { refused: 'image_unsupported' };
    kind = 'image';
  } else if (type.startsWith('audio/')) {
    if (!caps.audio) return { refused: 'audio_unsupported' };
    kind = 'audio';
  } else {
    kind = caps.embeddedContext ? 'resource' : 'resource_link';
  }
  // Only kinds that carry the bytes are limited: a link costs nothing however big the file is.
  if (kind !== 'resource_link' && file.size > maxBytes) return { refused: 'too_large' };
  return { kind };
}

/** The `file://` URI a browser-picked file is named by (the browser never reveals its real path). */
export function fileUri(name: string): string {
  return `file:///${encodeURIComponent(name)}`;
}
