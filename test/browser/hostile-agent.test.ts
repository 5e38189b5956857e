/**
 * A misbehaving agent over a real WebSocket, in real Chromium: the playground's hostile page with
 * `?agent=` (the whole AgentPanel, and a terminal that floods) against the agent of
 * test/helpers/hostile-agent.mjs, which answers each prompt by streaming one kind of hostile or
 * oversized content in large chunks. After each, the panel is still there, shows the content
 * within its budgets and says what it cut, flattened or approximated, no error reached the page,
 * and the next prompt works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './helpers/chromium.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';
import { panel, PLAYGROUND_DIST, sendPrompt, waitTurnEnd } from './helpers/e2e.js';
import { startHostileAgent } from '../helpers/hostile-agent.mjs';
import { domDepth } from '../helpers/dom-depth.js';

const RESULTS = fileURLToPath(new URL('../../test-results', import.meta.url));
let browser: Browser;
let server: StaticServer;
let agent: Awaited<ReturnType<typeof startHostileAgent>>;
let page: Page;
const pageErrors: string[] = [];
let prompts = 0;

beforeAll(async () => {
  if (!existsSync(`${PLAYGROUND_DIST}/hostile.html`))
    throw new Error('playground-dist is missing: run `npx vite build --config playground/vite.config.ts` first.');
  // Half the benchmark's payloads: still far past every budget, and quicker to stream.
  agent = await startHostileAgent({ scale: 0.5, floodLines: 40_000 });
  server = await serveStatic(PLAYGROUND_DIST);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.setDefaultTimeout(60_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${server.url}/hostile.html?${new URLSearchParams({ agent: agent.url })}`);
  await panel(page).locator('textarea:not([disabled])').waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await agent?.close();
});

const log = () => panel(page).getByRole('log', { name: 'Conversation' });
const lastAnswer = () => log().getByRole('article', { name: 'Agent message' }).last();

/** Sends a scenario's prompt, waits for the turn to end, keeps a screenshot of the page. */
async function run(scenario: string): Promise<void> {
  await sendPrompt(page, scenario);
  await waitTurnEnd(page);
  mkdirSync(RESULTS, { recursive: true });
  await page.screenshot({ path: `${RESULTS}/hostile-agent-${scenario}.png` });
}

/** The panel survived, nothing failed to render or reached the page as an error, and a plain prompt is answered. */
async function stillWorks(): Promise<void> {
  expect(pageErrors).toEqual([]);
  expect(await log().locator('[data-slot="part-error"]').count()).toBe(0);
  const text = `still here ${++prompts}`;
  await sendPrompt(page, text);
  await waitTurnEnd(page);
  await expect.poll(() => lastAnswer().textContent(), { timeout: 30_000 }).toContain(`Echo: ${text}`);
}

/** How deep elements nest in the conversation. */
const conversationDepth = () => log().evaluate(domDepth);

