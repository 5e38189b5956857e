/**
 * The page's one frame scheduler (`nextFrame` in store.ts) paces flushes under a flood. In a file
 * of its own: the scheduler is module state, and a frame left pending by another test would
 * swallow this test's callbacks.
 */
import { describe, expect, it, vi } from 'vitest';
import { countJoinedUpdates, createStore, FLOOD_INTERVAL_MS, FLOOD_UPDATES } from '../../src/core/store.js';

function observed<S>(store: { getSnapshot(): S; subscribe(l: () => void): () => void }) {
  const seen: S[] = [];
  store.subscribe(() => seen.push(store.getSnapshot()));
  return { seen };
}

describe("the page's frame scheduler under a flood", () => {
  it('flushes every FLOOD_INTERVAL_MS while updates pour in, and at once when they stop', async () => {
    const frames: Array<() => void> = [];
    const saved = globalThis.requestAnimationFrame;
    globalThis.requestAnimationFrame = (cb: FrameRequestCallback) => frames.push(() => cb(0));
    let clock = 1_000_000;
    const time = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    /** One animation frame, 16 ms after the last, with `updates` state changes before it. */
    const frameWith = async (updates: number) => {
      for (let i = 0; i < updates; i++) store.setState(store.getSnapshot() + 1);
      clock += 16;
      frames.shift()?.();
      await Promise.resolve();
    };
    const store = createStore(0);
    try {
      const log = observed(store);
      await frameWith(FLOOD_UPDATES * 2);
      const afterFirst = log.seen.length;
      expect(afterFirst).toBe(2); // the burst's first change at once, then the first frame
      // A flood: frames come, each with more updates than a reader could follow; no flush until
      // FLOOD_INTERVAL_MS have passed since the last one.
      const floodFrames = Math.ceil(FLOOD_INTERVAL_MS / 16);
      for (let i = 1; i < floodFrames; i++) await frameWith(FLOOD_UPDATES * 2);
      expect(log.seen).toHaveLength(afterFirst);
      await frameWith(FLOOD_UPDATES * 2);
      expect(log.seen).toHaveLength(afterFirst + 1);
      expect(log.seen.at(-1)).toBe(store.getSnapshot());
      // The flood goes on for two frames, then stops: the first frame with nothing new flushes.
      await frameWith(FLOOD_UPDATES * 2);
      await frameWith(FLOOD_UPDATES * 2);
      expect(log.seen).toHaveLength(afterFirst + 1);
      await frameWith(0);
      expect(log.seen).toHaveLength(afterFirst + 2);
      expect(log.seen.at(-1)).toBe(store.getSnapshot());
      // A stream a reader can follow flushes every frame.
      for (let i = 0; i < 5; i++) await frameWith(3);
      expect(log.seen).toHaveLength(afterFirst + 7);
      // A flood that reaches the store in a few updates, its chunks joined on the way (the socket
      // worker), is paced all the same: the joined chunks count.
      const paced = async () => {
        countJoinedUpdates(FLOOD_UPDATES * 2);
        await frameWith(3);
      };
      const beforeJoined = log.seen.length;
      for (let i = 1; i < floodFrames; i++) await paced();
      expect(log.seen).toHaveLength(beforeJoined);
      await paced();
      expect(log.seen).toHaveLength(beforeJoined + 1);
    } finally {
      time.mockRestore();
      globalThis.requestAnimationFrame = saved;
      while (frames.length) frames.shift()!();
    }
  });
});

describe("the page's frame scheduler when the frame comes", () => {
  it('leaves no fallback timer behind to wake the page', async () => {
    const frames: Array<() => void> = [];
    const saved = globalThis.requestAnimationFrame;
    globalThis.requestAnimationFrame = (cb: FrameRequestCallback) => frames.push(() => cb(0));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const store = createStore(0);
      const log = observed(store);
      store.setState(1);
      store.setState(2);
      expect(vi.getTimerCount()).toBe(1);
      frames.shift()!();
      await Promise.resolve();
      expect(log.seen).toEqual([1, 2]);
      // The flush armed the next frame (which will close the window); the last frame's timer is gone.
      expect(vi.getTimerCount()).toBe(1);
      frames.shift()!();
      await Promise.resolve();
      expect(frames).toHaveLength(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      globalThis.requestAnimationFrame = saved;
    }
  });
});
