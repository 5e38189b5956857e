/**
 * The host matrix in Chromium: for one host app (hosts/<name>, installed from the packed tarball
 * and built by `node scripts/host-matrix.mjs prepare`), the README's quick start is driven as a
 * newcomer would, against the demo agent started from the installed package's bin, first on the
 * framework's dev server (development React: every warning is logged), then on its production
 * server over the build.
 *
 * Every scenario is its own test, named after the host, the mode and what a user would see, so a
 * failure reads e.g. "vite-react19 › development › a code block keeps its lines". On failure,
 * test-results/hosts-<host>-<mode>.png and .log hold the page and its console.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { BUILD_RESULT, ROOT, findHost, freePort, hostsWorkDir, serveCommand, startBin } from '../../scripts/lib/hosts.mjs';
import { launchChromium } from '../browser/helpers/chromium.js';
import { panel, sendPrompt, toolCall, waitReady, waitTurnEnd } from '../browser/helpers/e2e.js';
import { startPortMapProxy, type PortMapProxy } from './port-map-proxy.js';

type Mode = 'development' | 'production';
type Server = ReturnType<typeof startBin>;

const RESULTS = join(ROOT, 'test-results');
/** Where the quick start connects, verbatim from the README. */
export const QUICK_START_AGENT = '127.0.0.1:3031';

/** Starts `acp-react-demo-agent` from the copy's node_modules/.bin; resolves with its port. */
export async function startDemoAgentBin(copy: string): Promise<{ port: number; server: Server }> {
  const server = startBin(copy, 'acp-react-demo-agent', ['--port', '0', '--delay', '5']);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const match = /^ws:\/\/127\.0\.0\.1:(\d+)\/acp$/m.exec(server.output());
    if (match) return { port: Number(match[1]), server };
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop();
  throw new Error(`npx acp-react-demo-agent did not print its URL:\n${server.output()}`);
}

/** Serves the copy (dev server or production server) and waits until `/` answers. */
async function serve(copy: string, host: ReturnType<typeof findHost>, mode: Mode): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const { bin, args } = serveCommand(host, mode, port);
  const server = startBin(copy, bin, args);
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) break;
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { url, server };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const output = server.output();
  await server.stop();
  throw new Error(`${bin} ${args.join(' ')} did not serve ${url}:\n${output.slice(-3000)}`);
}

/** Console errors and warnings, and uncaught errors: none is acceptable. */
function problems(log: string[]): string[] {
  return log.filter((line) => /^\[(error|warning|pageerror)\]/.test(line));
}

export interface HostOptions {
  /**
   * A second page of the host (e.g. `element.html`) that mounts `<acp-agent-panel>` from
   * `acp-react/element`, as docs/element.md shows, and lists the element's events
   * in `#events`.
   */
  elementPage?: string;
}

