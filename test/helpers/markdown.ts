import { waitFor } from '@testing-library/react';

/**
 * Waits until no markdown part is waiting for the parse budget (see
 * src/components/Markdown/parse-budget.ts): a large text renders over a few frames, showing the
 * text as written for the parts not parsed yet.
 */
/** A part shown as written until parsed, or a paragraph whose cutting waits (its text may look done). */
const WAITING = '[data-slot="markdown-pending"], p[data-state="pending"]';

export async function settled(container: HTMLElement, timeout = 5000): Promise<void> {
  // Nothing waiting: return without yielding, so the caller sees the DOM of this very render
  // (other async work, such as code highlighting, must not move on in between).
  if (!container.querySelector(WAITING)) return;
  await waitFor(
    () => {
      if (container.querySelector(WAITING)) throw new Error('markdown still waiting for the parse budget');
    },
    { timeout },
  );
}
