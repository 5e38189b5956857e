import type { ContentBlock } from '../../core/types.js';

/** A file or image the user attached, already turned into the block that will be sent. */
export interface PromptAttachment {
  id: string;
  name: string;
  mimeType: string;
  /** Bytes. */
  size: number;
  block: ContentBlock;
}

/** A prompt written while a turn was running, waiting for the turn to end. */
export interface QueuedPrompt {
  id: string;
  text: string;
  attachments: PromptAttachment[];
}
