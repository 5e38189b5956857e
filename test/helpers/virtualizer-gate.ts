/**
 * Holds back the virtualizer's on-demand module (Thread/VirtualTurnList.js) until a test opens
 * the gate, to cover the path a page's first long thread takes while it is fetched. In a test file:
 *
 *   vi.mock('../../src/components/Thread/VirtualTurnList.js', async (importOriginal) =>
 *     (await import('../helpers/virtualizer-gate.js')).heldBack(importOriginal));
 *
 * then `virtualizerFetch.requested` says whether the thread asked for it and
 * `virtualizerFetch.open()` lets it load. The factory imports this module itself because
 * `vi.mock` is hoisted above the file's imports.
 */
let open!: () => void;
const gate = new Promise<void>((resolve) => (open = resolve));

export const virtualizerFetch = { requested: false, open: () => open() };

export async function heldBack<T>(importOriginal: () => Promise<T>): Promise<T> {
  virtualizerFetch.requested = true;
  await gate;
  return importOriginal();
}
