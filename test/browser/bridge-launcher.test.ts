/**
 * `acp-react-bridge --launcher` in Chromium: the playground's `?launcher=` page lists a fixture
 * registry's agents in the AgentPicker, the user picks with the keyboard; an agent whose install
 * fails shows why and the picker stays usable; the next one is installed on the bridge, started
 * for the page, and answers a prompt in the normal panel. No network: the fixture's npx package is
 * a folder of this repository.
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
let launcherUrl: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'acp-launcher-e2e-'));
  const registry = path.join(dir, 'registry.json');
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
        // npx cannot install a folder that does not exist.
        {
          id: 'broken-agent',
          name: 'Broken Agent',
          version: '0.0.1',
          description: 'Its install fails',
          distribution: { npx: { package: path.join(dir, 'missing') } },
        },
        // The launcher does not download binaries: listed, disabled, with the bridge's reason.
        {
          id: 'binary-agent',
          name: 'Binary Agent',
          version: '2.0.0',
          description: 'Only a binary',
          distribution: { binary: { 'linux-x86_64': { archive: 'https://example.invalid/agent.tar.gz', cmd: './agent' } } },
        },
      ],
    }),
  );
  cli = await startBridgeCli(['--launcher', '--registry', registry]);
  launcherUrl = cli.url.replace(/^ws:/, 'http:');
  server = await serveStatic(root);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await cli?.stop();
});

it('lists the registry, shows a failed install, then starts the picked agent and runs a turn', async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/?launcher=${encodeURIComponent(launcherUrl)}&cwd=/tmp`);
  const failWith = async (error: unknown) => {
    throw new Error(`${String(error)}\nbridge:\n${cli.stderr()}\npage:\n${(await page.locator('body').innerText()).slice(0, 1200)}`);
  };
  const options = page.getByRole('listbox', { name: 'Agents' }).getByRole('option');
  await options.first().waitFor({ timeout: 30_000 }).catch(failWith);
  expect(await options.allInnerTexts()).toEqual([
    expect.stringMatching(/Fixture Agent 1\.0\.0[\s\S]*npm package \(npx\)/),
    expect.stringContaining('Broken Agent'),
    expect.stringMatching(/Binary Agent 2\.0\.0[\s\S]*Cannot be started here: binary-agent is distributed as a binary/),
  ]);
  expect(await options.evaluateAll((list) => list.map((o) => o.getAttribute('aria-disabled')))).toEqual([null, null, 'true']);

  // Keyboard only: from the search box into the list, down to the broken agent, Enter.
  await page.getByRole('searchbox', { name: 'Search agents' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const failure = page.locator('[data-slot="agent-picker-launch-error"]');
  await failure.waitFor({ timeout: 60_000 }).catch(failWith);
  expect(await failure.innerText()).toMatch(/Broken Agent could not be started: npx could not install .*missing.*run the agent by hand to see why: npx -y /);

  // The picker is still usable: up to the fixture agent, Enter; it installs, starts and connects.
  expect(await page.getByRole('listbox').evaluate((list) => list === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.getByText('stdio-fixture-agent').first().waitFor({ timeout: 90_000 }).catch(failWith);
  await page.waitForFunction(() => !document.querySelector('textarea')?.disabled, null, { timeout: 30_000 }).catch(failWith);
  expect(await page.locator('.pg-agent code').innerText()).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/agents\/fixture-agent$/);
  const input = page.locator('textarea').first();
  await input.fill('hello launcher');
  await input.press('Enter');
  await page.waitForFunction(() => document.body.textContent?.includes('echo: hello launcher'), null, { timeout: 60_000, polling: 500 }).catch(failWith);
  expect(cli.stderr()).toMatch(/installing fixture-agent[\s\S]*installed fixture-agent[\s\S]*connected to fixture-agent 1\.0\.0/);
  expect(errors).toEqual([]);
});
