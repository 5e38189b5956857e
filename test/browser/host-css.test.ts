/**
 * The README's quick start as a new user meets it: pasted into the stock Vite React template,
 * whose global stylesheet (copied verbatim in test/browser/fixtures/vite-template) centres #root,
 * sets `code { display: inline-flex; padding }` and an 18px/145% font, built with Vite and run in
 * Chromium against the demo agent. Each check runs in a parent of auto height (straight in the
 * template's #root) and in a parent of definite height (the README's fixed-height box).
 *
 * What must hold: the conversation log has a real height and the streamed text is in view; a
 * 200-line code block keeps its lines; paragraphs, lists, diffs and code are not centred; the
 * permission prompt's buttons can be clicked and the answer takes effect; in the fixed box the log
 * scrolls inside and the page does not grow, and in #root the log grows up to its cap and then
 * scrolls; a 400-turn thread stays virtualized in both; the header shows the session title.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { launchChromium } from './helpers/chromium.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';
import { buildViteTemplate, type BuiltPage } from './helpers/vite-template.js';
import { panel, sendPrompt, toolCall, waitReady, waitTurnEnd } from './helpers/e2e.js';
import { startDemo, type DemoServer } from '../helpers/demo.js';

const VIEWPORT = { width: 1200, height: 900 };
/** The fixture's fixed box (App.tsx). */
const BOX_HEIGHT = 560;
/** --acp-thread-max-height: the log's cap in a parent of auto height. */
const CAP = 0.7 * VIEWPORT.height;

let built: BuiltPage;
let server: StaticServer;
let agent: DemoServer;
let browser: Browser;

beforeAll(async () => {
  built = await buildViteTemplate();
  server = await serveStatic(built.dir);
  agent = await startDemo({ delayMs: 0 });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await agent?.close();
  built?.remove();
});

type Container = 'auto' | 'fixed';

/** Opens the template page; fails the test on any page error or console error. */
async function open(container: Container, query: Record<string, string> = {}, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  await page.goto(`${server.url}/?${new URLSearchParams({ agent: agent.url, container, ...query })}`);
  return { page, errors, close: () => context.close() };
}

const conversation = (page: Page) => panel(page).getByRole('log', { name: 'Conversation' });

interface Box {
  top: number;
  bottom: number;
  height: number;
}
const box = (locator: Locator): Promise<Box> =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height };
  });

/** The log's scroll state. */
const scrollState = (log: Locator) => log.evaluate((el) => ({ clientHeight: el.clientHeight, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop }));

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** Computed text-align of every element matching `selector` inside the panel (deduplicated). */
const alignments = (page: Page, selector: string) =>
  panel(page).evaluate((root, sel) => [...new Set([...root.querySelectorAll(sel)].map((el) => getComputedStyle(el).textAlign))], selector);

/** The element's box lies inside the log's visible area. */
async function inView(log: Locator, target: Locator): Promise<boolean> {
  const [l, t] = await Promise.all([box(log), box(target)]);
  return t.height > 0 && t.top >= l.top - 1 && t.bottom <= l.bottom + 1;
}

