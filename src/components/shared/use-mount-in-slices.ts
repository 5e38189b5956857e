/**
 * Mounting many of the same part in slices. An agent can make dozens of parts appear in one
 * commit (a hundred permission prompts asked at once); mounting them all in one task grows with
 * what the agent sent. A part that can come in such numbers asks here whether to mount now: the
 * first ones in a render do, for as long as its slice lasts (see `core/slices.ts`); the others
 * render a placeholder of their size and mount in later tasks, a slice's worth each, in the order
 * they asked.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { startSlice, yieldToMain, type Slice } from '../../core/slices.js';

/**
 * Parts that mount in a render whatever the clock says: a lone part never waits, and a burst
 * always makes progress.
 */
const AT_LEAST = 4;

/**
 * The current render's slice, from the first part that asked in it. React renders and commits a
 * whole update in one go, so a microtask clears it once that is done.
 */
let slice: Slice | null = null;
let mountedInRender = 0;
const waiting: Array<() => void> = [];
let draining = false;

function mayMountNow(): boolean {
  if (slice === null) {
    slice = startSlice();
    mountedInRender = 0;
    queueMicrotask(() => (slice = null));
  }
  if (waiting.length > 0 || (mountedInRender >= AT_LEAST && slice.spent())) return false;
  mountedInRender++;
  return true;
}

async function drain(): Promise<void> {
  draining = true;
  try {
    while (waiting.length > 0) {
      await yieldToMain();
      const own = startSlice();
      // Each mount is committed at once, so the slice's clock counts the commit too.
      do flushSync(waiting.shift() ?? (() => {}));
      while (waiting.length > 0 && !own.spent());
    }
  } finally {
    draining = false;
  }
}

const subscribeToNothing = () => () => {};

/** True once the part may show its full content; until then it shows a placeholder of its size. */
export function useMountInSlices(): boolean {
  // On the server and while hydrating, everything mounts and no clock is read: the markup must be
  // a function of the props, and hydration must find what the server wrote.
  const serverOrHydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const [mounted, setMounted] = useState(() => serverOrHydrating || mayMountNow());
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    waiting.push(mount);
    if (!draining) void drain();
    return () => {
      const at = waiting.indexOf(mount);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [mounted]);
  return mounted;
}
