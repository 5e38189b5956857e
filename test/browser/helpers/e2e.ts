/**
 * End-to-end harness for the built playground (`playground-dist`, built by
 * `npx vite build --config playground/vite.config.ts`): one demo agent, one static server and one
 * Chromium per test file; a fresh browser context per test. A failing test leaves
 * `test-results/e2e-<name>.png` and `test-results/e2e-<name>.log` (the page's console) behind.
 *
 * Waits are for conditions (locators, `waitForFunction`, `expect.poll`). Short-lived states a
 * locator poll could miss (a thought while it streams, a code block before it is highlighted, the
 * "Reconnecting" status) are captured in the page by `record()`, which samples on every DOM
 * mutation.
 */
import { afterAll, beforeAll, it } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { serveStatic, type StaticServer } from './static-server.js';
import { startDemo, type DemoServer } from '../../helpers/demo.js';

/** The built playground; `E2E_PLAYGROUND_DIST` points the suite at another build. */
export const PLAYGROUND_DIST = process.env.E2E_PLAYGROUND_DIST ?? fileURLToPath(new URL('../../../playground-dist', import.meta.url));
const RESULTS = fileURLToPath(new URL('../../../test-results', import.meta.url));

/** The browser of the file being run (test files run one at a time in the browser project). */
let currentBrowser: Browser | null = null;

export interface E2E {
  browser: Browser;
  server: StaticServer;
  agent: DemoServer;
  /** `/?agent=…&workspace=browser`, plus `extra` query parameters (`page` is e.g. `notebook.html`). */
  url(page?: string, extra?: Record<string, string>): string;
}

/** Starts the demo agent, the static server and Chromium for this file; stops them after it. */
export function setupE2E(agentOptions: Record<string, unknown> = { delayMs: 5 }): E2E {
  const ctx = {} as E2E;
  beforeAll(async () => {
    if (!existsSync(`${PLAYGROUND_DIST}/index.html`)) {
      throw new Error('playground-dist is missing: run `npx vite build --config playground/vite.config.ts` first.');
    }
    ctx.agent = await startDemo(agentOptions);
    ctx.server = await serveStatic(PLAYGROUND_DIST);
    ctx.browser = await launchChromium();
    currentBrowser = ctx.browser;
    ctx.url = (page = '', extra = {}) => {
      // The demo agent runs on another port than the playground's built-in default, so the
      // in-browser workspace is asked for explicitly.
      const query = new URLSearchParams({ agent: ctx.agent.url, workspace: 'browser', ...extra });
      return `${ctx.server.url}/${page}?${query}`;
    };
  });
  afterAll(async () => {
    currentBrowser = null;
    await ctx.browser?.close();
    await ctx.server?.close();
    await ctx.agent?.close();
  });
  return ctx;
}

export interface E2EPage {
  page: Page;
  context: BrowserContext;
  /** Console messages and page errors so far. */
  log: string[];
}

/**
 * An `it` with a fresh browser context. On failure: a full-page screenshot and the console log in
 * `test-results/`. Uncaught page errors fail the test.
 */
export function e2e(name: string, body: (p: E2EPage) => Promise<void>, timeoutMs = 60_000): void {
  it(
    name,
    async () => {
      const ctx = currentBrowser;
      if (!ctx) throw new Error('setupE2E() must be called in this file');
      const context = await ctx.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const log: string[] = [];
      const pageErrors: string[] = [];
      page.on('console', (m) => log.push(`[${m.type()}] ${m.text()}`));
      page.on('pageerror', (e) => {
        log.push(`[pageerror] ${e.stack ?? e.message}`);
        pageErrors.push(e.message);
      });
      try {
        await body({ page, context, log });
        if (pageErrors.length > 0) throw new Error(`Uncaught errors in the page:\n${pageErrors.join('\n')}`);
      } catch (error) {
        await saveArtifacts(name, page, log).catch(() => {});
        throw error;
      } finally {
        await context.close();
      }
    },
    timeoutMs,
  );
}

async function saveArtifacts(name: string, page: Page, log: string[]): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  writeFileSync(`${RESULTS}/e2e-${slug}.log`, `${log.join('\n')}\n`);
  if (!page.isClosed()) await page.screenshot({ path: `${RESULTS}/e2e-${slug}.png`, fullPage: true, timeout: 10_000 });
}

// --- what a user does ----------------------------------------------------------------------------

/** The agent panel (the notebook's panels view has two: pass one as `scope`). */
export function panel(scope: Page | Locator): Locator {
  return scope.getByRole('region', { name: 'Agent', exact: true });
}

export function promptBox(scope: Page | Locator): Locator {
  return scope.getByRole('textbox', { name: 'Message to the agent' });
}

