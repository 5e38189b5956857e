/**
 * Puts text on the clipboard, as well as the page allows.
 *
 * The async Clipboard API needs a secure context and, in some embeddings (iframes without the
 * clipboard-write permission), is refused. The legacy `execCommand('copy')` path still works in
 * many of those places. When both fail the caller falls back to selecting the text, so the user
 * can copy it with the keyboard.
 */
export async function copyText(text: string): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Refused (permissions, focus): try the legacy path below.
    }
  }
  return legacyCopy(text);
}

function legacyCopy(text: string): boolean {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '0';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  // Selecting moved focus into the textarea; give it back to the button the user pressed.
  previous?.focus();
  return ok;
}

/** Selects an element's text so the user can copy it themselves. */
export function selectContents(element: Element | null): boolean {
  if (!element || typeof window === 'undefined' || typeof window.getSelection !== 'function') return false;
  const selection = window.getSelection();
  if (!selection) return false;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}
