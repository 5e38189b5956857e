/**
 * The few rules xterm.js needs to lay out its DOM renderer (hide its input textarea and
 * measuring element, stack its layers, style its scrollbar), written for this dialog and adopted
 * as a constructed stylesheet when the emulator loads: they stay out of `acp-react/styles.css`
 * (and its budget) for pages that never sign in this way, and a constructed sheet needs no
 * `style-src` exception under a strict CSP. Colours come from the dialog's tokens.
 */
const RULES = `
.acp-sign-in-terminal__screen .xterm { position: relative; height: 100%; user-select: none; cursor: text; }
.acp-sign-in-terminal__screen .xterm-helpers { position: absolute; top: 0; z-index: 5; }
.acp-sign-in-terminal__screen .xterm-helper-textarea {
  position: absolute; left: -9999em; top: 0; z-index: -5; width: 0; height: 0; margin: 0; padding: 0; border: 0;
  opacity: 0; overflow: hidden; resize: none; white-space: nowrap;
}
.acp-sign-in-terminal__screen .composition-view { display: none; position: absolute; z-index: 1; white-space: nowrap; }
.acp-sign-in-terminal__screen .composition-view.active { display: block; }
.acp-sign-in-terminal__screen .xterm-viewport { position: absolute; inset: 0; overflow-y: scroll; cursor: default; }
.acp-sign-in-terminal__screen .xterm-screen { position: relative; }
.acp-sign-in-terminal__screen .xterm-screen canvas { position: absolute; left: 0; top: 0; }
.acp-sign-in-terminal__screen .xterm-decoration-container .xterm-decoration { position: absolute; z-index: 6; }
.xterm-char-measure-element { display: inline-block; position: absolute; top: 0; left: -9999em; visibility: hidden; line-height: normal; }
.acp-sign-in-terminal__screen .xterm-accessibility-tree { position: absolute; inset: 0; z-index: 10; color: transparent; pointer-events: none; user-select: text; white-space: pre; }
.acp-sign-in-terminal__screen .live-region { position: absolute; left: -9999px; width: 1px; height: 1px; overflow: hidden; }
.acp-sign-in-terminal__screen .xterm-dim { opacity: 0.6; }
.acp-sign-in-terminal__screen .xterm-underline-1 { text-decoration: underline; }
.acp-sign-in-terminal__screen .xterm-underline-2 { text-decoration: underline double; }
.acp-sign-in-terminal__screen .xterm-underline-3 { text-decoration: underline wavy; }
.acp-sign-in-terminal__screen .xterm-underline-4 { text-decoration: underline dotted; }
.acp-sign-in-terminal__screen .xterm-underline-5 { text-decoration: underline dashed; }
.acp-sign-in-terminal__screen .xterm-strikethrough { text-decoration: line-through; }
.acp-sign-in-terminal__screen .xterm-scrollable-element > .scrollbar { cursor: default; }
.acp-sign-in-terminal__screen .xterm-scrollable-element > .scrollbar > .slider { background: color-mix(in srgb, currentColor 35%, transparent); }
.acp-sign-in-terminal__screen .xterm-scrollable-element > .invisible { opacity: 0; pointer-events: none; }
`;

type StyleRoot = Document | ShadowRoot;
const adopted = new WeakSet<StyleRoot>();

/** Where the dialog's styles must go: its shadow root when it renders in one (acp-react/element), else its document. */
function styleRoot(element: HTMLElement): StyleRoot | null {
  const root = element.getRootNode();
  const target = root instanceof ShadowRoot ? root : element.ownerDocument;
  return typeof CSSStyleSheet !== 'undefined' && 'adoptedStyleSheets' in target ? target : null;
}

/** Adds the rules to the element's document (or shadow root) once. */
export function adoptXtermSheet(element: HTMLElement): void {
  const root = styleRoot(element);
  if (!root || adopted.has(root)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(RULES);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  adopted.add(root);
}

/**
 * Runs `open` (xterm's `terminal.open`) so that the `<style>` elements xterm writes its theme,
 * cell dimensions and scrollbar colours into become constructed stylesheets instead: a page whose
 * CSP has no `style-src 'unsafe-inline'` blocks (and reports) every inline `<style>`, and the
 * terminal would lose its font, colours and row heights. xterm creates those elements only while
 * it opens, through its document's `createElement('style')`, so for that synchronous call only,
 * `style` elements are hidden stand-ins whose text is mirrored into a constructed sheet adopted by
 * the root (constructed sheets are not subject to `style-src`). Returns the cleanup.
 */
export function openWithConstructedStyles(element: HTMLElement, open: () => void): () => void {
  const root = styleRoot(element);
  if (!root) {
    open();
    return () => {};
  }
  const doc = element.ownerDocument;
  const standIns: HTMLElement[] = [];
  const original = Object.getOwnPropertyDescriptor(doc, 'createElement');
  const create = doc.createElement.bind(doc);
  Object.defineProperty(doc, 'createElement', {
    configurable: true,
    writable: true,
    value: (tag: string, options?: ElementCreationOptions) => {
      if (tag.toLowerCase() !== 'style') return create(tag, options);
      const standIn = create('acp-xterm-style');
      standIn.hidden = true;
      standIns.push(standIn);
      return standIn;
    },
  });
  try {
    open();
  } finally {
    if (original) Object.defineProperty(doc, 'createElement', original);
    else delete (doc as { createElement?: unknown }).createElement;
  }
  const sheets = standIns.map(() => new CSSStyleSheet());
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
  // xterm rewrites these texts when the theme, the font or the size changes.
  const observers = standIns.map((standIn, index) => {
    const sync = () => sheets[index]!.replaceSync(standIn.textContent ?? '');
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(standIn, { childList: true, characterData: true, subtree: true });
    return observer;
  });
  return () => {
    for (const observer of observers) observer.disconnect();
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => !sheets.includes(sheet));
  };
}
