/**
 * A real stdio agent behind acp-react-bridge, driven from the playground in Chromium: the path a
 * user takes to point the playground at Claude, OpenCode or any other stdio agent.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { startBridge } from '../../bridge/server.mjs';
import { launchChromium } from './helpers/chromium.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';

const root = fileURLToPath(new URL('../../playground-dist', import.meta.url));
const agentScript = fileURLToPath(new URL('../fixtures/stdio-agent.mjs', import.meta.url));

let browser: Browser;
let server: StaticServer;
let bridge: { url: string; httpUrl: string; close(): Promise<void> };
const logs: string[] = [];

beforeAll(async () => {
  bridge = await startBridge({
    command: process.execPath,
    args: [agentScript],
    port: 0,
    log: (level: string, message: string) => logs.push(`${level}: ${message}`),
  });
  server = await serveStatic(root);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await bridge?.close();
});

it.each([
  ['WebSocket', () => bridge.url],
  ['Streamable HTTP', () => bridge.httpUrl],
])('connects the playground to a stdio agent through the bridge over %s and runs a turn', async (_transport, agentUrl) => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/?agent=${encodeURIComponent(agentUrl())}&cwd=/tmp`);
  await page
    .getByText('stdio-fixture-agent')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\nbridge log:\n${logs.join('\n')}\npage:\n${(await page.locator('body').innerText()).slice(0, 500)}`);
    });
  const input = page.locator('textarea').first();
  await page.waitForFunction(() => !document.querySelector('textarea')?.disabled, null, { timeout: 20_000 });
  await input.fill('hello through the bridge');
  await input.press('Enter');
  // The fixture streams a 200 KiB single-line chunk first. Parsing it is no longer the cost (about
  // 0.4 s a parse); Chromium's layout of one 156,000-character line of mixed Latin, CJK and emoji
  // is: about 20 s of forced layouts (stick-to-bottom reading scrollHeight), measured with the CDP
  // profiler at a load average of 10. So allow for a loaded machine.
  await page
    .waitForFunction(() => document.body.textContent?.includes('echo: hello through the bridge'), null, { timeout: 110_000, polling: 1000 })
    .catch(async (error: unknown) => {
      const text = (await page.locator('body').innerText()).slice(-800);
      throw new Error(`${String(error)}\nbridge log:\n${logs.join('\n')}\npage end:\n${text}`);
    });
  expect(errors).toEqual([]);
  await page.close();
});
