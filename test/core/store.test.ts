import { describe, expect, it } from 'vitest';
import { createStore, type FrameScheduler } from '../../src/core/store.js';

/** A frame scheduler driven by hand: `frame()` runs what was scheduled for the next frame. */
function manualFrames() {
  let queue: Array<{ cb: () => void; cancelled: boolean }> = [];
  const scheduler: FrameScheduler = (cb) => {
    const entry = { cb, cancelled: false };
    queue.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  return {
    scheduler,
    pending: () => queue.filter((e) => !e.cancelled).length,
    frame() {
      const due = queue;
      queue = [];
      for (const e of due) if (!e.cancelled) e.cb();
    },
  };
}

function observed<S>(store: { getSnapshot(): S; subscribe(l: () => void): () => void }) {
  const seen: S[] = [];
  const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot()));
  return { seen, unsubscribe };
}

describe('createStore with a frame scheduler', () => {
  it('applies state immediately and announces the first change synchronously', () => {
    const frames = manualFrames();
    const store = createStore(0, frames.scheduler);
    const { seen } = observed(store);
    store.setState(1);
    expect(store.getSnapshot()).toBe(1);
    expect(seen).toEqual([1]);
  });

  it('coalesces further changes within the frame into one notification at the frame', () => {
    const frames = manualFrames();
    const store = createStore(0, frames.scheduler);
    const { seen } = observed(store);
    store.setState(1);
    store.setState(2);
    store.setState(3);
    store.setState(4);
    expect(store.getSnapshot()).toBe(4);
    expect(seen).toEqual([1]);
    frames.frame();
    expect(seen).toEqual([1, 4]);
  });

  it('keeps coalescing while changes keep coming, one notification per frame', () => {
    const frames = manualFrames();
    const store = createStore(0, frames.scheduler);
    const { seen } = observed(store);
    store.setState(1);
    for (let f = 0; f < 3; f++) {
      store.setState(10 + f);
      store.setState(20 + f);
      frames.frame();
    }
    expect(seen).toEqual([1, 20, 21, 22]);
  });

  it('a quiet frame closes the window: the next burst’s first change is immediate again', () => {
    const frames = manualFrames();
    const store = createStore(0, frames.scheduler);
    const { seen } = observed(store);
    store.setState(1);
    frames.frame(); // quiet: nothing changed during it
    expect(frames.pending()).toBe(0);
    store.setState(2);
    expect(seen).toEqual([1, 2]);
    store.setState(3);
    expect(seen).toEqual([1, 2]);
    frames.frame();
    expect(seen).toEqual([1, 2, 3]);
    frames.frame();
    store.setState(4);
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('setting the same state does not notify', () => {
    const frames = manualFrames();
    const state = { a: 1 };
    const store = createStore(state, frames.scheduler);
    const { seen } = observed(store);
    store.setState(state);
    expect(seen).toEqual([]);
    expect(frames.pending()).toBe(0);
  });

  it('flush delivers a pending coalesced notification at once, and only once', () => {
    const frames = manualFrames();
    const store = createStore(0, frames.scheduler);
    const { seen } = observed(store);
    store.setState(1);
    store.setState(2);
    store.flush();
    expect(seen).toEqual([1, 2]);
    frames.frame();
    store.flush();
    expect(seen).toEqual([1, 2]);
  });

  it('a change made by a listener during a notification is not lost', () => {
    const frames = manualFrames();
    const store = createStore(0, frames.scheduler);
    const seen: number[] = [];
    store.subscribe(() => {
      seen.push(store.getSnapshot());
      if (store.getSnapshot() === 1) store.setState(2);
    });
    store.setState(1);
    frames.frame();
    expect(seen).toEqual([1, 2]);
    expect(store.getSnapshot()).toBe(2);
  });

  it('a listener that throws does not leave the store deaf', () => {
    const frames = manualFrames();
    const store = createStore(0, frames.scheduler);
    let fail = true;
    const seen: number[] = [];
    store.subscribe(() => {
      seen.push(store.getSnapshot());
      if (fail) throw new Error('listener bug');
    });
    expect(() => store.setState(1)).toThrow('listener bug');
    fail = false;
    store.setState(2);
    frames.frame();
    frames.frame();
    store.setState(3);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('unsubscribe stops notifications for that listener only', () => {
    const frames = manualFrames();
    const store = createStore(0, frames.scheduler);
    const a = observed(store);
    const b = observed(store);
    store.setState(1);
    a.unsubscribe();
    store.setState(2);
    frames.frame();
    expect(a.seen).toEqual([1]);
    expect(b.seen).toEqual([1, 2]);
  });

  it('two stores are independent', () => {
    const f1 = manualFrames();
    const f2 = manualFrames();
    const one = createStore('a', f1.scheduler);
    const two = createStore('x', f2.scheduler);
    const s1 = observed(one);
    const s2 = observed(two);
    one.setState('b');
    one.setState('c');
    two.setState('y');
    expect(s1.seen).toEqual(['b']);
    expect(s2.seen).toEqual(['y']);
    f2.frame();
    expect(s1.seen).toEqual(['b']);
    expect(two.getSnapshot()).toBe('y');
    f1.frame();
    expect(s1.seen).toEqual(['b', 'c']);
    expect(s2.seen).toEqual(['y']);
  });
});

describe("createStore with 'sync'", () => {
  it('notifies on every change', () => {
    const store = createStore(0, 'sync');
    const { seen, unsubscribe } = observed(store);
    store.setState(1);
    store.setState(2);
    store.setState(2);
    store.setState(3);
    expect(seen).toEqual([1, 2, 3]);
    unsubscribe();
    store.setState(4);
    expect(seen).toEqual([1, 2, 3]);
  });
});

describe('createStore listeners changing during a notification', () => {
  it('a notification reaches the listeners subscribed when it began, and only those', () => {
    const store = createStore(0, 'sync');
    const calls: string[] = [];
    const late = () => calls.push(`late ${store.getSnapshot()}`);
    let unsubscribeB = () => {};
    store.subscribe(() => {
      calls.push(`a ${store.getSnapshot()}`);
      unsubscribeB();
      store.subscribe(late);
    });
    unsubscribeB = store.subscribe(() => calls.push(`b ${store.getSnapshot()}`));
    store.setState(1);
    store.setState(2);
    expect(calls).toEqual(['a 1', 'b 1', 'a 2', 'late 2']);
  });

  it('subscribing the same listener twice notifies it once; one unsubscribe removes it', () => {
    const store = createStore(0, 'sync');
    let count = 0;
    const listener = () => count++;
    const off = store.subscribe(listener);
    store.subscribe(listener);
    store.setState(1);
    expect(count).toBe(1);
    off();
    store.setState(2);
    expect(count).toBe(1);
  });
});

describe('createStore listener failures', () => {
  it('the other listeners are still notified when one throws', () => {
    const store = createStore(0, 'sync');
    const seen: number[] = [];
    store.subscribe(() => {
      throw new Error('first listener bug');
    });
    store.subscribe(() => seen.push(store.getSnapshot()));
    expect(() => store.setState(1)).toThrow('first listener bug');
    expect(seen).toEqual([1]);
  });
});

describe("createStore with the default 'frame' scheduler", () => {
  it('one animation-frame callback serves every store on the page, each store notified once in it', async () => {
    const frames: Array<() => void> = [];
    const saved = globalThis.requestAnimationFrame;
    globalThis.requestAnimationFrame = (cb: FrameRequestCallback) => frames.push(() => cb(0));
    try {
      const stores = [createStore(0), createStore(0), createStore(0)];
      const logs = stores.map((store) => observed(store));
      // Each store's first change is announced at once; the next ones wait for the frame.
      stores.forEach((store) => store.setState(1));
      stores.forEach((store) => store.setState(2));
      stores.forEach((store) => store.setState(3));
      expect(logs.map((log) => log.seen)).toEqual([[1], [1], [1]]);
      expect(frames).toHaveLength(1);
      frames.shift()!();
      await Promise.resolve();
      expect(logs.map((log) => log.seen)).toEqual([
        [1, 3],
        [1, 3],
        [1, 3],
      ]);
      // Still one frame callback for the next frame, which finds nothing changed and closes every window.
      expect(frames).toHaveLength(1);
      frames.shift()!();
      await Promise.resolve();
      expect(frames).toHaveLength(0);
      stores[0]!.setState(4);
      expect(logs[0]!.seen).toEqual([1, 3, 4]);
    } finally {
      globalThis.requestAnimationFrame = saved;
    }
  });
});

describe('createStore deferred changes', () => {
  it('applies them in order when the state is read, peek() sees the state without them', () => {
    const store = createStore<string[]>([], manualFrames().scheduler);
    store.setState(['a']);
    store.defer((s) => [...s, 'b']);
    store.defer((s) => [...s, 'c']);
    expect(store.peek()).toEqual(['a']);
    expect(store.getSnapshot()).toEqual(['a', 'b', 'c']);
    expect(store.peek()).toEqual(['a', 'b', 'c']);
  });

  it('a change that throws is dropped and reported later; reads go on with the others', async () => {
    const store = createStore(1, 'sync');
    const reported = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
    store.defer(() => {
      throw new Error('reducer bug');
    });
    store.defer((n) => n + 1);
    expect(store.getSnapshot()).toBe(2);
    await expect(reported).resolves.toMatchObject({ message: 'reducer bug' });
  });
});
