/** A virtual row as far as choosing its content goes: where it sits in the list. */
export interface RowExtent {
  key: string;
  start: number;
  end: number;
}

export interface ContentRowsInput {
  /** The rows the virtualizer renders (visible and overscan), in order. */
  rows: readonly RowExtent[];
  /** The visible part of the list, in list coordinates. */
  viewportStart: number;
  viewportEnd: number;
  /** Rows that rendered their content in the last commit; they keep it. */
  mounted: ReadonlySet<string>;
  /** Rows that must always render their content (the newest turns). */
  pinned: ReadonlySet<string>;
  /** How many rows may mount their content in this commit (a frame's share). */
  budget: number;
  /**
   * How many more rows off screen may mount their content in this commit: granted by an idle
   * period, so that turns about to scroll into view are mounted before a frame has to.
   */
  aheadBudget: number;
}

export interface ContentRows {
  /** Keys of the rows that render their content; the others render a placeholder. */
  content: Set<string>;
  /** A row in view still shows a placeholder: it mounts in a coming frame. */
  waitingInView: boolean;
  /** A row off screen still shows a placeholder: it mounts in a coming idle period. */
  waitingAhead: boolean;
}

/**
 * Which rows render their turn and which a placeholder of the row's size. Mounting a turn (its
 * markdown, code block and tool call card) is the expensive part of a scrolled frame, so a render
 * mounts at most `budget` new rows (plus `aheadBudget` off screen when an idle period grants
 * them): those in view, or when none is waiting there, the nearest to the view (when scrolling,
 * the rows the scroll is heading to: the rows behind it are mounted already). Rows already
 * showing their content keep it, so nothing the user sees is swapped back out.
 */
export function chooseContentRows({ rows, viewportStart, viewportEnd, mounted, pinned, budget, aheadBudget }: ContentRowsInput): ContentRows {
  const content = new Set<string>();
  const inView: string[] = [];
  const ahead: { key: string; distance: number }[] = [];
  for (const row of rows) {
    if (mounted.has(row.key) || pinned.has(row.key)) content.add(row.key);
    else {
      // A row that only touches the viewport's edge is 1 away.
      const distance = Math.max(0, viewportStart - row.end + 1, row.start - viewportEnd + 1);
      if (distance === 0) inView.push(row.key);
      else ahead.push({ key: row.key, distance });
    }
  }
  const inViewChosen = inView.slice(0, budget);
  // Rows in view come first, and alone: rows off screen wait for a render that has none in view
  // to mount (the first frame of a thread shows what is in view and nothing more).
  const aheadChosen = inView.length > 0 ? [] : ahead.sort((a, b) => a.distance - b.distance).slice(0, budget + aheadBudget);
  for (const key of inViewChosen) content.add(key);
  for (const row of aheadChosen) content.add(row.key);
  return { content, waitingInView: inView.length > inViewChosen.length, waitingAhead: ahead.length > aheadChosen.length };
}
