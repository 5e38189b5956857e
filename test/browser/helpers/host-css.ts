/**
 * Does a host page's global CSS reach inside the components? The host stylesheets of real
 * scaffolders (the Vite react-ts template, create-next-app's globals, a preflight-style reset),
 * plus extreme values of every inherited text property on the components' container, are added
 * to the page and removed again in one synchronous step: each element inside a component root
 * must compute the same styles with and without them. A difference is a property the component
 * left to the page (`code { display: inline-flex }`, a centred #root, a reset's list-style).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');

/** Every property the components' look depends on that a host rule commonly sets. */
const PROPERTIES = [
  'display',
  'position',
  'float',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-top-style',
  'border-top-left-radius',
  'border-collapse',
  'box-sizing',
  'text-align',
  'text-indent',
  'text-transform',
  'text-shadow',
  'text-decoration-line',
  'white-space',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant-caps',
  'font-synthesis-weight',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'list-style-type',
  'vertical-align',
  'color',
  'background-color',
  'background-image',
  'appearance',
];

/** The component roots, as tokens.css lists them (test/components/StyleRoots.test.ts keeps that list whole). */
function rootSelector(): string {
  const tokens = readFileSync(new URL('../../../src/styles/tokens.css', import.meta.url), 'utf8');
  const list = /:is\(([^)]*)\)\s*\{[^}]*text-align: start/.exec(tokens);
  if (!list) throw new Error('tokens.css has no `:is(…roots) { … text-align: start … }` rule');
  return list[1]!
    .split(',')
    .map((s) => s.trim())
    .join(', ');
}

/**
 * The host CSS, for a page whose app root is `appRoot` and whose components sit in `container`:
 * the template's `#root` rules are aimed at `appRoot`, and the container gets inherited text
 * properties no component may pass on (!important beats inline styles such as Storybook's).
 */
export function hostGlobalsCss(appRoot: string, container: string): string {
  const inherited = `${container} {
    font: italic 700 18px/145% serif !important; font-variant: small-caps !important;
    letter-spacing: 0.5px !important; word-spacing: 3px !important; text-align: center !important;
    text-indent: 7px !important; text-transform: uppercase !important; white-space: pre-line !important;
    color: red !important; text-shadow: 1px 1px red !important;
  }`;
  return [
    fixture('vite-template/src/index.css').replaceAll('#root', appRoot),
    fixture('host-css/next-app-globals.css'),
    fixture('host-css/preflight-like-reset.css'),
    inherited,
  ].join('\n');
}

/**
 * Every (element, property) inside a component root under `container` whose computed value the
 * host CSS changes, as `tag.class | property: before -> after`. Differences that cannot show are
 * left out: box-sizing of class-less elements (text elements with no set size), the style of a
 * zero-width border, vertical-align where it does not apply, fonts of check boxes and file
 * inputs, and auto margins (which follow the layout).
 */
export function hostStyleLeaks(page: Page, css: string, container: string): Promise<string[]> {
  return page.evaluate(
    ({ css, container, props, roots }) => {
      const scope = document.querySelector(container);
      if (!scope) throw new Error(`no ${container} in the page`);
      const elements = [...scope.querySelectorAll('*')].filter((el) => el.closest(roots)) as HTMLElement[];
      const snapshot = () =>
        elements.map((el) => {
          const style = getComputedStyle(el);
          return props.map((p) => style.getPropertyValue(p));
        });
      const before = snapshot();
      const sheet = document.createElement('style');
      sheet.textContent = css;
      document.head.append(sheet);
      const after = snapshot();
      sheet.remove();

      const at = (name: string) => props.indexOf(name);
      const label = (el: Element) => {
        const own = [...el.classList].find((c) => c.startsWith('acp-'));
        if (own) return `${el.tagName.toLowerCase()}.${own}`;
        const owner = el.parentElement?.closest('[class*="acp-"]');
        const ownerClass = owner ? [...owner.classList].find((c) => c.startsWith('acp-')) : undefined;
        return `${ownerClass ? `.${ownerClass} ` : ''}${el.tagName.toLowerCase()}`;
      };
      const leaks = new Set<string>();
      elements.forEach((el, i) => {
        if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') return;
        const parentDisplay = el.parentElement ? getComputedStyle(el.parentElement).display : '';
        const inFlexOrGrid = /flex|grid/.test(parentDisplay);
        const formControl = el instanceof HTMLInputElement && /^(checkbox|radio|file)$/.test(el.type);
        const hasClass = [...el.classList].some((c) => c.startsWith('acp-'));
        props.forEach((prop, j) => {
          const a = before[i]![j]!;
          const b = after[i]![j]!;
          if (a === b) return;
          if (prop === 'box-sizing' && !hasClass) return;
          if (prop === 'border-top-style' && before[i]![at('border-top-width')] === '0px' && after[i]![at('border-top-width')] === '0px') return;
          if (prop === 'vertical-align' && (inFlexOrGrid || /^(block|flex|grid|list-item)$/.test(before[i]![at('display')]!))) return;
          if (formControl && /font|color|line-height|spacing/.test(prop)) return;
          if (/^margin-(left|right)$/.test(prop) && a !== '0px' && b !== '0px') return;
          leaks.add(`${label(el)} | ${prop}: ${a} -> ${b}`);
        });
      });
      return [...leaks];
    },
    { css, container, props: PROPERTIES, roots: rootSelector() },
  );
}
