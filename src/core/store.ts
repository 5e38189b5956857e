/**
 * A per-instance external store. State changes apply immediately; listeners are told at most
 * once per animation frame. The first change of a burst is announced at once (no added latency
 * for a lone update); changes during the following frame are coalesced into one notification.
 */

/**
 * Runs `callback` at the next frame; returns a function that cancels it (the store itself never
 * cancels: a frame that finds nothing changed just closes the window).
 */
export type FrameScheduler = (callback: () => void) => () => void;

export type SchedulerOption = 'frame' | 'sync' | FrameScheduler;

export interface Store<S> {
  getSnapshot(): S;
  subscribe(listener: () => void): () => void;
  setState(next: S): void;
  /** Delivers a pending coalesced notification now (tests, teardown). */
  flush(): void;
}

export function createStore<S>(initial: S, scheduler: SchedulerOption = 'frame'): Store<S> {
  let state = initial;
  // Replaced, never mutated, on (un)subscribe: a notification walks the array as it was when the
  // notification began, without copying it on every change (that copy ran once per streamed chunk).
  let listeners: ReadonlyArray<() => void> = [];
  const schedule: ((callback: () => void) => unknown) | null = scheduler === 'sync' ? null : scheduler === 'frame' ? nextFrame : scheduler;
  let frameOpen = false;
  let dirty = false;

  // Every listener is called even if one throws; the first error is rethrown afterwards.
  const emit = () => {
    let failure: { error: unknown } | null = null;
    // The array as it was when the notification began: (un)subscribing replaces it.
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  };

  // The next frame is always scheduled before listeners run: a listener that throws must not
  // leave the window open with no frame to close it (the store would never notify again).
  const onFrame = () => {
    if (dirty) {
      dirty = false;
      schedule!(onFrame);
      emit();
    } else {
      frameOpen = false;
    }
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      if (!listeners.includes(listener)) listeners = [...listeners, listener];
      return () => {
        listeners = listeners.filter((l) => l !== listener);
      };
    },
    setState(next) {
      if (next === state) return;
      state = next;
      if (!schedule) return emit();
      if (frameOpen) dirty = true;
      else {
        frameOpen = true;
        schedule(onFrame);
        emit();
      }
    },
    flush() {
      if (!dirty) return;
      dirty = false;
      emit();
    },
  };
}

/** The stores' callbacks for the next frame, shared by every store on the page (null: none pending). */
let frame: Array<() => void> | null = null;

/**
 * requestAnimationFrame where there is one, raced with a timeout: hidden tabs stop animation
 * frames, and a backgrounded agent panel must still catch up when shown again.
 *
 * One frame callback serves every store on the page (16 clients streaming notify in one place):
 * each store's callback runs in its own microtask, queued together, so an error in one never
 * keeps the others from running, and React, which flushes the updates they cause in a microtask
 * queued after them, renders them all in one commit instead of one per store.
 */
function nextFrame(callback: () => void): void {
  if (!frame) {
    const callbacks: Array<() => void> = (frame = []);
    const run = () => {
      if (frame !== callbacks) return;
      frame = null;
      callbacks.forEach(queueMicrotask);
    };
    let fallbackMs = 16;
    if (typeof requestAnimationFrame === 'function') {
      requestAnimationFrame(run);
      fallbackMs = 250;
    }
    setTimeout(run, fallbackMs);
  }
  frame.push(callback);
}
