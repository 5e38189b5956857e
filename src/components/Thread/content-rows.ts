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
  /** How many rows may mount their content in this commit, besides those above. */
  budget: number;
}

export interface ContentRows {
  /** Keys of the rows that render their content; the others render a placeholder. */
  content: Set<string>;
  /** Some row still shows a placeholder and will mount once there is budget. */
  pending: boolean;
}

/**
 * Which rows render their turn and which a placeholder of the row's size. Mounting a turn (its
 * markdown, code block and tool call card) is the expensive part of a scrolled frame, so a frame
 * mounts at most `budget` new ones: those in view, or when none is waiting there, the nearest
 * to the view. Rows already showing their content keep it, so nothing the user sees is swapped
 * back out.
 */
export function chooseContentRows({ rows, viewportStart, viewportEnd, mounted, pinned, budget }: ContentRowsInput): ContentRows {
  const content = new Set<string>();
  const waiting: { key: string; distance: number }[] = [];
  for (const row of rows) {
    if (mounted.has(row.key) || pinned.has(row.key)) content.add(row.key);
    // 0 in view; a row that only touches the viewport's edge is 1 away.
    else waiting.push({ key: row.key, distance: Math.max(0, viewportStart - row.end + 1, row.start - viewportEnd + 1) });
  }
  // Rows in view come first, and alone: the rows off screen wait for a frame that has none in
  // view to mount (the first frame of a thread shows what is in view and nothing more).
  const inView = waiting.filter((row) => row.distance === 0);
  const candidates = inView.length > 0 ? inView : waiting.sort((a, b) => a.distance - b.distance);
  const chosen = candidates.slice(0, budget);
  for (const row of chosen) content.add(row.key);
  return { content, pending: waiting.length > chosen.length };
}
