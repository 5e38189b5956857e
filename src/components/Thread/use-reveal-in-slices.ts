import { useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { SLICE_MS, startSlice, yieldToMain } from '../../core/slices.js';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';

/** The most items one step of a reveal shows: bounds the step an expensive item can join. */
const MAX_STEP = 8;

export interface RevealInput {
  /** Rows rendering their turn in this commit, most urgent first (the newest turns, then those in view). */
  content: readonly string[];
  /** How many items the row's turn holds now. */
  sizeOf: (key: string) => number;
  /** Rows that rendered their turn in the last commit. */
  mounted: ReadonlySet<string>;
  /**
   * Rows new to this commit mount whole (the list's first render of a finished thread: what it
   * opens on must be there at once, as before it was virtualized).
   */
  whole: boolean;
  /** True while the log scrolls fast: no slice runs (rows passing by that fast are not worth it). */
  isFast: () => boolean;
  /** The log: its layout is brought up to date after each item, inside the slice. */
  scrollRef: RefObject<HTMLElement | null>;
}

/**
 * A turn that starts rendering after the list's first commit (the newest turns when a long
 * `session/load` answers, a turn scrolled into view) mounts across tasks: its first item in the
 * commit that brings it, then the rest a few items at a time in slices of main-thread time
 * (`SLICE_MS`) that yield to input and paint in between. Each step is a synchronous commit
 * followed by the log's layout, so the slice's clock counts all the item costs: left to the next
 * frame, the layout of every slice run since the last one (a frame can come after several) made
 * one task of 20 ms and more. A turn holds a prompt, thoughts, tool cards with diffs and a
 * markdown answer: mounting one whole costs 10–40 ms of script, several at once more than a
 * frame can give.
 *
 * How many items a step shows is learned from what the last step cost: every commit pays the
 * list's own render and the log's layout once, so cheap items (a line of text, a finished tool
 * card) go several to a step, up to MAX_STEP, while a step that took over half a slice halves the
 * next one, down to one item.
 *
 * Returns the rows still partly shown: key → how many of their items to render. A row whose items
 * were all shown once is whole for good: an item streaming into it later renders at once.
 */
export function useRevealInSlices({ content, sizeOf, mounted, whole, isFast, scrollRef }: RevealInput): ReadonlyMap<string, number> {
  // Committed partial counts; the slice loop raises them between commits.
  const revealed = useRef<Map<string, number>>(new Map());
  const [, setRevealed] = useState(0);
  // Items the next step shows (see above); kept across slices and turns.
  const step = useRef(1);
  const sizes = useRef(sizeOf);

  const partial = new Map<string, number>();
  for (const key of content) {
    const size = sizeOf(key);
    const count = revealed.current.get(key) ?? (mounted.has(key) || whole ? size : 1);
    if (count < size) partial.set(key, count);
  }
  useIsomorphicLayoutEffect(() => {
    revealed.current = partial;
    sizes.current = sizeOf;
  });

  const pending = partial.size > 0;
  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    const frame = () => new Promise<void>((resolve) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => resolve()) : resolve()));
    void (async () => {
      for (;;) {
        await yieldToMain();
        if (stopped) return;
        if (isFast()) {
          await frame();
          continue;
        }
        const slice = startSlice();
        do {
          const started = performance.now();
          if (!raise(revealed.current, step.current, sizes.current)) return;
          flushSync(() => setRevealed((n) => n + 1));
          if (stopped) return;
          // Reading a size lays the page out now, within this slice.
          void scrollRef.current?.scrollHeight;
          const cost = performance.now() - started;
          if (cost < SLICE_MS / 4) step.current = Math.min(MAX_STEP, step.current * 2);
          else if (cost > SLICE_MS / 2) step.current = Math.max(1, step.current >> 1);
        } while (!slice.spent());
      }
    })();
    return () => {
      stopped = true;
    };
  }, [pending, isFast, scrollRef]);

  return partial;
}

/**
 * Raises the partial rows' counts by `items` in all, most urgent first (the map is in content's
 * order). False when nothing was left to show.
 */
function raise(partial: Map<string, number>, items: number, sizeOf: (key: string) => number): boolean {
  let left = items;
  for (const [key, count] of partial) {
    if (left === 0) break;
    const added = Math.min(left, sizeOf(key) - count);
    if (added <= 0) continue;
    partial.set(key, count + added);
    left -= added;
  }
  return left < items;
}
