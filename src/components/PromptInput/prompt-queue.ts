/**
 * The prompt queue as pure functions: a reducer over the queued prompts and the rule for when
 * the next one goes out. No React, no DOM: see use-prompt-queue.ts for the wiring.
 *
 * Rule: a queued prompt is sent only when a turn ends (running goes from true to false) while the
 * input is usable and the queue is not paused, or when the user explicitly asks ("Send now",
 * "Resume"). Nothing is sent just because a queue exists, so a restored or reconnected session
 * never fires old prompts on its own.
 */
import type { QueuedPrompt } from './types.js';

export type PromptQueueAction =
  | { type: 'enqueue'; prompt: QueuedPrompt }
  | { type: 'remove'; id: string }
  | { type: 'update'; id: string; text: string }
  /** Moves a prompt to the head, so it is the next one sent. */
  | { type: 'promote'; id: string };

export function promptQueueReducer(items: readonly QueuedPrompt[], action: PromptQueueAction): QueuedPrompt[] {
  switch (action.type) {
    case 'enqueue':
      return [...items, action.prompt];
    case 'remove':
      return items.filter((p) => p.id !== action.id);
    case 'update':
      return items.map((p) => (p.id === action.id ? { ...p, text: action.text } : p));
    case 'promote': {
      const prompt = items.find((p) => p.id === action.id);
      return prompt ? [prompt, ...items.filter((p) => p.id !== action.id)] : [...items];
    }
  }
}

export interface DrainInput {
  wasRunning: boolean;
  running: boolean;
  disabled: boolean;
  paused: boolean;
}

/** True when a turn just ended and the queue may send its next prompt. */
export function turnEndedAndMayDrain({ wasRunning, running, disabled, paused }: DrainInput): boolean {
  return wasRunning && !running && !disabled && !paused;
}

/** The next prompt to send: the first one not open in the editor. */
export function nextToSend(items: readonly QueuedPrompt[], editingId: string | null): QueuedPrompt | null {
  return items.find((p) => p.id !== editingId) ?? null;
}
