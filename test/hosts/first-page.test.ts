/**
 * The first page a host's user downloads: the README quick start in the stock Vite template
 * (the host matrix's vite-react19 copy, installed from the packed tarball, built as one page with
 * its own Vite by `host-matrix.mjs prepare`), against the same app with a plain React App. In
 * Chromium, against the demo agent from the installed package:
 *
 * - JS added before the first prompt: the gzip of every script the quick start page fetched until
 *   its prompt box is enabled and the network is idle, minus what the React-only page fetched;
 * - JS requests to the first streamed text: every script request from navigation until the agent's
 *   first message text is in the thread, after a prompt sent as soon as the panel takes one.
 *
 * The limits live in scripts/lib/first-page.mjs. The figures are printed, pass or fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { FIRST_PAGE_BUILDS, FIRST_PAGE_DIST, FIRST_PAGE_HOST, FIRST_PAGE_LIMITS, gzipSizes, type FirstPageBuild } from '../../scripts/lib/first-page.mjs';
import { hostsWorkDir } from '../../scripts/lib/hosts.mjs';
import { launchChromium } from '../browser/helpers/chromium.js';
import { sendPrompt, waitReady } from '../browser/helpers/e2e.js';
import { serveStatic, type StaticServer } from '../browser/helpers/static-server.js';
import { QUICK_START_AGENT, startDemoAgentBin } from './harness';
import { startPortMapProxy, type PortMapProxy } from './port-map-proxy.js';

const copy = join(hostsWorkDir(), FIRST_PAGE_HOST);
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

interface Load {
  /** gzip bytes of the distinct scripts fetched before the first prompt. */
  beforePromptGzip: number;
  beforePromptFiles: string[];
  /** Script requests from navigation to the first streamed text (the quick start only). */
  toFirstText: string[];
}

describe(`first page: the quick start in ${FIRST_PAGE_HOST} (one page, as the template builds it)`, () => {
  let browser: Browser;
  let proxy: PortMapProxy;
  let agent: Awaited<ReturnType<typeof startDemoAgentBin>>['server'];
  const servers: StaticServer[] = [];
  const loads = new Map<FirstPageBuild, Load>();

  /** Loads one build; with `prompt`, sends one as soon as the panel takes it and waits for the first text. */
  async function load(build: FirstPageBuild, prompt: boolean): Promise<Load> {
    const dist = join(copy, FIRST_PAGE_DIST, build);
    const sizes = gzipSizes(dist);
    const server = await serveStatic(dist);
    servers.push(server);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page: Page = await context.newPage();
    const scripts: Request[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request);
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${server.url}/index.html`);
      if (prompt) await waitReady(page);
      // Whatever the page fetches on its own once it is up (right after connecting) counts.
      await page.waitForLoadState('networkidle');
      const beforePrompt = scripts.slice();
      let toFirstText: Request[] = [];
      if (prompt) {
        await sendPrompt(page, 'Please improve the greeting');
        await page.locator('[data-slot="message"][data-role="agent"]').first().filter({ hasText: /\S/ }).waitFor();
        toFirstText = scripts.slice();
      }
      expect(errors, 'page errors').toEqual([]);
      const path = (request: Request) => new URL(request.url()).pathname;
      const beforePromptFiles = [...new Set(beforePrompt.map(path))];
      const unknown = beforePromptFiles.filter((file) => !sizes.has(file));
      expect(unknown, 'scripts not in the build').toEqual([]);
      return {
        beforePromptGzip: beforePromptFiles.reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0),
        beforePromptFiles,
        toFirstText: toFirstText.map(path),
      };
    } finally {
      await context.close();
    }
  }

  beforeAll(async () => {
    for (const build of FIRST_PAGE_BUILDS) {
      if (!existsSync(join(copy, FIRST_PAGE_DIST, build, 'index.html'))) {
        throw new Error(`no first-page build ${build} in ${copy}: run \`node scripts/host-matrix.mjs prepare\` first (npm test does).`);
      }
    }
    const demo = await startDemoAgentBin(copy);
    agent = demo.server;
    proxy = await startPortMapProxy({ [QUICK_START_AGENT]: demo.port, 'localhost:3031': demo.port });
    browser = await launchChromium(proxy.chromiumArgs);
    loads.set('react-only', await load('react-only', false));
    loads.set('quick-start', await load('quick-start', true));
    const reactOnly = loads.get('react-only')!;
    const quickStart = loads.get('quick-start')!;
    console.log(
      `first page (${FIRST_PAGE_HOST}, production build): React-only ${kB(reactOnly.beforePromptGzip)}; quick start ${kB(quickStart.beforePromptGzip)} in ` +
        `${quickStart.beforePromptFiles.length} scripts before the first prompt (added ${kB(quickStart.beforePromptGzip - reactOnly.beforePromptGzip)}, ` +
        `limit ${kB(FIRST_PAGE_LIMITS.addedGzipBytes)}); ${quickStart.toFirstText.length} JS requests to the first streamed text ` +
        `(limit ${FIRST_PAGE_LIMITS.requestsToFirstText}): ${quickStart.toFirstText.join(' ')}`,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await Promise.all(servers.map((server) => server.close()));
    await agent?.stop();
  });

  it(`adds at most ${kB(FIRST_PAGE_LIMITS.addedGzipBytes)} of JS (gzip) before the first prompt`, () => {
    const added = loads.get('quick-start')!.beforePromptGzip - loads.get('react-only')!.beforePromptGzip;
    expect(added, `JS added by the quick start before the first prompt: ${kB(added)}`).toBeLessThanOrEqual(FIRST_PAGE_LIMITS.addedGzipBytes);
  });

  it(`makes at most ${FIRST_PAGE_LIMITS.requestsToFirstText} JS requests from page load to the first streamed text`, () => {
    const requests = loads.get('quick-start')!.toFirstText;
    expect(requests.length, `JS requests to the first streamed text: ${requests.join(', ')}`).toBeLessThanOrEqual(FIRST_PAGE_LIMITS.requestsToFirstText);
  });
});