/** Connected, a session started, the input enabled. */
export async function waitReady(scope: Page | Locator): Promise<void> {
  const p = panel(scope);
  await p
    .getByRole('status')
    .filter({ hasText: /^Connected$/ })
    .waitFor();
  await p.getByText(/^Demo Agent\b/).waitFor();
  await p.locator('textarea:not([disabled])').waitFor();
}

/** Opens a playground page and waits until the panel can take a prompt. */
export async function openPlayground(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitReady(page);
}

/** "Your message" articles in the panel's conversation. */
export function userMessages(scope: Page | Locator): Locator {
  return panel(scope).getByRole('log', { name: 'Conversation' }).getByRole('article', { name: 'Your message' });
}

/**
 * Types a prompt and presses Enter, as a user does. For a `/command` the slash menu is open and
 * Enter would complete the command, so it is closed with Escape first. Resolves once the message
 * shows in the conversation (the turn has started).
 */
export async function sendPrompt(scope: Page | Locator, text: string): Promise<void> {
  const input = promptBox(scope);
  const before = await userMessages(scope).count();
  await input.fill(text);
  const menu = panel(scope).getByRole('listbox', { name: 'Commands' });
  if (await menu.isVisible()) await input.press('Escape');
  await input.press('Enter');
  await waitCount(userMessages(scope), before + 1);
}

/** The turn is over: no Stop button, the input shows Send again. */
export async function waitTurnEnd(scope: Page | Locator): Promise<void> {
  const p = panel(scope);
  await p.locator('.acp-prompt-input[data-state="idle"]').waitFor();
  await p.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' });
}

/** Waits until exactly `count` elements match. */
export async function waitCount(locator: Locator, count: number): Promise<void> {
  if (count > 0) await locator.nth(count - 1).waitFor({ state: 'attached' });
  await locator.nth(count).waitFor({ state: 'detached' });
}

/** A tool-call card whose header button's name starts with `label` (e.g. "Edit:"). */
export function toolCall(scope: Page | Locator, label: string | RegExp): Locator {
  const name = typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : label;
  // A `has` locator is matched inside each card, so it must start from the page, not from `scope`.
  const page = 'page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page);
  return panel(scope)
    .locator('[data-slot="tool-call"]')
    .filter({ has: page.getByRole('button', { name }) });
}

// --- recording short-lived states ------------------------------------------------------------------

/**
 * Samples `probe` in the page now and after every DOM mutation, keeping each distinct
 * consecutive value (JSON-compared). `probe` runs in the page: no closures over test variables.
 */
export async function record(page: Page, name: string, probe: () => unknown): Promise<void> {
  await page.evaluate(
    ({ name, source }) => {
      type Rec = { probes: Record<string, () => unknown>; values: Record<string, unknown[]>; observer?: MutationObserver };
      const w = window as unknown as { __e2e?: Rec };
      const rec: Rec = (w.__e2e ??= { probes: {}, values: {} });
      rec.probes[name] = new Function(`return (${source})()`) as () => unknown;
      rec.values[name] = [];
      const sample = () => {
        for (const [key, fn] of Object.entries(rec.probes)) {
          let value: unknown;
          try {
            value = fn();
          } catch (e) {
            value = `probe error: ${String(e)}`;
          }
          const list = rec.values[key]!;
          if (list.length === 0 || JSON.stringify(list[list.length - 1]) !== JSON.stringify(value)) list.push(value);
        }
      };
      if (!rec.observer) {
        rec.observer = new MutationObserver(sample);
        rec.observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      }
      sample();
    },
    { name, source: probe.toString() },
  );
}

/** The distinct values `record(page, name, …)` saw, in order. */
export async function recorded<T = unknown>(page: Page, name: string): Promise<T[]> {
  return page.evaluate((name) => (window as unknown as { __e2e?: { values: Record<string, unknown[]> } }).__e2e?.values[name] ?? [], name) as Promise<T[]>;
}

/**
 * Runs `cut` (e.g. the demo server's `dropConnections`) and waits until the panel's connection
 * status went through "Reconnecting…" and is "Connected" again. Returns the statuses seen.
 */
export async function cutAndReconnect(scope: Page, cut: () => Promise<unknown>): Promise<string[]> {
  await record(
    scope,
    'connection',
    () => document.querySelector('[data-slot="agent-panel"] [data-slot="connection-status-label"][role="status"]')?.textContent ?? null,
  );
  await cut();
  await scope.waitForFunction(() => {
    const values = (window as unknown as { __e2e: { values: Record<string, unknown[]> } }).__e2e.values.connection ?? [];
    const i = values.findIndex((v) => typeof v === 'string' && v.startsWith('Reconnecting'));
    return i >= 0 && values.slice(i + 1).includes('Connected');
  });
  return recorded<string>(scope, 'connection');
}
