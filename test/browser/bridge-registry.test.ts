/**
 * `acp-react-bridge --agent <id>` in Chromium: the CLI installs a registry agent's npx package
 * (a fixture registry whose package is a folder of this repository: no network), serves it, and
 * the playground runs a turn with it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { startBridgeCli, type BridgeCli } from './helpers/bridge-cli.js';
import { launchChromium } from './helpers/chromium.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';

const root = fileURLToPath(new URL('../../playground-dist', import.meta.url));
const fixturePackage = fileURLToPath(new URL('../fixtures/registry-agent', import.meta.url));

let browser: Browser;
let server: StaticServer;
let cli: BridgeCli;
let url: string;

beforeAll(async () => {
  const registry = path.join(mkdtempSync(path.join(tmpdir(), 'acp-registry-e2e-')), 'registry.json');
  writeFileSync(
    registry,
    JSON.stringify({
      version: '1.0.0',
      agents: [
        {
          id: 'fixture-agent',
          name: 'Fixture Agent',
          version: '1.0.0',
          description: 'The stdio fixture agent',
          distribution: { npx: { package: fixturePackage } },
        },
      ],
    }),
  );
  cli = await startBridgeCli(['--agent', 'fixture-agent', '--registry', registry]);
  url = cli.url;
  server = await serveStatic(root);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await cli?.stop();
});

it('runs a turn with an agent the bridge started from the registry', async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/?agent=${encodeURIComponent(url)}&cwd=/tmp`);
  const failWith = async (error: unknown) => {
    throw new Error(`${String(error)}\nbridge:\n${cli.stderr()}\npage:\n${(await page.locator('body').innerText()).slice(0, 800)}`);
  };
  await page.getByText('stdio-fixture-agent').first().waitFor({ timeout: 30_000 }).catch(failWith);
  await page.waitForFunction(() => !document.querySelector('textarea')?.disabled, null, { timeout: 30_000 }).catch(failWith);
  const input = page.locator('textarea').first();
  await input.fill('hello registry');
  await input.press('Enter');
  await page.waitForFunction(() => document.body.textContent?.includes('echo: hello registry'), null, { timeout: 110_000, polling: 1000 }).catch(failWith);
  expect(cli.stderr()).toMatch(/installing fixture-agent 1\.0\.0 with npx/);
  expect(errors).toEqual([]);
});
