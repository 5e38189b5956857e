import { useRef } from 'react';
import type { TurnGroup } from './group-turns.js';
import { useLazyModule } from '../shared/index.js';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';
import { virtualTurnListModule } from './lazy-virtual-turn-list.js';
import { useRevealInSlices } from './use-reveal-in-slices.js';
import type { VirtualTurnListProps } from './VirtualTurnList.js';

/**
 * Items mounted while the virtualizer is still loading (or failed to): the newest groups holding
 * at least this many items. Bounded, so a long `session/load` never mounts the whole thread.
 */
const RECENT_ITEMS = 8;

/**
 * A thread above `virtualizeAbove` items: the virtual list once its module is there (usually
 * already, the Thread fetches it at half the threshold), and until then the newest turns only.
 * The log keeps sticking to its end across the switch: the virtual list starts at the end of a
 * log that was at its end.
 */
export function VirtualizedTurns(props: VirtualTurnListProps) {
  const { module } = useLazyModule(virtualTurnListModule);
  if (module) return <module.VirtualTurnList {...props} />;
  return <RecentTurns {...props} />;
}

/** The log is not virtualized yet, so it has no scroll speed to wait for. */
const neverFast = () => false;

/**
 * The newest turns, while the virtualizer loads. A session loading its history on a page that
 * has not fetched the virtualizer yet shows them here: mounted across tasks as in the virtual
 * list (`useRevealInSlices`), except on the first render of a finished thread.
 */
function RecentTurns({ groups, renderGroup, keepLast, scrollRef, paused = false }: VirtualTurnListProps) {
  const first = recentStart(groups, keepLast);
  const recent = groups.slice(first);
  const mounted = useRef<ReadonlySet<string>>(new Set());
  const hadCommit = useRef(false);
  const partial = useRevealInSlices({
    content: recent.map((group) => group.key).reverse(),
    sizeOf: (key) => {
      const group = recent.find((g) => g.key === key);
      return group ? group.end - group.start : 0;
    },
    mounted: mounted.current,
    whole: !hadCommit.current && !paused,
    isFast: neverFast,
    scrollRef,
  });
  useIsomorphicLayoutEffect(() => {
    mounted.current = new Set(recent.map((group) => group.key));
    hadCommit.current = true;
  });
  return <>{recent.map((group, offset) => renderGroup(group, first + offset, partial.get(group.key)))}</>;
}

/** Index of the first group to mount: at least `keepLast` groups and `RECENT_ITEMS` items. */
function recentStart(groups: readonly TurnGroup[], keepLast: number): number {
  const last = groups.length - 1;
  if (last < 0) return 0;
  let first = Math.max(0, groups.length - keepLast);
  while (first > 0 && groups[last]!.end - groups[first]!.start < RECENT_ITEMS) first--;
  return first;
}
