/**
 * Attachments of the prompt being written: files from paste, drop or the picker, read into
 * blocks the agent accepts, plus the files that were refused and why.
 */
import { useCallback, useRef, useState } from 'react';
import type { PromptCapabilities } from '../../core/types.js';
import { readAttachment, type AttachmentResult } from './read-attachment.js';
import type { PromptAttachment } from './types.js';

/** @useDeclaredType */
export type AttachmentRefusal = Extract<AttachmentResult, { ok: false }>;

export interface AttachmentsState {
  attachments: PromptAttachment[];
  /** Files refused by the last add, for a visible explanation. */
  refusals: AttachmentRefusal[];
  add: (files: readonly File[]) => Promise<void>;
  remove: (id: string) => void;
  /** Empties the list after sending. */
  clear: () => void;
  dismissRefusals: () => void;
}

export function useAttachments(capabilities: PromptCapabilities | null | undefined, maxBytes: number): AttachmentsState {
  const [attachments, setAttachments] = useState<PromptAttachment[]>([]);
  const [refusals, setRefusals] = useState<AttachmentRefusal[]>([]);
  const counter = useRef(0);

  const add = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      const results = await Promise.all(
        files.map((file) => {
          counter.current += 1;
          return readAttachment(file, capabilities, maxBytes, `attachment-${counter.current}`);
        }),
      );
      const accepted = results.flatMap((r) => (r.ok ? [r.attachment] : []));
      if (accepted.length > 0) setAttachments((prev) => [...prev, ...accepted]);
      setRefusals(results.filter((r): r is AttachmentRefusal => !r.ok));
    },
    [capabilities, maxBytes],
  );

  return {
    attachments,
    refusals,
    add,
    remove: useCallback((id: string) => setAttachments((prev) => prev.filter((a) => a.id !== id)), []),
    clear: useCallback(() => {
      setAttachments([]);
      setRefusals([]);
    }, []),
    dismissRefusals: useCallback(() => setRefusals([]), []),
  };
}