export function describeHost(name: string, options: HostOptions = {}): void {
  const host = findHost(name);
  const copy = join(hostsWorkDir(), name);

  describe(name, () => {
    let proxy: PortMapProxy | undefined;
    let agent: Server | undefined;
    let browser: Browser | undefined;
    let expectedCode = '';

    beforeAll(async () => {
      if (!existsSync(join(copy, 'node_modules/acp-react/package.json'))) {
        throw new Error(`${name} is not installed in ${copy}: run \`node scripts/host-matrix.mjs prepare\` first (npm test does).`);
      }
      // What the agent streams comes from the installed package, not from this checkout.
      const content = (await import(pathToFileURL(join(copy, 'node_modules/acp-react/demo-agent/content.mjs')).href)) as { GREETING_NEW: string };
      expectedCode = content.GREETING_NEW.trimEnd();
      const demo = await startDemoAgentBin(copy);
      agent = demo.server;
      proxy = await startPortMapProxy({ [QUICK_START_AGENT]: demo.port, 'localhost:3031': demo.port });
      browser = await launchChromium(proxy.chromiumArgs);
    });
    afterAll(async () => {
      await browser?.close();
      await proxy?.close();
      await agent?.stop();
    });

    it('builds for production with its own build script', () => {
      const file = join(copy, BUILD_RESULT);
      if (!existsSync(file)) throw new Error(`no build result in ${copy}: run \`node scripts/host-matrix.mjs prepare\``);
      const result = JSON.parse(readFileSync(file, 'utf8')) as { ok: boolean; error?: string };
      if (!result.ok) throw new Error(result.error);
    });

    for (const mode of ['development', 'production'] as const) {
      describe(mode, () => {
        let server: Server | undefined;
        let url = '';
        let context: BrowserContext | undefined;
        let page: Page;
        const log: string[] = [];
        const workers: Worker[] = [];
        let allowed = false;

        beforeAll(async () => {
          if (mode === 'production' && !JSON.parse(readFileSync(join(copy, BUILD_RESULT), 'utf8')).ok) {
            throw new Error(`${name} has no production build (see "${name} › builds for production")`);
          }
          ({ url, server } = await serve(copy, host, mode));
          context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
          page = await context.newPage();
          page.on('console', (message) => log.push(`[${message.type()}] ${message.text()}`));
          page.on('pageerror', (error) => log.push(`[pageerror] ${error.stack ?? error.message}`));
          page.on('worker', (worker) => workers.push(worker));
          // A dev server compiles on the first request: allow it time, then the usual waits.
          page.setDefaultTimeout(150_000);
          await page.goto(url);
          await waitReady(page).catch(async (error: unknown) => {
            throw new Error(
              `the quick start never became ready to take a prompt: ${String(error)}\npage text: ${(await page.locator('body').innerText()).slice(0, 500)}`,
            );
          });
          page.setDefaultTimeout(30_000);
          await sendPrompt(page, 'Please improve the greeting');
        });
        afterEach(async ({ task }) => {
          if (task.result?.state !== 'fail' || !page || page.isClosed()) return;
          mkdirSync(RESULTS, { recursive: true });
          writeFileSync(join(RESULTS, `hosts-${name}-${mode}.log`), `${log.join('\n')}\n\n--- server output ---\n${server?.output() ?? ''}`);
          await page.screenshot({ path: join(RESULTS, `hosts-${name}-${mode}.png`), fullPage: true, timeout: 10_000 }).catch(() => {});
        });
        afterAll(async () => {
          await context?.close();
          await server?.stop();
        });

        const conversation = () => panel(page).getByRole('log', { name: 'Conversation' });
        const answer = () =>
          conversation()
            .getByRole('article', { name: 'Agent message' })
            .filter({ has: page.getByRole('heading', { name: 'Plan for src/greeting.ts' }) });

        it('shows the conversation: it has height, and the streamed answer is in view', async () => {
          const paragraph = answer().getByText('Here is what I found after reading the file:');
          await paragraph.waitFor();
          const box = await conversation().boundingBox();
          expect(box?.height ?? 0, 'height of the conversation log (px)').toBeGreaterThanOrEqual(100);
          // Hit-testing sees what a user sees: a paragraph clipped by a collapsed scroller, or
          // covered by something else, is not what is at its own position.
          expect(await paragraph.evaluate(scrollToAndHitTest), 'the streamed paragraph, scrolled to, is what shows at its position').toBe(true);
        });

        it('keeps the lines of a code block', async () => {
          const code = answer().locator('[data-slot="code-block"] pre');
          const lastLine = expectedCode.split('\n').at(-1)!.trim();
          await expect.poll(() => code.textContent(), { timeout: 30_000 }).toContain(lastLine);
          const expectedLines = expectedCode.split('\n').filter((line) => line.trim() !== '').length;
          // Polled: once the last line's text is there the block can still be re-rendering (the
          // stream's end, highlighted tokens replacing plain text); a single count once saw 13 of 14.
          await expect
            .poll(() => code.evaluate(renderedLineCount), { timeout: 10_000, message: `lines on screen for a ${expectedLines}-line code block` })
            .toBeGreaterThanOrEqual(expectedLines);
        });

        it('highlights code in a worker and talks to the agent from the socket worker: one of each per page, emitted by the host’s bundler from the installed package', async () => {
          const block = answer().locator('[data-slot="code-block"]').first();
          await expect.poll(() => block.getAttribute('data-state'), { timeout: 30_000, message: 'the code block’s highlighting' }).toBe('highlighted');
          // The page's mode when the tokens were painted: `main-thread` would mean the worker
          // could not start (the console says why).
          expect(await block.getAttribute('data-highlighter'), 'where the code block was tokenized').toBe('worker');
          expect(await block.locator('span[style*="--acp-code-keyword"]').count(), 'keyword tokens in the code block').toBeGreaterThan(0);
          // The socket worker (named, as bundlers may name its file by a hash) starts with the
          // connection, the highlighting worker with the first code block; both from this page's origin.
          expect(
            workers.map((worker) => worker.url()),
            'workers the page started',
          ).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//), expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//)]);
          expect(await Promise.all(workers.map((worker) => worker.evaluate(() => self.name))), 'the workers’ names').toEqual(['acp-react socket', '']);
        });

        it('does not centre paragraphs, diffs or terminal output', async () => {
          const paragraph = answer().getByText('Here is what I found after reading the file:');
          const layout = await paragraph.evaluate(textLayout);
          expect(layout.textAlign, 'text-align of a paragraph').not.toBe('center');
          expect(layout.offsetFromStart, 'gap between the paragraph box and its text (px)').toBeLessThan(2);
          const insertion = toolCall(page, 'Edit:').getByRole('insertion').first();
          await insertion.waitFor();
          expect((await insertion.evaluate(textLayout)).textAlign, 'text-align of a diff line').not.toBe('center');
        });

        it('lets the user click Allow in the permission prompt, and the agent goes on with it', async () => {
          const permission = toolCall(page, 'Edit:').getByRole('group', { name: /^Permission needed/ });
          await permission.waitFor();
          // A click as a user makes it: scrolled into view, visible, not covered, enabled.
          await permission.getByRole('button', { name: 'Allow', exact: true }).click({ timeout: 15_000 });
          allowed = true;
          await permission.getByText('You chose: Allow').waitFor();
          await conversation().getByRole('listitem').filter({ hasText: 'approved; shown as a diff only' }).waitFor();
          await waitTurnEnd(page);
          const terminal = toolCall(page, 'Run:');
          expect((await terminal.evaluate(textLayout)).textAlign, 'text-align of the terminal card').not.toBe('center');
        });

        it(`logs no console error or React warning (${mode} build of React)`, async () => {
          // The whole turn, when it could run to its end; otherwise it waits on the permission
          // prompt (the test above says why), and what was logged until now is checked.
          if (allowed) await waitTurnEnd(page);
          expect(problems(log), 'console errors, warnings and uncaught errors').toEqual([]);
        });

        if (options.elementPage) {
          const elementPage = options.elementPage;
          it(`mounts <acp-agent-panel> from acp-react/element (${elementPage}), and a turn runs in it`, async () => {
            const page = await context!.newPage();
            const elementLog: string[] = [];
            page.on('console', (message) => elementLog.push(`[${message.type()}] ${message.text()}`));
            page.on('pageerror', (error) => elementLog.push(`[pageerror] ${error.stack ?? error.message}`));
            try {
              page.setDefaultTimeout(150_000);
              await page.goto(`${url}${elementPage}`);
              await waitReady(page);
              page.setDefaultTimeout(30_000);
              // The panel is in the element's open shadow root, with the library's sheet adopted there.
              const shadow = await page.locator('acp-agent-panel').evaluate((el) => ({
                panel: el.shadowRoot?.querySelector('[data-slot="agent-panel"]') != null,
                sheets: el.shadowRoot?.adoptedStyleSheets.length ?? 0,
              }));
              expect(shadow.panel, 'the panel inside the shadow root').toBe(true);
              expect(shadow.sheets, 'stylesheets adopted in the shadow root').toBeGreaterThan(0);
              await sendPrompt(page, '/plan');
              await waitTurnEnd(page);
              await panel(page).getByText('The plan is complete: all five steps are done.').waitFor();
              // The element's events reached the page's own code.
              await page
                .locator('#events li')
                .filter({ hasText: /^acp-turn-end .*"stopReason":"end_turn"/ })
                .waitFor();
              expect(
                await page
                  .locator('#events li')
                  .filter({ hasText: /^acp-session-created / })
                  .count(),
              ).toBe(1);
              expect(problems(elementLog), 'console errors, warnings and uncaught errors').toEqual([]);
            } catch (error) {
              mkdirSync(RESULTS, { recursive: true });
              writeFileSync(join(RESULTS, `hosts-${name}-${mode}-element.log`), `${elementLog.join('\n')}\n`);
              await page.screenshot({ path: join(RESULTS, `hosts-${name}-${mode}-element.png`), fullPage: true, timeout: 10_000 }).catch(() => {});
              throw error;
            } finally {
              await page.close();
            }
          });
        }

        if (host.kind === 'next' && mode === 'production') {
          it('prerenders the panel shell into the HTML', async () => {
            const html = await (await fetch(url)).text();
            expect(html).toMatch(/data-slot="agent-panel"/);
            expect(html).toMatch(/<textarea/);
          });
        }
      });
    }
  });
}

