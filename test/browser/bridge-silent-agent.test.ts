/**
 * An agent that starts but never answers `initialize`, behind the real acp-react-bridge CLI, in
 * the playground's `<acp-agent-panel>` page in Chromium (the case of an ACP adapter whose wrapped
 * program is missing: its stderr says `spawn cursor-agent ENOENT`, and it hangs). The panel keeps
 * the reason on screen while it retries, shows the agent's own words, stops after the same failure
 * twice and says so, and its Retry starts a fresh agent process. The elements get a short
 * `initializeTimeoutMs` through their `clientOptions` property, so no attempt waits 20 s.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { startBridgeCli, type BridgeCli } from './helpers/bridge-cli.js';
import { launchChromium } from './helpers/chromium.js';
import { PLAYGROUND_DIST } from './helpers/e2e.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';

const FAILING_AGENT = fileURLToPath(new URL('../fixtures/failing-agent.mjs', import.meta.url));
const SCREENSHOT = process.env.SILENT_AGENT_SCREENSHOT;

let browser: Browser;
let server: StaticServer;
let bridge: BridgeCli;

beforeAll(async () => {
  bridge = await startBridgeCli(['--', process.execPath, FAILING_AGENT, 'hang']);
  server = await serveStatic(PLAYGROUND_DIST);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await bridge?.stop();
});

const agentsStarted = () => bridge.stderr().match(/agent \d+ started/g)?.length ?? 0;

/** The main panel's connection status, read in its shadow root. */
function status(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('#main-panel')?.shadowRoot;
    const part = (slot: string) => root?.querySelector(`[data-slot="connection-status-${slot}"]`)?.textContent ?? null;
    return {
      state: root?.querySelector('[data-slot="connection-status"]')?.getAttribute('data-status') ?? null,
      countdown: part('countdown'),
      error: part('error'),
      agentProcess: part('agent-process'),
    };
  });
}

it('keeps the reason on screen while it retries, shows the agent’s words, stops after the same failure twice, and Retry starts a new agent', async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(20_000);
  await page.goto(`${server.url}/element.html?${new URLSearchParams({ agent: bridge.url, cwd: '/tmp' })}`);
  // The page makes its elements once its module has loaded, which may be after the load event.
  await page.locator('#second-panel').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('acp-agent-panel')) {
      const panel = el as HTMLElement & { clientOptions?: Record<string, unknown> };
      panel.clientOptions = { ...panel.clientOptions, initializeTimeoutMs: 1500, reconnect: { initialDelayMs: 300, maxDelayMs: 300, jitter: 0 } };
    }
  });

  // While the retry's attempt runs (no countdown, only "(attempt 1)"), the first failure and the
  // agent's words are on screen. They used to be cleared as each attempt started.
  await page
    .waitForFunction(() => {
      const root = document.querySelector('#main-panel')?.shadowRoot;
      const text = (slot: string) => root?.querySelector(`[data-slot="connection-status-${slot}"]`)?.textContent ?? '';
      return (
        root?.querySelector('[data-slot="connection-status"]')?.getAttribute('data-status') === 'reconnecting' &&
        text('countdown').trim() === '(attempt 1)' &&
        text('error').includes('did not answer initialize within 1.5 s') &&
        text('agent-process').includes('Error: spawn cursor-agent ENOENT')
      );
    })
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\nstatus: ${JSON.stringify(await status(page))}\nbridge:\n${bridge.stderr()}`);
    });

  const main = page.locator('#main-panel');
  const second = page.locator('#second-panel');
  const stoppedLine = 'Stopped reconnecting: the last two attempts failed the same way.';
  await main.getByText(stoppedLine).waitFor();
  await second.getByText(stoppedLine).waitFor();
  expect(await main.getByRole('status').first().textContent()).toBe('Connection failed');
  expect(await status(page)).toMatchObject({ state: 'error', error: expect.stringMatching(/did not answer initialize/) });
  const output = main.getByRole('group', { name: 'What the agent wrote to stderr' });
  expect(await output.textContent()).toContain('Error: spawn cursor-agent ENOENT');
  expect(await main.getByText('The agent started but has not answered.').isVisible()).toBe(true);
  if (SCREENSHOT) await main.locator('[data-slot="connection-status"]').screenshot({ path: SCREENSHOT });

  // Retry: a new connection, so a new agent process; it fails the same way and stops again.
  const before = agentsStarted();
  await main.getByRole('button', { name: 'Retry' }).click();
  await main.getByText(stoppedLine).waitFor({ state: 'hidden' });
  await main.getByText(stoppedLine).waitFor();
  expect(agentsStarted()).toBe(before + 1);
  expect(errors).toEqual([]);
  await page.close();
});
