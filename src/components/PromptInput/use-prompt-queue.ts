/**
 * Prompts written while a turn runs wait here and go out one per finished turn, in order.
 *
 * The queue itself can be owned by the host (`queue` + `onQueueChange`) so it survives session
 * switches; pausing and editing are local UI state. The sending rule is in prompt-queue.ts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { nextToSend, promptQueueReducer, turnEndedAndMayDrain, type PromptQueueAction } from './prompt-queue.js';
import type { PromptAttachment, QueuedPrompt } from './types.js';
import { useControllableState } from '../shared/use-controllable-state.js';

export interface UsePromptQueueOptions {
  /** Controlled queue. */
  queue?: QueuedPrompt[];
  defaultQueue?: QueuedPrompt[];
  onQueueChange?: (queue: QueuedPrompt[]) => void;
  /** A turn is running: new prompts queue up instead of being sent. */
  running: boolean;
  /**
   * The session is not ready yet (its history is loading): new prompts queue up as during a turn,
   * and the first goes out when it is ready. There is no turn to cancel meanwhile.
   */
  waiting?: boolean;
  /** The input cannot send (e.g. disconnected): a turn ending then sends nothing. */
  disabled?: boolean;
  /** Sends a prompt (the caller turns it into content blocks). */
  onSend: (prompt: QueuedPrompt) => void;
  /** Cancels the running turn. */
  onCancel: () => void;
}

export interface PromptQueueState {
  items: QueuedPrompt[];
  /** Stop was pressed with prompts waiting: they stay until resumed or sent by hand. */
  paused: boolean;
  editingId: string | null;
  enqueue: (text: string, attachments: PromptAttachment[]) => void;
  remove: (id: string) => void;
  update: (id: string, text: string) => void;
  /** Cancels the running turn and sends this prompt next (immediately when idle, first once ready when waiting). */
  sendNow: (id: string) => void;
  /** Cancels the running turn and pauses the queue, so stopping does not fire the next prompt. */
  stop: () => void;
  resume: () => void;
  setEditingId: (id: string | null) => void;
}

export function usePromptQueue({
  queue,
  defaultQueue = [],
  onQueueChange,
  running,
  waiting = false,
  disabled = false,
  onSend,
  onCancel,
}: UsePromptQueueOptions): PromptQueueState {
  // Waiting for the session drains like a turn ending: prompts queued meanwhile go out once it is ready.
  const busy = running || waiting;
  const [items, setItems, getItems] = useControllableState({ value: queue, defaultValue: defaultQueue, onChange: onQueueChange });
  const [paused, setPaused] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const counter = useRef(0);
  const wasBusy = useRef(busy);
  const onSendRef = useRef(onSend);
  onSendRef.current = onSend;

  const dispatch = useCallback((action: PromptQueueAction) => setItems(promptQueueReducer(getItems(), action)), [getItems, setItems]);

  const sendItem = useCallback(
    (prompt: QueuedPrompt) => {
      dispatch({ type: 'remove', id: prompt.id });
      if (editingId === prompt.id) setEditingId(null);
      onSendRef.current(prompt);
    },
    [dispatch, editingId],
  );

  useEffect(() => {
    const ended = turnEndedAndMayDrain({ wasRunning: wasBusy.current, running: busy, disabled, paused });
    wasBusy.current = busy;
    if (!ended) return;
    const next = nextToSend(getItems(), editingId);
    if (next) sendItem(next);
    // Only the busy transition matters here; the other values are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a change of queue, pause or edit state alone must not send
  }, [busy]);

  // An emptied queue is no longer paused: the next prompt queued behaves normally.
  useEffect(() => {
    if (items.length === 0 && paused) setPaused(false);
  }, [items.length, paused]);

  const newId = () => {
    counter.current += 1;
    const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    return `queued-${counter.current}-${random}`;
  };

  return {
    items,
    paused,
    editingId,
    enqueue: (text, attachments) => dispatch({ type: 'enqueue', prompt: { id: newId(), text, attachments } }),
    remove: (id) => {
      if (editingId === id) setEditingId(null);
      dispatch({ type: 'remove', id });
    },
    update: (id, text) => dispatch({ type: 'update', id, text }),
    sendNow: (id) => {
      const prompt = getItems().find((p) => p.id === id);
      if (!prompt) return;
      setPaused(false);
      if (busy) {
        if (editingId === id) setEditingId(null);
        dispatch({ type: 'promote', id });
        // While the session loads there is no turn to stop: the prompt goes first once it is ready.
        if (running) onCancel();
      } else {
        sendItem(prompt);
      }
    },
    stop: () => {
      if (getItems().length > 0) setPaused(true);
      onCancel();
    },
    resume: () => {
      setPaused(false);
      if (!busy && !disabled) {
        const next = nextToSend(getItems(), editingId);
        if (next) sendItem(next);
      }
    },
    setEditingId,
  };
}
