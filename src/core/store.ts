/**
 * A per-instance external store. State changes apply immediately; listeners are told at most
 * once per animation frame. The first change of a burst is announced at once (no added latency
 * for a lone update); changes during the following frame are coalesced into one notification.
 *
 * A change may also be deferred (`defer`): computed when the state is next read, whoever reads
 * it (a listener, an action, the next `setState`'s caller), so input that arrives faster than
 * anyone reads it is reduced once per read instead of once per piece (see
 * `client/chunk-coalescer.ts`). Reads always see every change made so far, deferred or not.
 */

/**
 * Runs `callback` at the next frame; returns a function that cancels it (the store itself never
 * cancels: a frame that finds nothing changed just closes the window).
 */
export type FrameScheduler = (callback: () => void) => () => void;

export type SchedulerOption = 'frame' | 'sync' | FrameScheduler;

export interface Store<S> {
  /** The state, with every deferred change applied. */
  getSnapshot(): S;
  subscribe(listener: () => void): () => void;
  /** `next` must come from `getSnapshot()` (so it includes every deferred change). */
  setState(next: S): void;
  /** A change applied, in order, when the state is next read. */
  defer(change: (state: S) => S): void;
  /** A deferred change not applied yet took more input: the state will differ when next read. */
  touch(): void;
  /** The state without applying deferred changes, for what they never change. */
  peek(): S;
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
  let deferred: Array<(state: S) => S> = [];

  // A change that throws is dropped, its error reported asynchronously, so a read never fails.
  const settle = () => {
    if (deferred.length === 0) return;
    const changes = deferred;
    deferred = [];
    for (const change of changes) {
      try {
        state = change(state);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };

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

  const changed = () => {
    if (!schedule) return emit();
    if (schedule === nextFrame) updatesSinceFlush++;
    if (frameOpen) dirty = true;
    else {
      frameOpen = true;
      schedule(onFrame);
      emit();
    }
  };

  return {
    getSnapshot: () => {
      settle();
      return state;
    },
    peek: () => state,
    subscribe(listener) {
      if (!listeners.includes(listener)) listeners = [...listeners, listener];
      return () => {
        listeners = listeners.filter((l) => l !== listener);
      };
    },
    setState(next) {
      if (next === state) return;
      state = next;
      changed();
    },
    defer(change) {
      deferred.push(change);
      changed();
    },
    touch: changed,
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
 * Pacing under a flood. An agent can send thousands of updates a second (a runaway stream, a
 * long replay): far more than anyone reads, and rendering each frame's share then costs the page
 * more than receiving them. While updates keep arriving faster than FLOOD_UPDATES per flush, the
 * stores flush every FLOOD_INTERVAL_MS instead of every frame (the text still moves, ten times a
 * second); as soon as a frame finds that none arrived since the last one, the burst is over and
 * that frame flushes, so the end of a stream shows at once. At any rate a reader could follow
 * (real streams bring a few updates a frame), every frame flushes.
 */
export const FLOOD_UPDATES = 256;
export const FLOOD_INTERVAL_MS = 100;
let updatesSinceFlush = 0;
/** `updatesSinceFlush` when the last frame looked: more since means the burst goes on. */
let updatesSeen = 0;
let lastFlush = Number.NEGATIVE_INFINITY;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Updates that arrived joined into one (`worker-socket.ts`: the socket worker joins runs of text
 * chunks) still count for the pacing, as if they had come one by one: a flood is a flood however
 * few frames carry it, and rendering every frame of it costs the page more than the flood itself.
 */
export function countJoinedUpdates(count: number): void {
  updatesSinceFlush += count;
}

function flooded(): boolean {
  const arriving = updatesSinceFlush > updatesSeen;
  updatesSeen = updatesSinceFlush;
  return arriving && updatesSinceFlush > FLOOD_UPDATES && now() - lastFlush < FLOOD_INTERVAL_MS;
}

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
  if (!frame) arm((frame = []));
  frame.push(callback);
}

function arm(callbacks: Array<() => void>): void {
  const animated = typeof requestAnimationFrame === 'function';
  const pending: { frame?: number; timer?: ReturnType<typeof setTimeout> } = {};
  const run = () => {
    // Whichever of the two comes first runs; the other is cancelled, so no task is left to wake
    // the page for nothing (a trailing timer a quarter second after every streamed frame).
    if (pending.frame !== undefined && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(pending.frame);
    clearTimeout(pending.timer);
    if (frame !== callbacks) return;
    if (flooded()) return arm(callbacks);
    frame = null;
    updatesSinceFlush = 0;
    updatesSeen = 0;
    lastFlush = now();
    callbacks.forEach(queueMicrotask);
  };
  if (animated) pending.frame = requestAnimationFrame(run);
  pending.timer = setTimeout(run, animated ? 250 : 16);
}
