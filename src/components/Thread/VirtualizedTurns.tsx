import type { TurnGroup } from './group-turns.js';
import { useLazyModule } from '../shared/index.js';
import { virtualTurnListModule } from './lazy-virtual-turn-list.js';
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
  const { groups, renderGroup, keepLast } = props;
  const first = recentStart(groups, keepLast);
  return <>{groups.slice(first).map((group, offset) => renderGroup(group, first + offset))}</>;
}

/** Index of the first group to mount: at least `keepLast` groups and `RECENT_ITEMS` items. */
function recentStart(groups: readonly TurnGroup[], keepLast: number): number {
  const last = groups.length - 1;
  if (last < 0) return 0;
  let first = Math.max(0, groups.length - keepLast);
  while (first > 0 && groups[last]!.end - groups[first]!.start < RECENT_ITEMS) first--;
  return first;
}
