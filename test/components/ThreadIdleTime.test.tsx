/**
 * The idle-time rule behind mounting turns ahead of the view (requestIdleTime in highlight/schedule.ts): work runs only
 * in an idle period with enough time left and only while nothing asks it to wait; otherwise it
 * waits for the next idle period instead of running late.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestIdleTime } from '../../src/highlight/schedule.js';

type IdleCallback = (deadline: { timeRemaining(): number }) => void;

/** A controllable `requestIdleCallback`: the test decides when idle periods happen and how long they are. */
function installIdleCallbacks() {
  const queue = new Map<number, IdleCallback>();
  let next = 1;
  vi.stubGlobal('requestIdleCallback', (callback: IdleCallback) => {
    queue.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => queue.delete(handle));
  return {
    /** Runs the callbacks waiting now with `ms` of idle time. */
    idle(ms: number) {
      const waiting = [...queue];
      queue.clear();
      for (const [, callback] of waiting) callback({ timeRemaining: () => ms });
    },
    get waiting() {
      return queue.size;
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('requestIdleTime', () => {
  it('waits for an idle period with enough time left', () => {
    const idle = installIdleCallbacks();
    const run = vi.fn();
    requestIdleTime(run, { minMs: 10, wait: () => false });
    idle.idle(4);
    expect(run).not.toHaveBeenCalled();
    expect(idle.waiting).toBe(1);
    idle.idle(12);
    expect(run).toHaveBeenCalledTimes(1);
    expect(idle.waiting).toBe(0);
  });

  it('does not run while asked to wait (a fast scroll), then runs once that ends', () => {
    const idle = installIdleCallbacks();
    const run = vi.fn();
    let fast = true;
    requestIdleTime(run, { minMs: 10, wait: () => fast });
    idle.idle(40);
    expect(run).not.toHaveBeenCalled();
    fast = false;
    idle.idle(40);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled while it waits for a longer idle period', () => {
    const idle = installIdleCallbacks();
    const run = vi.fn();
    const cancel = requestIdleTime(run, { minMs: 10, wait: () => false });
    idle.idle(2);
    cancel();
    expect(idle.waiting).toBe(0);
    idle.idle(40);
    expect(run).not.toHaveBeenCalled();
  });
});