// --- run in the page ---------------------------------------------------------------------------

/**
 * Scrolls the element to the middle of its scrollers and tells whether it is what the browser
 * hit-tests there, in one task: the conversation follows the stream to the bottom, so a scroll
 * and a later check could see different positions.
 */
function scrollToAndHitTest(element: Element): boolean {
  element.scrollIntoView({ block: 'center' });
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return false;
  const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + Math.min(rect.height / 2, 8));
  return hit !== null && (hit === element || element.contains(hit));
}

/**
 * Distinct line boxes the text of `element` occupies, scrolled into view first (off-screen parts
 * of a long conversation may be skipped by content-visibility or not mounted yet).
 */
function renderedLineCount(element: Element): number {
  element.scrollIntoView({ block: 'center' });
  const range = document.createRange();
  range.selectNodeContents(element);
  const tops = new Set<number>();
  for (const rect of range.getClientRects()) if (rect.width > 0 && rect.height > 0) tops.add(Math.round(rect.top));
  return tops.size;
}

/** text-align, and how far the text starts from the start of the element's content box. */
function textLayout(element: Element): { textAlign: string; offsetFromStart: number } {
  const style = getComputedStyle(element);
  const box = element.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(element);
  const text = range.getBoundingClientRect();
  const start = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
  return { textAlign: style.textAlign, offsetFromStart: text.left - start };
}
