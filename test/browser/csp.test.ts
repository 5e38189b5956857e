/**
 * The playground build under a strict Content-Security-Policy (no `unsafe-eval`, no inline
 * scripts): it connects to the demo agent, streams a turn and renders it, with no violations.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from './helpers/chromium.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';
import { startDemo, type DemoServer } from '../helpers/demo.js';

const root = fileURLToPath(new URL('../../playground-dist', import.meta.url));
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

beforeAll(async () => {
  agent = await startDemo({ delayMs: 0 });
  server = await serveStatic(root, { csp: CSP });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await agent?.close();
});

it('works under a strict CSP without unsafe-eval or inline scripts', async () => {
  const page = await browser.newPage();
  const violations: string[] = [];
  const errors: string[] = [];
  await page.exposeFunction('__reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportViolation(v: string): void }).__reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/?agent=${encodeURIComponent(agent.url)}`);
  const input = page.locator('textarea').first();
  await input.waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('textarea')?.disabled, null, { timeout: 15_000 });
  await input.fill('/explain the greeting module');
  await input.press('Enter');
  await page
    .getByText('Response complete', { exact: false })
    .or(page.locator('[data-state="idle"]'))
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => {});
  await page.locator('pre code, [data-slot="code-block"]').first().waitFor({ timeout: 20_000 });
  expect(errors).toEqual([]);
  expect(violations).toEqual([]);
});
