/**
 * Hostile agent output in real Chromium: raw HTML, script, event handlers, dangerous link
 * schemes, SVG and remote images, HTML in tool titles and terminal output. Nothing may run and
 * no dangerous link may stay live.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './helpers/chromium.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';

const root = fileURLToPath(new URL('../../playground-dist', import.meta.url));
let browser: Browser;
let server: StaticServer;
let page: Page;
/** Requests to the remote image's host: none may happen before the user asks. */
const trackerRequests: string[] = [];

beforeAll(async () => {
  server = await serveStatic(root);
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('request', (request) => {
    if (request.url().includes('tracker.example.com')) trackerRequests.push(request.url());
  });
  await page.goto(`${server.url}/hostile.html`);
  await page.getByRole('heading', { name: 'Hostile content' }).waitFor();
  await page.getByTestId('hostile-root').locator('article, section').first().waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('runs no script from agent content, even after the user clicks every link and button', async () => {
  // Open every disclosure and click every link, as a curious user would.
  for (const button of await page.locator('[data-testid="hostile-root"] button[aria-expanded="false"]').all()) {
    await button.click().catch(() => {});
  }
  const links = await page.locator('[data-testid="hostile-root"] a').all();
  for (const link of links) {
    await link.click({ modifiers: [], noWaitAfter: true, timeout: 2000 }).catch(() => {});
  }
  await page.mouse.move(200, 200);
  await page.waitForTimeout(100);
  expect(await page.evaluate(() => (window as unknown as { __acpPwned?: number }).__acpPwned)).toBeUndefined();
});

it('keeps no live dangerous markup in the DOM', async () => {
  const report = await page.evaluate(() => {
    const root = document.querySelector('[data-testid="hostile-root"]')!;
    const all = [...root.querySelectorAll('*')];
    return {
      scripts: root.querySelectorAll('script').length,
      iframes: root.querySelectorAll('iframe, object, embed').length,
      handlers: all.flatMap((el) => [...el.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => `${el.tagName}[${a.name}]`)),
      hrefs: [...root.querySelectorAll('[href]')].map((el) => el.getAttribute('href') ?? ''),
      srcs: [...root.querySelectorAll('[src]')].map((el) => el.getAttribute('src') ?? ''),
      svgImages: [...root.querySelectorAll('img')].filter((img) => /svg/i.test(img.getAttribute('src') ?? '')).length,
      inlineSvgFromAgent: [...root.querySelectorAll('svg [onload], svg script')].length,
    };
  });
  expect(report.scripts).toBe(0);
  expect(report.iframes).toBe(0);
  expect(report.handlers).toEqual([]);
  for (const href of report.hrefs) expect(href).toMatch(/^(https?:|mailto:|#)/i);
  expect(report.hrefs).toContain('https://example.com/docs');
  for (const src of report.srcs) expect(src).toMatch(/^data:image\/(png|jpeg|gif|webp|avif);/);
  expect(report.svgImages).toBe(0);
  expect(report.inlineSvgFromAgent).toBe(0);
});

it('blocks remote images until the user asks, and shows HTML from tool titles and terminals as text', async () => {
  expect(await page.locator('img[src^="https://tracker.example.com"]').count()).toBe(0);
  expect(trackerRequests).toEqual([]);
  const text = await page.getByTestId('hostile-root').innerText();
  expect(text).toContain('<img src=x onerror=');
  expect(text).toContain('<script>');
  const loadButton = page.getByRole('button', { name: /tracker\.example\.com/ });
  await expect(loadButton.count()).resolves.toBeGreaterThan(0);
  // Only the user's click fetches it (the network is closed here, so the fetch itself fails).
  const fetched = page.waitForRequest((request) => request.url().startsWith('https://tracker.example.com/'));
  await loadButton.first().click();
  await fetched;
  expect(await page.evaluate(() => (window as unknown as { __acpPwned?: number }).__acpPwned)).toBeUndefined();
});
