import { defaultRangeExtractor, elementScroll, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { chooseContentRows } from './content-rows.js';
import type { TurnGroup } from './group-turns.js';
import { requestIdleTime } from '../../highlight/schedule.js';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';
import { useRevealInSlices } from './use-reveal-in-slices.js';
import { useScrollSpeed } from './use-scroll-speed.js';

export interface VirtualTurnListProps {
  groups: readonly TurnGroup[];
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Renders a group; `shown`, when given, is how many of its items to render yet (the turn is mounting). */
  renderGroup: (group: TurnGroup, index: number, shown?: number) => ReactNode;
  /** How many of the newest groups stay mounted wherever the user scrolls. */
  keepLast: number;
  /**
   * Mount nothing but the newest groups (a session loading its history: the rows in view change
   * with every batch of the replay, so mounting them would be work thrown away a moment later).
   */
  paused?: boolean;
}

/** A guess until a group is measured: a prompt and its answer with a tool call or two. */
const estimateGroup = (group: TurnGroup) => 96 + 88 * Math.min(group.end - group.start, 12);

/**
 * Turns a frame may mount while the log scrolls slowly or rests. A turn with a paragraph, a code
 * block and a tool call card costs 10–15 ms of script to mount, and a frame must stay under
 * 50 ms even when the main thread does not get the CPU all the time; at a readable speed a turn
 * comes into view every few frames, so one a frame keeps up.
 */
const MOUNTS_PER_FRAME = 1;

/**
 * An idle period mounts one turn ahead of the view only if it has this long left before the
 * next frame: a turn's mount (5–15 ms of script) then ends before the frame starts instead of
 * delaying it.
 */
const IDLE_MOUNT_MS = 10;

/**
 * The virtualizer corrects the scroll position when a row above the viewport measures taller or
 * shorter than estimated by writing `offset + adjustments`, where `offset` is the position of the
 * last scroll event. A scroll made by script since then (in a rAF callback or a layout effect:
 * an app's own scrolling, `scrollIntoView`) has not raised its event yet, so that write undid it.
 * Corrections are applied to where the log is now instead; everything else as before.
 */
function scrollToFn(offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<HTMLDivElement, HTMLDivElement>) {
  const el = instance.scrollElement;
  if (el && options.adjustments && options.behavior !== 'smooth') el.scrollTop += options.adjustments;
  else elementScroll(offset, options, instance);
}

/**
 * Mounts only the turn groups near the viewport (measured as they render; the virtualizer
 * corrects the scroll position when a group above the viewport turns out taller or shorter than
 * estimated). The newest groups are always mounted: the streaming turn, a pending permission
 * prompt and its focus, and the turn status must never unmount under the user.
 *
 * Rows entering the range render as empty placeholders of their measured (or estimated) size,
 * hidden from assistive technology, until their turn mounts: one a frame, those in view first,
 * then the nearest off screen (the overscan, where the scroll is heading) — and one more in each
 * idle period that has time for it, so that on a page with idle time a scrolled frame finds the
 * turns coming into view mounted already and mounts nothing itself. While the log is scrolled
 * faster than half a viewport a frame, frames mount nothing: rows passing by that fast are not
 * worth mounting. A placeholder has the row's size, so replacing it moves nothing that was
 * measured before. A turn that starts mounting after the list's first render (the newest turns
 * once a session's load answers, one scrolled into view) shows its first item at once and the
 * rest across tasks, at its row's size meanwhile (`use-reveal-in-slices.ts`).
 *
 * Loaded on demand (see `lazy-virtual-turn-list.ts`): only threads above `virtualizeAbove` items
 * need it.
 */
export function VirtualTurnList({ groups, scrollRef, renderGroup, keepLast, paused = false }: VirtualTurnListProps) {
  const count = groups.length;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (let i = Math.max(0, range.count - keepLast); i < range.count; i++) indexes.add(i);
      return [...indexes].sort((a, b) => a - b);
    },
    [keepLast],
  );
  const isFast = useScrollSpeed(scrollRef);
  // Stable while the groups are: the virtualizer recomputes every row's position (2,000 turns:
  // all of them) whenever `getItemKey` is a new function, which made every scrolled frame O(turns).
  const getItemKey = useCallback((index: number) => groups[index]!.key, [groups]);
  const estimateSize = useCallback((index: number) => estimateGroup(groups[index]!), [groups]);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    // Where the log is, or its end: a new log starts pinned there. The default, 0, mounted the
    // first turns for a frame, and scrolled a log already scrolled up to the top when the
    // thread crossed `virtualizeAbove`.
    initialOffset: () => {
      const el = scrollRef.current;
      if (el && el.scrollTop < el.scrollHeight - el.clientHeight - 1) return el.scrollTop;
      let end = 0;
      for (const group of groups) end += estimateGroup(group);
      return end;
    },
    scrollToFn,
    overscan: 3,
    rangeExtractor,
  });

  const totalSize = virtualizer.getTotalSize();
  let rows = virtualizer.getVirtualItems();
  // Before the log has a size (first server or test render, a hidden tab) there is no range at
  // all; the newest groups are still what must be there.
  if (rows.length === 0 && count > 0) rows = virtualizer.measurementsCache.slice(-keepLast);

  const pinned = useMemo(() => new Set(groups.slice(-keepLast).map((group) => group.key)), [groups, keepLast]);
  const mounted = useRef<ReadonlySet<string>>(new Set());
  const hadCommit = useRef(false);
  // Each idle period that has time for a mount bumps `idleGrants`; a render that sees a grant it
  // has not spent yet may mount one row off screen.
  const [idleGrants, setIdleGrants] = useState(0);
  const spentGrants = useRef(0);
  const viewportStart = virtualizer.scrollOffset ?? 0;
  const viewportEnd = viewportStart + (virtualizer.scrollRect?.height ?? 0);
  const fast = isFast() || paused;
  const { content, waitingInView, waitingAhead } = chooseContentRows({
    rows: rows.map((row) => ({ key: row.key as string, start: row.start, end: row.end })),
    viewportStart,
    viewportEnd,
    mounted: mounted.current,
    pinned,
    budget: fast ? 0 : MOUNTS_PER_FRAME,
    aheadBudget: fast || idleGrants === spentGrants.current ? 0 : 1,
  });
  const keyed = new Map(rows.map((row) => [row.key as string, row]));
  // A row new to a commit after the list's first (a session's newest turns when its load
  // answers, a turn scrolled into view) mounts across tasks, most urgent first: the newest turns,
  // newest first, then the rows nearest the view.
  const urgency = (key: string) => {
    const row = keyed.get(key);
    if (!row) return Infinity;
    if (pinned.has(key)) return -1 - row.index / count;
    return Math.max(0, viewportStart - row.end + 1, row.start - viewportEnd + 1);
  };
  const partial = useRevealInSlices({
    content: [...content].sort((a, b) => urgency(a) - urgency(b)),
    sizeOf: (key) => {
      const row = keyed.get(key);
      const group = row && groups[row.index];
      return group ? group.end - group.start : 0;
    },
    mounted: mounted.current,
    whole: !hadCommit.current && !paused,
    isFast,
    scrollRef,
  });
  useIsomorphicLayoutEffect(() => {
    mounted.current = content;
    hadCommit.current = true;
    spentGrants.current = idleGrants;
  });
  useMountInView(waitingInView && !paused, isFast);
  useMountAhead(waitingAhead && !waitingInView && !paused, isFast, setIdleGrants);

  return (
    <div className="acp-thread__virtual" data-slot="thread-virtual-list" style={{ height: totalSize }}>
      {rows.map((row) => {
        const shown = partial.get(row.key as string);
        return (
          <div
            key={row.key as string}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className="acp-thread__virtual-row"
            // A turn still mounting keeps its row's size (measured, or estimated): nothing below
            // it moves until it is whole and measured again.
            style={{ transform: `translateY(${row.start}px)`, minHeight: shown === undefined ? undefined : row.size }}
          >
            {content.has(row.key as string) ? (
              renderGroup(groups[row.index]!, row.index, shown)
            ) : (
              <div className="acp-thread__placeholder" data-slot="thread-turn-placeholder" aria-hidden="true" style={{ height: row.size }} />
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * While placeholders wait in view, renders again on the next frame the log is not scrolling fast
 * (a scroll that stops raises no event, and the range may not change while it slows down).
 */
function useMountInView(pending: boolean, isFast: () => boolean) {
  const [, setFrame] = useState(0);
  useEffect(() => {
    if (!pending || typeof requestAnimationFrame === 'undefined') return;
    let id = requestAnimationFrame(function tick() {
      if (isFast()) id = requestAnimationFrame(tick);
      else setFrame((frame) => frame + 1);
    });
    return () => cancelAnimationFrame(id);
  });
}

/**
 * While placeholders wait off screen, grants one mount in the next idle period that has time
 * for it and is not between the frames of a fast scroll. The render runs in the idle period
 * itself (`flushSync`), not in a task that could land right before a frame.
 */
function useMountAhead(pending: boolean, isFast: () => boolean, setIdleGrants: (update: (grants: number) => number) => void) {
  useEffect(() => {
    if (!pending) return;
    return requestIdleTime(() => flushSync(() => setIdleGrants((grants) => grants + 1)), { minMs: IDLE_MOUNT_MS, wait: isFast });
  });
}
