import type { SessionState, TurnRecord } from '../../core/types.js';

/** A run of thread items rendered as one unit: a prompt turn, or a stretch of loaded history. */
export interface TurnGroup {
  /** Stable React key: the turn id, or the first item's id for history. */
  key: string;
  /** The turn record; null for history that arrived without one (`session/load` replays). */
  turn: TurnRecord | null;
  /** Index of the group's first item. */
  start: number;
  /** Index after the group's last item. */
  end: number;
}

/**
 * Cuts a thread into turn groups, incrementally.
 *
 * Turns come from `turns[].startIndex`. Items before the first turn (a loaded session's history)
 * have no records, so they are cut at each user message instead: a long loaded history then
 * virtualizes as finely as live turns do. Items are only ever appended or replaced in place
 * (never inserted), so user messages already scanned stay where they were and a streaming chunk
 * costs O(number of groups), not O(items). A group whose bounds and record did not change keeps
 * its identity, which is what lets memoized groups skip rendering.
 */
export class TurnGrouper {
  private historyStarts: number[] = [];
  private scanned = 0;
  private previous = new Map<string, TurnGroup>();
  private lineage: unknown = null;

  group(thread: SessionState['thread'], turns: readonly TurnRecord[]): TurnGroup[] {
    const { items } = thread;
    const size = items.size;
    // Every version of one thread shares its index map; a new map means a new thread (a session
    // load starts over), whose items may sit anywhere: rescan from scratch.
    if (thread.index !== this.lineage || size < this.scanned) {
      this.lineage = thread.index;
      this.historyStarts = [];
      this.scanned = 0;
    }
    const firstTurn = turns.length > 0 ? Math.min(turns[0]!.startIndex, size) : size;
    if (this.scanned > firstTurn) {
      this.historyStarts = this.historyStarts.filter((index) => index < firstTurn);
      this.scanned = firstTurn;
    }
    for (let i = this.scanned; i < firstTurn; i++) {
      if (i === 0 || items.get(i)?.kind === 'user_message') this.historyStarts.push(i);
    }
    this.scanned = firstTurn;

    const next = new Map<string, TurnGroup>();
    const groups: TurnGroup[] = [];
    const add = (key: string, turn: TurnRecord | null, start: number, end: number) => {
      if (end <= start && turn === null) return;
      const old = this.previous.get(key);
      const group = old && old.turn === turn && old.start === start && old.end === end ? old : { key, turn, start, end };
      next.set(key, group);
      groups.push(group);
    };

    for (let h = 0; h < this.historyStarts.length; h++) {
      const start = this.historyStarts[h]!;
      const end = h + 1 < this.historyStarts.length ? this.historyStarts[h + 1]! : firstTurn;
      add(`history:${items.get(start)?.id ?? start}`, null, start, end);
    }
    for (let t = 0; t < turns.length; t++) {
      const turn = turns[t]!;
      const start = Math.min(turn.startIndex, size);
      const end = t + 1 < turns.length ? Math.min(turns[t + 1]!.startIndex, size) : size;
      add(`turn:${turn.turnId}`, turn, start, Math.max(start, end));
    }
    this.previous = next;
    return groups;
  }
}

/** The group holding item `index` (binary search; groups are in item order). */
export function groupIndexOf(groups: readonly TurnGroup[], index: number): number {
  let low = 0;
  let high = groups.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const group = groups[mid]!;
    if (index < group.start) high = mid - 1;
    else if (index >= group.end) low = mid + 1;
    else return mid;
  }
  return -1;
}
