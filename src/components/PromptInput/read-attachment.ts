/**
 * Reads a file into a `PromptAttachment` following its plan (see attachment-plan.ts).
 */
import type { ContentBlock, PromptCapabilities } from '../../core/types.js';
import { fileUri, planAttachment, type RefusalReason } from './attachment-plan.js';
import { decodeText, textMimeType, toBase64 } from './file-content.js';
import type { PromptAttachment } from './types.js';

/** @inline */
export type AttachmentResult = { ok: true; attachment: PromptAttachment } | { ok: false; name: string; size: number; reason: RefusalReason | 'unreadable' };

export async function readAttachment(file: File, capabilities: PromptCapabilities | null | undefined, maxBytes: number, id: string): Promise<AttachmentResult> {
  const plan = planAttachment(file, capabilities, maxBytes);
  if ('refused' in plan) return { ok: false, name: file.name, size: file.size, reason: plan.refused };
  const mimeType = file.type || 'application/octet-stream';
  const uri = fileUri(file.name);
  const done = (block: ContentBlock): AttachmentResult => ({
    ok: true,
    attachment: { id, name: file.name, mimeType, size: file.size, block },
  });

  if (plan.kind === 'resource_link') {
    return done({ type: 'resource_link', uri, name: file.name, mimeType, size: file.size });
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, name: file.name, size: file.size, reason: 'unreadable' };
  }
  switch (plan.kind) {
    case 'image':
      return done({ type: 'image', data: toBase64(bytes), mimeType });
    case 'audio':
      return done({ type: 'audio', data: toBase64(bytes), mimeType });
    case 'resource': {
      const text = decodeText(bytes);
      return done({
        type: 'resource',
        resource: text !== null ? { uri, mimeType: textMimeType(file.type), text } : { uri, mimeType, blob: toBase64(bytes) },
      });
    }
  }
}
