/**
 * Focus for permission prompts, several of which may wait at once (an agent may ask a hundred
 * permissions in one burst). Each waiting prompt holds a claim; focus goes to one of them:
 * - Prompts that appear while an earlier one (in the page's order) holds focus and still waits
 *   leave it there: the user is answering that one, and a hundred `focus()` calls would lay the
 *   page out a hundred times in one task only for the last prompt to win.
 * - Otherwise a new prompt takes focus, as a lone prompt always has.
 * - When the focused prompt is answered, focus moves on to the first prompt still waiting: a
 *   burst is answered from the keyboard one after another. The prompt handed focus is told, so
 *   its typing guard starts again (a digit held down must not answer the whole burst).
 */

export interface FocusClaim {
  element: HTMLElement;
  /** Focus was handed to this prompt because the one before was answered. */
  onHandOver(): void;
}

const waiting = new Map<HTMLElement, FocusClaim>();

/** A waiting prompt asks for focus as it appears. */
export function claimFocus(claim: FocusClaim): void {
  waiting.set(claim.element, claim);
  const active = typeof document === 'undefined' ? null : document.activeElement;
  const holder = active instanceof HTMLElement ? waiting.get(active) : undefined;
  if (holder && holder !== claim && comesBefore(holder.element, claim.element)) return;
  claim.element.focus();
}

/**
 * The prompt no longer waits (answered, settled elsewhere, or gone). With `handOver`, if it held
 * focus, focus moves to the first prompt still waiting.
 */
export function releaseFocus(claim: FocusClaim, { handOver = false } = {}): void {
  if (waiting.get(claim.element) !== claim) return;
  waiting.delete(claim.element);
  if (!handOver || document.activeElement !== claim.element) return;
  let next: FocusClaim | undefined;
  for (const other of waiting.values()) if (other.element.isConnected && (!next || comesBefore(other.element, next.element))) next = other;
  if (!next) return;
  next.onHandOver();
  next.element.focus();
}

function comesBefore(a: Node, b: Node): boolean {
  return (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}
