import { useState } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';

/**
 * Whole seconds left until `target` (epoch ms), rounded up, re-rendering once per second and
 * exactly when the shown number changes. Null without a target, and before the first layout
 * effect reads the clock: render stays pure, so server and client markup agree.
 */
export function useSecondsUntil(target: number | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  // Layout effect: a new target must not paint one frame against a stale clock.
  useIsomorphicLayoutEffect(() => {
    if (target === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const remaining = target - current;
      // Wake at the next whole-second boundary, where the displayed number changes.
      if (remaining > 0) timer = setTimeout(tick, remaining % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [target]);
  return target === null || now === null ? null : Math.max(0, Math.ceil((target - now) / 1000));
}
