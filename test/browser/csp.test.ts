/**
 * The playground build under a strict Content-Security-Policy (no `unsafe-eval`, no inline
 * scripts): it connects to the demo agent, streams a turn and renders it, with no violations.
 * The socket to the agent and the highlighting each run in the page's worker, which
 * `script-src 'self'` allows (no `worker-src`: it falls back to `script-src`). Where the policy
 * refuses workers (`worker-src 'none'`), the socket opens on the main thread and the same turn is
 * highlighted there, and the two refused workers are the only violations.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
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
const NO_WORKERS = `${CSP}; worker-src 'none'`;

let browser: Browser;
let server: StaticServer;
let noWorkers: StaticServer;
let agent: DemoServer;

beforeAll(async () => {
  agent = await startDemo({ delayMs: 0 });
  server = await serveStatic(root, { csp: CSP });
  noWorkers = await serveStatic(root, { csp: NO_WORKERS });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await noWorkers?.close();
  await agent?.close();
});

/** Runs a turn that answers with code; returns the page, its violations, errors and workers. */
async function runTurn(base: string) {
  const page = await browser.newPage();
  const violations: string[] = [];
  const errors: string[] = [];
  const workers: string[] = [];
  await page.exposeFunction('__reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportViolation(v: string): void }).__reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(`${base}/?agent=${encodeURIComponent(agent.url)}`);
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
  return { page, violations, errors, workers };
}

/** The first highlighted code block's path and whether it has coloured keywords. */
async function highlighted(page: Page) {
  const block = page.locator('[data-slot="code-block"][data-language]').first();
  await block.and(page.locator('[data-state="highlighted"]')).waitFor({ timeout: 20_000 });
  return {
    highlighter: await block.getAttribute('data-highlighter'),
    keywords: await block.locator('span[style*="--acp-code-keyword"]').count(),
  };
}

it('works under a strict CSP without unsafe-eval or inline scripts, highlighting in its worker', async () => {
  const { page, violations, errors, workers } = await runTurn(server.url);
  const result = await highlighted(page);
  expect(result.highlighter).toBe('worker');
  expect(result.keywords).toBeGreaterThan(0);
  // The socket worker (started on connecting) and the highlighting worker (on the first code block).
  expect(workers).toEqual([
    expect.stringMatching(new RegExp(`^${server.url}/.*socket-worker.*\\.js$`)),
    expect.stringMatching(new RegExp(`^${server.url}/.*/worker-[^/]*\\.js$`)),
  ]);
  expect(errors).toEqual([]);
  expect(violations).toEqual([]);
  await page.close();
});

it('highlights on the main thread where worker-src refuses the worker, and nothing else breaks', async () => {
  const { page, violations, errors } = await runTurn(noWorkers.url);
  const result = await highlighted(page);
  expect(result.highlighter).toBe('main-thread');
  expect(result.keywords).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  // The refused workers (the turn above ran over a socket on the main thread), and nothing else.
  expect(violations).toEqual([expect.stringMatching(/^worker-src .*socket-worker.*\.js /), expect.stringMatching(/^worker-src .*\/worker-[^/]*\.js /)]);
  await page.close();
});
