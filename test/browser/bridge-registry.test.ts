/**
 * `acp-react-bridge --agent <id>` in Chromium: the CLI installs a registry agent's npx package
 * (a fixture registry whose package is a folder of this repository: no network), serves it, and
 * the playground runs a turn with it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from './helpers/chromium.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';

const root = fileURLToPath(new URL('../../playground-dist', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/acp-react-bridge.mjs', import.meta.url));
const fixturePackage = fileURLToPath(new URL('../fixtures/registry-agent', import.meta.url));

let browser: Browser;
let server: StaticServer;
let cli: ChildProcess;
let url: string;
let stderr = '';

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
  cli = spawn(process.execPath, [bin, '--agent', 'fixture-agent', '--registry', registry, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  cli.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    cli.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const match = /listening on (ws:\/\/\S+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    cli.on('exit', (code) => reject(new Error(`the bridge exited ${code}: ${stderr}`)));
  });
  server = await serveStatic(root);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (cli && cli.exitCode === null) {
    const exited = new Promise((resolve) => cli.once('exit', resolve));
    cli.kill('SIGTERM');
    await exited;
  }
});

it('runs a turn with an agent the bridge started from the registry', async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/?agent=${encodeURIComponent(url)}&cwd=/tmp`);
  const failWith = async (error: unknown) => {
    throw new Error(`${String(error)}\nbridge:\n${stderr}\npage:\n${(await page.locator('body').innerText()).slice(0, 800)}`);
  };
  await page.getByText('stdio-fixture-agent').first().waitFor({ timeout: 30_000 }).catch(failWith);
  await page.waitForFunction(() => !document.querySelector('textarea')?.disabled, null, { timeout: 30_000 }).catch(failWith);
  const input = page.locator('textarea').first();
  await input.fill('hello registry');
  await input.press('Enter');
  await page.waitForFunction(() => document.body.textContent?.includes('echo: hello registry'), null, { timeout: 110_000, polling: 1000 }).catch(failWith);
  expect(stderr).toMatch(/installing fixture-agent 1\.0\.0 with npx/);
  expect(errors).toEqual([]);
});
