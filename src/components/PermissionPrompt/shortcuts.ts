/**
 * Keyboard shortcuts for permission options: digits 1 to 9 in the agent's order.
 *
 * Digits are the same on every layout, need no modifier and cannot collide with a letter the
 * agent put in an option name. They are handled only by the prompt itself, so they never fire
 * while focus is elsewhere.
 */
export const MAX_SHORTCUTS = 9;

/** The key for the option at `index`, or null past the ninth. */
export function shortcutKey(index: number): string | null {
  return index >= 0 && index < MAX_SHORTCUTS ? String(index + 1) : null;
}

export interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Index of the option a key press picks, or -1. Modified presses belong to the host or browser. */
export function optionIndexForKey(event: ShortcutEvent, optionCount: number): number {
  if (event.ctrlKey || event.metaKey || event.altKey) return -1;
  if (!/^[1-9]$/.test(event.key)) return -1;
  const index = Number(event.key) - 1;
  return index < Math.min(optionCount, MAX_SHORTCUTS) ? index : -1;
}

/**
 * Typing guard: a shortcut counts only after `guardMs` without key presses since the prompt
 * appeared. Someone typing "v1.2" in another field when the prompt steals focus must not
 * approve anything with the "1" that was meant for the text.
 */
export function isDeliberate(now: number, lastKeyAt: number, guardMs: number): boolean {
  return now - lastKeyAt >= guardMs;
}
