import { useLayoutEffect, useState } from 'react';

/**
 * Whole seconds left until `target` (epoch ms), rounded up, re-rendering once per second and
 * exactly when the shown number changes. Null without a target.
 */
export function useSecondsUntil(target: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  // Layout effect: a new target must not paint one frame against a stale clock.
  useLayoutEffect(() => {
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
  return target === null ? null : Math.max(0, Math.ceil((target - now) / 1000));
}
