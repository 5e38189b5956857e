/**
 * `acp-react-bridge --terminals` in Chromium: the agent's `terminal/create` runs a real command
 * on this machine and its output shows in the tool call while the command still runs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { startBridge } from '../../bridge/server.mjs';
import { launchChromium } from './helpers/chromium.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';

const root = fileURLToPath(new URL('../../playground-dist', import.meta.url));
const agentScript = fileURLToPath(new URL('../fixtures/auth-agent.mjs', import.meta.url));

let browser: Browser;
let server: StaticServer;
let bridge: { url: string; close(): Promise<void> };
const logs: string[] = [];

beforeAll(async () => {
  bridge = await startBridge({
    command: process.execPath,
    args: [agentScript],
    port: 0,
    terminals: true,
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

it("streams a real command's output into the tool call as it arrives", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bridge-terminal-e2e-'));
  const flag = path.join(dir, 'go');
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/?agent=${encodeURIComponent(bridge.url)}&cwd=${encodeURIComponent(dir)}`);
  const failWith = async (error: unknown) => {
    const thread = await page
      .locator('[role="log"], .acp-thread')
      .first()
      .innerHTML()
      .catch(() => '(no thread)');
    throw new Error(`${String(error)}\nbridge log:\n${logs.join('\n')}\nthread:\n${thread.slice(-3000)}`);
  };

  const form = page.getByRole('form', { name: 'Values for API key' });
  await form.waitFor({ timeout: 30_000 }).catch(failWith);
  await form.getByLabel('API key', { exact: true }).fill('right-key');
  await form.getByRole('button', { name: 'Sign in with API key' }).click();
  await page.waitForFunction(() => !document.querySelector('textarea')?.disabled, null, { timeout: 30_000 }).catch(failWith);

  const input = page.locator('textarea').first();
  // The command prints its directory and a first line, then waits for the test's go-ahead.
  await input.fill(`run pwd; echo tick-1; while [ ! -e go ]; do sleep 0.1; done; echo tick-2`);
  await input.press('Enter');
  // The terminal's output in the tool call (not the prompt's own text, which names both lines).
  const output = page.locator('.acp-terminal__output');
  await output.getByText('tick-1').waitFor({ timeout: 30_000 }).catch(failWith);
  // Still running: the first line is there, the second is not.
  expect(await output.getByText('tick-2').count()).toBe(0);
  expect(await output.getByText(dir).count()).toBe(1);
  writeFileSync(flag, '');
  await output.getByText('tick-2').waitFor({ timeout: 30_000 }).catch(failWith);
  await page
    .getByText(/exit 0 signal none/)
    .waitFor({ timeout: 30_000 })
    .catch(failWith);
  expect(logs.join('\n')).toMatch(/terminal bridge-term-1 \(pid \d+\) runs \/bin\/sh -c pwd; echo tick-1/);
  expect(errors).toEqual([]);
});
