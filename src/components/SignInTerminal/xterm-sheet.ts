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

let adopted = false;

/** Adds the rules to the document once. */
export function adoptXtermSheet(doc: Document): void {
  if (adopted || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in doc)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(RULES);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  adopted = true;
}
