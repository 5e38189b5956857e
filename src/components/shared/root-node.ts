/**
 * The document or shadow root a node lives in. Ids and the focused element are looked up there:
 * `document.getElementById` and `document.activeElement` do not see into a shadow root, where
 * the components render inside `<acp-agent-panel>`.
 */
function rootOf(node: Node | null | undefined): Document | ShadowRoot | null {
  const root = node?.getRootNode();
  return root && 'getElementById' in root ? (root as Document | ShadowRoot) : null;
}

/** The element with `id` in the same document or shadow root as `node`. */
export function elementById(node: Node | null | undefined, id: string): HTMLElement | null {
  return rootOf(node)?.getElementById(id) ?? null;
}

/** The focused element as seen from `node`'s document or shadow root. */
export function activeElementNear(node: Node | null | undefined): Element | null {
  return rootOf(node)?.activeElement ?? null;
}

/**
 * The element that has the focus, looked for through open shadow roots: inside
 * `<acp-agent-panel>`, `document.activeElement` is the element itself, not the button in it.
 */
export function deepActiveElement(doc: Document = document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
