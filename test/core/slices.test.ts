import { describe, expect, it } from 'vitest';
import { forEachInSlices, queueTask, yieldToMain } from '../../src/core/slices.js';

describe('main-thread slices', () => {
  it('runs queued tasks in order, each in a task of its own', async () => {
    const order: string[] = [];
    const done = new Promise<void>((resolve) => {
      queueTask(() => order.push('a'));
      queueTask(() => order.push('b'));
      queueTask(() => {
        order.push('c');
        resolve();
      });
      order.push('sync');
    });
    await done;
    expect(order).toEqual(['sync', 'a', 'b', 'c']);
  });

  it('yields to other tasks between slices, and does every item', async () => {
    const log: string[] = [];
    // A spent slice after every item (0 ms): another task queued meanwhile runs between items.
    const run = forEachInSlices(
      [1, 2, 3],
      (n) => {
        log.push(`item ${n}`);
        if (n === 1) queueTask(() => log.push('other task'));
      },
      { sliceMs: 0 },
    );
    await expect(run).resolves.toBe(true);
    expect(log).toEqual(['item 1', 'other task', 'item 2', 'item 3']);
  });

  it('keeps going in one task while the slice has time', async () => {
    const log: string[] = [];
    const run = forEachInSlices(
      [1, 2, 3],
      (n) => {
        log.push(`item ${n}`);
        if (n === 1) queueTask(() => log.push('other task'));
      },
      { sliceMs: 60_000 },
    );
    await expect(run).resolves.toBe(true);
    await yieldToMain();
    expect(log).toEqual(['item 1', 'item 2', 'item 3', 'other task']);
  });

  it('stops between items once its signal aborts', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const run = forEachInSlices(
      [1, 2, 3, 4],
      (n) => {
        seen.push(n);
        if (n === 2) controller.abort();
      },
      { sliceMs: 0, signal: controller.signal },
    );
    await expect(run).resolves.toBe(false);
    expect(seen).toEqual([1, 2]);
  });
});
