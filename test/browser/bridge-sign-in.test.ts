/**
 * Signing in to a real stdio agent from the page, through acp-react-bridge, in Chromium: the
 * playground's AgentPanel shows the agent's `env_var` method as a form, the bridge restarts the
 * agent with the key, and the agent then answers a prompt. The key never reaches the page's
 * storage, URL or traffic inspector, nor the bridge's log.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { startBridge } from '../../bridge/server.mjs';
import { launchChromium } from './helpers/chromium.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';

const root = fileURLToPath(new URL('../../playground-dist', import.meta.url));
const agentScript = fileURLToPath(new URL('../fixtures/auth-agent.mjs', import.meta.url));
const SECRET = 'right-key';

let browser: Browser;
let server: StaticServer;
let bridge: { url: string; close(): Promise<void> };
const logs: string[] = [];

beforeAll(async () => {
  const env = { ...process.env };
  delete env.AUTH_AGENT_API_KEY;
  bridge = await startBridge({
    command: process.execPath,
    args: [agentScript],
    port: 0,
    env,
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

it('signs in with an env_var method from the auth panel, after a wrong key, and then runs a turn', async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/?agent=${encodeURIComponent(bridge.url)}&cwd=/tmp`);
  const failWith = async (error: unknown) => {
    throw new Error(`${String(error)}\nbridge log:\n${logs.join('\n')}\npage:\n${(await page.locator('body').innerText()).slice(0, 1500)}`);
  };

  // The first session needs sign-in: the panel asks for the variables.
  const form = page.getByRole('form', { name: 'Values for API key' });
  await form.waitFor({ timeout: 30_000 }).catch(failWith);
  const key = form.getByLabel('API key', { exact: true });
  expect(await key.getAttribute('type')).toBe('password');
  expect(await form.getByLabel(/Region/).getAttribute('type')).toBe('text');

  await key.fill('wrong-key');
  await form.getByRole('button', { name: 'Sign in with API key' }).click();
  await page
    .getByText(/Sign-in failed: .*Invalid API key/)
    .waitFor({ timeout: 30_000 })
    .catch(failWith);
  expect(await key.inputValue()).toBe('');

  await key.fill(SECRET);
  await form.getByLabel(/Region/).fill('eu-west');
  await form.getByRole('button', { name: 'Sign in with API key' }).click();
  await form.waitFor({ state: 'detached', timeout: 30_000 }).catch(failWith);

  const input = page.locator('textarea').first();
  await page.waitForFunction(() => !document.querySelector('textarea')?.disabled, null, { timeout: 30_000 }).catch(failWith);
  await input.fill('hello after sign-in');
  await input.press('Enter');
  await page
    .waitForFunction(() => document.body.textContent?.includes('signed in with api-key; region eu-west; echo: hello after sign-in'), null, { timeout: 30_000 })
    .catch(failWith);

  // The secret is in none of the places a page keeps things, nor in the bridge's log.
  const kept = await page.evaluate(() =>
    JSON.stringify({ url: location.href, local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }),
  );
  expect(kept).not.toContain(SECRET);
  expect(logs.join('\n')).not.toContain(SECRET);
  expect(errors).toEqual([]);
});
