/**
 * The page's one frame scheduler (`nextFrame` in store.ts) paces flushes under a flood. In a file
 * of its own: the scheduler is module state, and a frame left pending by another test would
 * swallow this test's callbacks.
 */
import { describe, expect, it, vi } from 'vitest';
import { createStore, FLOOD_INTERVAL_MS, FLOOD_POLL_MS, FLOOD_UPDATES } from '../../src/core/store.js';

function observed<S>(store: { getSnapshot(): S; subscribe(l: () => void): () => void }) {
  const seen: S[] = [];
  store.subscribe(() => seen.push(store.getSnapshot()));
  return { seen };
}

describe("the page's frame scheduler under a flood", () => {
  it('flushes every FLOOD_INTERVAL_MS while updates pour in, asking for no frame meanwhile, and at once when they stop', async () => {
    const frames: Array<() => void> = [];
    const saved = globalThis.requestAnimationFrame;
    globalThis.requestAnimationFrame = (cb: FrameRequestCallback) => frames.push(() => cb(0));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const store = createStore(0);
    const pour = (updates: number) => {
      for (let i = 0; i < updates; i++) store.setState(store.getSnapshot() + 1);
    };
    /** Runs the frame the scheduler asked for, if any. */
    const frame = async () => {
      frames.shift()?.();
      await Promise.resolve();
    };
    try {
      const log = observed(store);
      pour(FLOOD_UPDATES * 2);
      await vi.advanceTimersByTimeAsync(0);
      await frame();
      const afterFirst = log.seen.length;
      expect(afterFirst).toBe(2); // the burst's first change at once, then the first frame
      // The flood: more updates every 16 ms than a reader could follow. The next frame finds it
      // and from then on no frame is asked for until FLOOD_INTERVAL_MS have passed.
      pour(FLOOD_UPDATES * 2);
      await vi.advanceTimersByTimeAsync(16);
      await frame();
      expect(frames).toHaveLength(0);
      let polls = 0;
      while (frames.length === 0) {
        pour(FLOOD_UPDATES * 2);
        await vi.advanceTimersByTimeAsync(FLOOD_POLL_MS);
        polls++;
        expect(polls).toBeLessThanOrEqual(Math.ceil(FLOOD_INTERVAL_MS / FLOOD_POLL_MS));
      }
      expect(log.seen).toHaveLength(afterFirst);
      await frame();
      expect(log.seen).toHaveLength(afterFirst + 1);
      expect(log.seen.at(-1)).toBe(store.getSnapshot());
      // The flood goes on a little, then stops: the first look with nothing new asks for the frame
      // that flushes.
      pour(FLOOD_UPDATES * 2);
      await vi.advanceTimersByTimeAsync(16);
      await frame();
      pour(FLOOD_UPDATES * 2);
      await vi.advanceTimersByTimeAsync(FLOOD_POLL_MS);
      expect(frames).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(FLOOD_POLL_MS);
      expect(frames).toHaveLength(1);
      await frame();
      expect(log.seen).toHaveLength(afterFirst + 2);
      expect(log.seen.at(-1)).toBe(store.getSnapshot());
      // A stream a reader can follow flushes every frame.
      for (let i = 0; i < 5; i++) {
        pour(3);
        await vi.advanceTimersByTimeAsync(16);
        await frame();
      }
      expect(log.seen).toHaveLength(afterFirst + 7);
    } finally {
      vi.useRealTimers();
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
