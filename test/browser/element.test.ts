/**
 * `<acp-agent-panel>` (acp-react/element) in the built playground's element page, a page with no
 * React of its own, under a strict CSP (no `unsafe-inline` styles, no `unsafe-eval`): two
 * independent elements connect to the demo agent; the test reaches into the open shadow root,
 * runs a turn, changes the theme attribute, sets invalid attributes, and removes and re-adds an
 * element, watching the demo agent's connection count. One page for the whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from './helpers/chromium.js';
import { PLAYGROUND_DIST, toolCall } from './helpers/e2e.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';
import { startDemo, type DemoServer } from '../helpers/demo.js';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self' ws://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-src 'none'",
].join('; ');

let browser: Browser;
let server: StaticServer;
let agent: DemoServer;
let page: Page;
const violations: string[] = [];
const errors: string[] = [];
const warnings: string[] = [];

beforeAll(async () => {
  agent = await startDemo({ delayMs: 2 });
  server = await serveStatic(PLAYGROUND_DIST, { csp: CSP });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(20_000);
  await page.exposeFunction('__reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportViolation(v: string): void }).__reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const query = new URLSearchParams({ agent: agent.url, workspace: 'browser', cwd: '/workspace' });
  await page.goto(`${server.url}/element.html?${query}`);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await agent?.close();
});

// Playwright's CSS and role locators pierce open shadow roots.
const main = (): Locator => page.locator('#main-panel');
const second = (): Locator => page.locator('#second-panel');
const input = (host: Locator) => host.getByRole('textbox', { name: 'Message to the agent' });
const events = () => page.locator('#events li').allTextContents();

async function waitConnected(host: Locator) {
  await host
    .getByRole('status')
    .filter({ hasText: /^Connected$/ })
    .waitFor();
  await host.locator('textarea:not([disabled])').waitFor();
}

describe('<acp-agent-panel> on a page without React, under a strict CSP', () => {
  it('connects both elements on their own connections and runs a turn inside the shadow root', async () => {
    await waitConnected(main());
    await waitConnected(second());
    expect(agent.connections).toBe(2);

    // An open shadow root, with the library's sheet adopted and no <style> or inline style injected.
    const shadow = await page.evaluate(() => {
      const root = document.getElementById('main-panel')!.shadowRoot!;
      const panel = root.querySelector<HTMLElement>('[data-slot="agent-panel"]')!;
      return {
        adopted: root.adoptedStyleSheets.length,
        rules: root.adoptedStyleSheets[0]?.cssRules.length ?? 0,
        styleElements: document.querySelectorAll('style').length + root.querySelectorAll('style').length,
        fontFamily: getComputedStyle(panel).fontFamily,
        display: getComputedStyle(panel).display,
      };
    });
    expect(shadow.adopted).toBe(1);
    expect(shadow.rules).toBeGreaterThan(100);
    expect(shadow.styleElements).toBe(0);
    expect(shadow.display).toBe('flex');
    expect(shadow.fontFamily).toContain('system-ui');

    const box = input(main());
    await box.fill('/explain the greeting module');
    await box.press('Escape');
    await box.press('Enter');
    await main().locator('[data-slot="code-block"]').first().waitFor();
    await main().locator('.acp-prompt-input[data-state="idle"]').waitFor();
    await expect
      .poll(async () => (await events()).some((e) => e.startsWith('main-panel acp-turn-end') && e.includes('"stopReason":"end_turn"')), { timeout: 15_000 })
      .toBe(true);
    const seen = await events();
    expect(seen.some((e) => e.startsWith('main-panel acp-connection-change') && e.includes('"status":"ready"'))).toBe(true);
    expect(seen.some((e) => e.startsWith('main-panel acp-session-created'))).toBe(true);
    expect(seen.some((e) => e.startsWith('second-panel acp-session-created'))).toBe(true);
    // The second element saw nothing of the first one's turn.
    expect(await second().locator('[data-slot="code-block"]').count()).toBe(0);
  });

  it('applies the theme attribute live', async () => {
    const background = () =>
      page.evaluate(() => getComputedStyle(document.getElementById('main-panel')!.shadowRoot!.querySelector('[data-slot="agent-panel"]')!).backgroundColor);
    await page.evaluate(() => document.getElementById('main-panel')!.setAttribute('theme', 'dark'));
    await expect.poll(background, { timeout: 15_000 }).toBe('rgb(22, 24, 28)');
    await page.evaluate(() => document.getElementById('main-panel')!.setAttribute('theme', 'light'));
    await expect.poll(background, { timeout: 15_000 }).toBe('rgb(255, 255, 255)');
    // A theme is only a look: the same connection and the same conversation stay.
    expect(agent.connections).toBe(2);
    expect(await main().locator('[data-slot="code-block"]').count()).toBeGreaterThan(0);
    // The second element keeps its own (dark).
    expect(
      await page.evaluate(
        () => getComputedStyle(document.getElementById('second-panel')!.shadowRoot!.querySelector('[data-slot="agent-panel"]')!).backgroundColor,
      ),
    ).toBe('rgb(22, 24, 28)');
  });

  it('says what is wrong with an invalid attribute inside the element, warns, and recovers when it is fixed', async () => {
    await page.evaluate(() => document.getElementById('main-panel')!.setAttribute('theme', 'purple'));
    const alert = main().getByRole('alert');
    await alert.filter({ hasText: 'The theme “purple” is unknown: use light, dark or system.' }).waitFor();
    await expect.poll(() => warnings.some((w) => w.includes('<acp-agent-panel>') && w.includes('purple')), { timeout: 15_000 }).toBe(true);
    // Not connected meanwhile: the element closed its connection.
    await expect.poll(() => agent.connections, { timeout: 15_000 }).toBe(1);

    await page.evaluate(() => document.getElementById('main-panel')!.setAttribute('theme', 'system'));
    await page.getByRole('button', { name: 'Give the first panel a broken URL' }).click();
    await alert.filter({ hasText: 'The url “not a url” is not a WebSocket URL (ws:// or wss://).' }).waitFor();
    await expect
      .poll(async () => (await events()).some((e) => e.startsWith('main-panel acp-error') && e.includes('"source":"attribute"')), { timeout: 15_000 })
      .toBe(true);

    await page.getByRole('button', { name: 'Restore its URL' }).click();
    await waitConnected(main());
    await expect.poll(() => agent.connections, { timeout: 15_000 }).toBe(2);
  });

  it('closes the connection when the element is removed, and connects again when it is added back', async () => {
    await page.getByRole('button', { name: 'Remove the first panel' }).click();
    await expect.poll(() => agent.connections, { timeout: 15_000 }).toBe(1);
    expect(await page.locator('#main-panel').count()).toBe(0);
    // The other element is untouched.
    await waitConnected(second());

    await page.getByRole('button', { name: 'Add the first panel back' }).click();
    await waitConnected(main());
    await expect.poll(() => agent.connections, { timeout: 15_000 }).toBe(2);
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('speaks ACP v2 to an agent that answers 2, with no attribute: a turn with its git-patch edit and permission', async () => {
    // The second element moves to an agent serving only v2; nothing else on it changes.
    await waitConnected(second());
    const created = async () => (await events()).filter((e) => e.startsWith('second-panel acp-session-created')).length;
    const before = await created();
    const v2 = `${agent.url}?protocol=2`;
    await page.evaluate((url) => document.getElementById('second-panel')!.setAttribute('url', url), v2);
    await expect.poll(created, { timeout: 15_000 }).toBe(before + 1);
    await waitConnected(second());
    const box = input(second());
    await box.fill('Please improve the greeting');
    await box.press('Enter');
    const edit = toolCall(second(), 'Edit:');
    await edit.getByRole('deletion').filter({ hasText: "return 'Hello, ' + name + '!';" }).waitFor();
    const permission = edit.getByRole('group', { name: /^Permission needed/ });
    await permission.getByRole('button', { name: 'Allow', exact: true }).click();
    await edit.getByRole('button', { name: /Completed/ }).waitFor();
    await expect
      .poll(async () => (await events()).some((e) => e.startsWith('second-panel acp-turn-end') && e.includes('"stopReason":"end_turn"')), { timeout: 15_000 })
      .toBe(true);
    // The v2 client came as a chunk of the page's own origin: nothing the CSP refused.
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
  });
});
