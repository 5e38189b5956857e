/**
 * The library's stylesheet for a shadow root, as a constructable sheet (`adoptedStyleSheets`): the
 * same sheets, in the same order, as `acp-react/styles.css` (the tokens, then each component's
 * and each panel's, the on-demand parts' included, so a part fetched later is styled already).
 * No `<style>` element and no inline style is injected, so it works under a strict CSP without
 * `style-src 'unsafe-inline'`. The texts come from the bundler as strings (`?inline`).
 */
const tokens = import.meta.glob<string>('../styles/tokens.css', { query: '?inline', import: 'default', eager: true });
const components = import.meta.glob<string>('../components/**/*.css', { query: '?inline', import: 'default', eager: true });
const panels = import.meta.glob<string>('../panels/**/*.css', { query: '?inline', import: 'default', eager: true });

/** What the element adds: the host is a block, and the panel fills it. */
const HOST_RULES = `
:host { display: block; }
:host([hidden]) { display: none; }
.acp-element { height: 100%; }
.acp-element__problem { margin: 0; padding: var(--acp-space-3); border: 1px solid var(--acp-danger); border-radius: var(--acp-radius-sm); background: var(--acp-danger-subtle); color: var(--acp-fg); font-family: var(--acp-font-sans); font-size: var(--acp-font-size); line-height: var(--acp-line-height); }
.acp-element__problem code { font-family: var(--acp-font-mono); }
`;

/** The sheet's text: `:root` becomes `:host`, since nothing in a shadow tree matches `:root`. */
export function elementCss(): string {
  const ordered = (sheets: Record<string, string>) =>
    Object.keys(sheets)
      .sort()
      .map((key) => sheets[key]!);
  return [...ordered(tokens), ...ordered(components), ...ordered(panels), HOST_RULES].join('\n').replace(/:root\b/g, ':host');
}

/** One sheet per window (a constructed sheet is adopted only in its own document), made on first use. */
const sheets = new WeakMap<object, CSSStyleSheet>();

export function adoptLibrarySheet(root: ShadowRoot): void {
  const view = root.ownerDocument.defaultView;
  if (!view) return;
  let sheet = sheets.get(view);
  if (!sheet) {
    sheet = new view.CSSStyleSheet();
    sheet.replaceSync(elementCss());
    sheets.set(view, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