describe('a hostile agent over a real WebSocket', () => {
  it('deep markdown: thousands of nested quotes, lists, links and emphasis render capped, with a note', async () => {
    await run('deep-markdown');
    const answer = lastAnswer();
    await answer.getByText('After the deep parts.').waitFor();
    await expect
      .poll(() => answer.getByRole('note').allTextContents(), { timeout: 30_000 })
      .toContain('Nested deeper than 32 levels: the deeper levels are shown as text.');
    expect(await conversationDepth()).toBeLessThan(200);
    await stillWorks();
  });

  it('deep JSON: 50,000 nested levels in raw input, an unknown update and an unknown block open without blanking anything', async () => {
    await run('deep-json');
    await lastAnswer().getByText('After the deep JSON.').waitFor();
    const card = panel(page).locator('[data-slot="tool-call"]').filter({ hasText: 'Deeply nested input' });
    const header = card.getByRole('button', { name: /Deeply nested input/ });
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
    await card.getByRole('button', { name: 'Raw input and output' }).click();
    await expect
      .poll(() => card.getByRole('note').allTextContents(), { timeout: 30_000 })
      .toContain('Nested deeper than 32 levels: the deeper levels are written on one line.');
    await log().getByText('Raw JSON').last().click();
    await log()
      .getByRole('button', { name: /x-deep-block/ })
      .click();
    expect(await log().locator('[data-slot="thread-unsupported-raw"] pre').last().textContent()).toContain('"payload": [');
    await stillWorks();
  });

  it('a long line: half a megabyte without a newline, then a word of 150 KB, stream into bounded runs', async () => {
    await run('long-line');
    const answer = lastAnswer();
    await answer.getByText('After the long lines.').waitFor();
    await expect
      .poll(() => answer.getByRole('note').allTextContents(), { timeout: 30_000 })
      .toContain('Very long or heavily marked-up paragraph: formatted in parts, so marks that span parts show as typed.');
    // The log kept following the stream to its end (pinned after layout, without forcing it).
    expect(await log().evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThanOrEqual(32);
    await stillWorks();
  });

  it('a huge table: 2,500 rows, parsed in groups, every row there', async () => {
    await run('table');
    const answer = lastAnswer();
    await answer.getByText('After the table.').waitFor();
    // Groups past a frame's parse budget show as written for a frame or two, then as rows.
    await expect.poll(() => answer.locator('[data-slot="markdown-table"] [data-slot="markdown-pending"]').count(), { timeout: 30_000 }).toBe(0);
    expect(await answer.locator('[data-slot="markdown-table"] tbody tr').count()).toBe(2500);
    expect(await answer.locator('[data-slot="markdown-table"]').count()).toBe(1);
    await stillWorks();
  });

  it('unmatched emphasis and link openers by the ten thousand parse in parts', async () => {
    await run('emphasis');
    const answer = lastAnswer();
    await answer.getByText('After the emphasis.').waitFor();
    await expect.poll(() => answer.getByRole('note').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await stillWorks();
  });

  it('a big diff: 20,000 lines with every tenth changed shows its real counts', async () => {
    await run('diff');
    const diff = panel(page).locator('[data-slot="diff"]').last();
    await expect.poll(() => diff.locator('[data-slot="diff-counts"] > [aria-hidden="true"]').textContent(), { timeout: 30_000 }).toBe('+2,000 −2,000');
    expect(await diff.locator('[data-slot="diff-approximate"]').count()).toBe(0);
    await stillWorks();
  });

  it('permissions: 50 requests at once, each in its tool call card, are answered from the keyboard one after another and reach the agent', async () => {
    await sendPrompt(page, 'permissions');
    const pending = log().locator('[data-slot="permission"][data-status="pending"]');
    await expect.poll(() => log().locator('[data-slot="permission"]:not([data-mounting])').count(), { timeout: 30_000 }).toBe(50);
    for (let answered = 0; answered < 50; answered++) {
      // Focus sits on the first prompt still waiting (the first at once, each next one as the
      // one before is answered): Tab reaches its first option, Enter picks it.
      await page.waitForFunction(() => document.activeElement?.matches('[data-slot="permission"][data-status="pending"]'));
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(`Run step ${answered + 1} of 50`);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Allow');
      await page.keyboard.press('Enter');
    }
    await waitTurnEnd(page);
    await lastAnswer().getByText('Permissions answered: 50 of 50 allowed.').waitFor();
    expect(await pending.count()).toBe(0);
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: `${RESULTS}/hostile-agent-permissions.png` });
    await stillWorks();
  });

  it('ansi: 145 KB of colours, cursor moves and progress bars redrawn in place show their end, styled, without escape codes', async () => {
    await run('ansi');
    const terminal = panel(page).locator('[data-slot="terminal"]').last();
    await terminal.getByText(/done in \d+ steps/).waitFor();
    const text = (await terminal.locator('[data-slot="terminal-line"]').allTextContents()).join('\n');
    // A progress bar redrawn on one line shows its last state only.
    expect(text).toMatch(/package \d+ \[#{30}\] 100%/);
    expect(text).not.toMatch(/package \d+ \[#*\.+\]/);
    expect(text).not.toContain(String.fromCharCode(27));
    expect(text).not.toMatch(/\[\d+(;\d+)*m|\[2K|\[3A/);
    // Colours, 256 and true colour, are kept as styles.
    expect(await terminal.locator('[data-slot="terminal-line"] [class], [data-slot="terminal-line"] [style]').count()).toBeGreaterThan(100);
    await stillWorks();
  });

  it('a terminal flood: 40,000 coloured lines stay bounded, the end shown, the rest to copy', async () => {
    await run('terminal');
    const terminal = panel(page).locator('[data-slot="terminal"]').last();
    await terminal.getByText(/\[039999\] building module/).waitFor();
    await terminal.getByRole('button', { name: 'Download the full text as terminal-output.txt' }).waitFor();
    // Only the last page of lines is mounted, and only near the view filled.
    expect(await terminal.locator('[data-slot="terminal-line"]').count()).toBeLessThanOrEqual(1000);
    await stillWorks();
  });
});