describe.each<[string, Container]>([
  ['in the template #root (auto height)', 'auto'],
  ['in a fixed-height box', 'fixed'],
])('the quick start %s', (_name, container) => {
  it('shows the streamed conversation, keeps a long code block on its lines, centres nothing', async () => {
    const { page, errors, close } = await open(container);
    try {
      await waitReady(page);
      const before = await pageHeight(page);
      await sendPrompt(page, '/explain');
      await waitTurnEnd(page);
      const log = conversation(page);

      // A real height, with the end of the answer in view (the log followed the stream).
      const end = log.getByText('for thousands of queued jobs, replace the sorted array', { exact: false });
      await expect.poll(() => inView(log, end)).toBe(true);
      const scroll = await scrollState(log);
      expect(scroll.clientHeight).toBeGreaterThan(200);
      expect(scroll.scrollHeight - scroll.scrollTop - scroll.clientHeight).toBeLessThan(2);
      // The answer is taller than the log: it scrolls inside it.
      expect(scroll.scrollHeight).toBeGreaterThan(scroll.clientHeight + 1000);

      if (container === 'fixed') {
        // The panel fills the box, and the page around it did not grow.
        const [panelBox, boxBox] = await Promise.all([box(panel(page)), box(page.getByTestId('box'))]);
        expect(Math.abs(panelBox.height - BOX_HEIGHT)).toBeLessThan(1);
        expect(Math.abs(panelBox.bottom - boxBox.bottom)).toBeLessThan(1);
        expect(await pageHeight(page)).toBe(before);
        await page.getByTestId('below').waitFor({ state: 'visible' });
      } else {
        // Grown with the conversation, up to the cap, and the rest of the panel is on screen.
        expect(scroll.clientHeight).toBeLessThanOrEqual(CAP + 1);
        expect(scroll.clientHeight).toBeGreaterThan(CAP - 2);
        expect((await box(panel(page).getByRole('textbox', { name: 'Message to the agent' }))).bottom).toBeLessThanOrEqual(VIEWPORT.height);
      }

      // The ~200-line block renders ~200 lines high, not one long line.
      const pre = log.locator('[data-slot="code-block"] pre').first();
      const code = await pre.evaluate((el) => ({
        lines: (el.textContent ?? '').split('\n').length,
        height: el.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(el).lineHeight),
        width: el.getBoundingClientRect().width,
        scrollWidth: el.scrollWidth,
        codeDisplay: getComputedStyle(el.querySelector('code')!).display,
      }));
      expect(code.lines).toBeGreaterThan(150);
      expect(code.height).toBeGreaterThanOrEqual(code.lines * code.lineHeight);
      expect(code.codeDisplay).toBe('inline');
      // Its lines are code lines, not one line thousands of pixels wide.
      expect(code.scrollWidth).toBeLessThan(code.width * 2);

      // Nothing the host centred is centred in the panel.
      for (const selector of ['.acp-markdown p', '.acp-markdown li', '.acp-markdown th', '.acp-code-block pre', '.acp-message']) {
        const found = await alignments(page, selector);
        expect(found.length, selector).toBeGreaterThan(0);
        for (const align of found) expect(['start', 'left'], selector).toContain(align);
      }
      // Inline code is inline again (the template makes it an inline-flex box with padding).
      const inline = await log
        .locator('.acp-markdown p code')
        .first()
        .evaluate((el) => getComputedStyle(el).display);
      expect(inline).toBe('inline');

      // The header names the session after the first prompt (session_info_update).
      await expect.poll(() => panel(page).locator('[data-slot="agent-panel-session-title"]').textContent()).toBe('/explain');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('lets the user answer a permission prompt, and the answer takes effect', async () => {
    const { page, errors, close } = await open(container);
    try {
      await waitReady(page);
      const before = await pageHeight(page);
      await sendPrompt(page, '/edit');
      const edit = toolCall(page, 'Edit:');
      const permission = edit.getByRole('group', { name: 'Permission needed: Edit src/greeting.ts' });
      await permission.waitFor();
      // The diff in the card is not centred either.
      const diffAlign = await edit.locator('[data-slot="diff"]').evaluate((el) => getComputedStyle(el).textAlign);
      expect(['start', 'left']).toContain(diffAlign);

      // A real click, which Chromium delivers only to a visible button that nothing covers.
      const allow = permission.getByRole('button', { name: 'Allow', exact: true });
      await allow.click();
      await permission.getByText('You chose: Allow').waitFor();
      await edit.getByRole('button', { name: /Completed/ }).waitFor();
      await waitTurnEnd(page);
      if (container === 'fixed') expect(await pageHeight(page)).toBe(before);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps a 400-turn thread virtualized, pinned to its end, and scrollable to its start', async () => {
    const { page, errors, close } = await open(container, { view: 'thread' });
    try {
      const log = page.getByRole('log', { name: 'Conversation' });
      // The loaded thread, not its stand-in (which shows the newest messages as text until the
      // conversation chunk arrives, then is replaced: a handle to it would read a detached log).
      await log.locator('.acp-thread__turn').first().waitFor();
      await log.getByText('Answer 399', { exact: true }).waitFor();
      await expect.poll(() => inView(log, log.getByText('Answer 399', { exact: true }))).toBe(true);
      const scroll = await scrollState(log);
      expect(scroll.clientHeight).toBeLessThanOrEqual(container === 'fixed' ? BOX_HEIGHT : CAP + 1);
      expect(scroll.clientHeight).toBeGreaterThan(300);
      // Only the turns near the viewport are mounted.
      const mounted = await log.locator('.acp-thread__turn').count();
      expect(mounted).toBeGreaterThan(0);
      expect(mounted).toBeLessThan(40);
      // Scrolling to the top brings the first turn in.
      await log.evaluate((el) => el.scrollTo({ top: 0 }));
      await log.getByText('Question 0', { exact: true }).waitFor();
      expect(await log.locator('.acp-thread__turn').count()).toBeLessThan(40);
      expect(await pageHeight(page)).toBeLessThanOrEqual(VIEWPORT.height);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the compact (notebook) panel', () => {
  it('grows in a parent of auto height up to its smaller cap, and fills a fixed box', async () => {
    for (const container of ['auto', 'fixed'] as const) {
      const { page, errors, close } = await open(container, { compact: '1' });
      try {
        await waitReady(page);
        await sendPrompt(page, '/explain');
        await waitTurnEnd(page);
        const log = conversation(page);
        await expect.poll(() => inView(log, log.getByText('for thousands of queued jobs', { exact: false }))).toBe(true);
        const { clientHeight } = await scrollState(log);
        const rootFont = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
        if (container === 'auto') {
          // --acp-thread-max-height-compact: min(60vh, 28rem)
          expect(Math.abs(clientHeight - Math.min(0.6 * VIEWPORT.height, 28 * rootFont))).toBeLessThan(2);
        } else {
          expect(Math.abs((await box(panel(page))).height - BOX_HEIGHT)).toBeLessThan(1);
          expect(clientHeight).toBeGreaterThan(200);
        }
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});

describe('the session title', () => {
  it('stays on one line in a narrow panel, cut with an ellipsis, without pushing the tools out', async () => {
    const { page, errors, close } = await open('auto', {}, { viewport: { width: 360, height: 700 } });
    try {
      await waitReady(page);
      await sendPrompt(page, '/plan the retries of the priority task queue, step by step');
      const title = panel(page).locator('[data-slot="agent-panel-session-title"]');
      await expect.poll(() => title.getAttribute('data-status')).toBe('titled');
      const metrics = await title.evaluate((el) => {
        const style = getComputedStyle(el);
        const header = el.closest('header')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return {
          height: r.height,
          lineHeight: parseFloat(style.lineHeight),
          clipped: el.scrollWidth > el.clientWidth,
          overflow: style.textOverflow,
          right: r.right,
          headerRight: header.right,
        };
      });
      expect(metrics.height).toBeLessThan(metrics.lineHeight * 1.5);
      expect(metrics.clipped).toBe(true);
      expect(metrics.overflow).toBe('ellipsis');
      expect(metrics.right).toBeLessThanOrEqual(metrics.headerRight + 0.5);
      // The header's buttons are all on screen.
      for (const button of await panel(page).locator('header button').all()) {
        const r = await button.evaluate((el) => el.getBoundingClientRect().right);
        expect(r).toBeLessThanOrEqual(360);
      }
      await waitTurnEnd(page);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

/** The panel's background and text colours as RGB channels. */
const colours = (page: Page) =>
  panel(page).evaluate((el) => {
    const channels = (value: string) => (value.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const style = getComputedStyle(el);
    return { background: channels(style.backgroundColor), text: channels(style.color) };
  });
const isDark = (c: { background: number[]; text: number[] }) => Math.max(...c.background) < 60 && Math.min(...c.text) > 180;
const isLight = (c: { background: number[]; text: number[] }) => Math.min(...c.background) > 200 && Math.max(...c.text) < 80;

// The build compiles light-dark() for Vite's default browser targets, as a new user's does:
// the colours must still follow the scheme, from the user's preference or from data-theme.
describe('the colour scheme in a production build', () => {
  it("follows the user's preference", async () => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const { page, errors, close } = await open('auto', {}, { colorScheme });
      try {
        await waitReady(page);
        expect(colorScheme === 'dark' ? isDark(await colours(page)) : isLight(await colours(page))).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('follows data-theme on a wrapper over the preference, either way', async () => {
    for (const [theme, colorScheme] of [
      ['dark', 'light'],
      ['light', 'dark'],
    ] as const) {
      const { page, errors, close } = await open('auto', { theme }, { colorScheme });
      try {
        await waitReady(page);
        expect(theme === 'dark' ? isDark(await colours(page)) : isLight(await colours(page))).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
