/**
 * The web IDE with sixteen sessions open (issue 26): the tabs stay readable and the strip scrolls,
 * the keyboard reaches every tab with the current one scrolled into view, and a session that
 * streamed to its end in the background shows that end when its tab is clicked, unless the user
 * had scrolled it up.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { e2e, openPlayground, panel, sendPrompt, setupE2E, waitCount, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

const TITLES = [
  'Fix the login redirect loop',
  'Explain the greeting module',
  'Rename greetAll to greetEveryone',
  'Add a punctuation option',
  'Speed up the test suite',
  'Document the config options',
  'Upgrade the SDK to 2.4',
  'Remove the unused helpers',
  'Translate the error messages',
  'Cache the session list',
  'Review the pull request',
  'Split the parser module',
  'Handle a dropped connection',
  'Write the changelog entry',
  'Audit the dependencies',
  'Profile the markdown renderer',
];
const N = TITLES.length;
/** Room for about 14 characters of a title at the tabs' 12.5 px (collapsed tabs showed two and an ellipsis). */
const MIN_TITLE_PX = 88;

const tabsOf = (page: Page) => panel(page).getByRole('tablist', { name: 'Open sessions' }).getByRole('tab');

/**
 * Opens sixteen sessions, then prompts each `/stream <chunks> <title>` in turn without waiting for
 * the answers, so they stream side by side, and waits until every one has ended.
 */
async function openStreamingSessions(page: Page, cwd: string, chunks: number): Promise<Locator> {
  await page.addInitScript(`window.__endMarker = ${endMarker.toString()}; window.__firstFrameOf = ${firstFrameOf.toString()};`);
  await openPlayground(page, e.url('', { cwd }));
  const p = panel(page);
  const tabs = tabsOf(page);
  for (let i = 1; i < N; i++) {
    await p.getByRole('button', { name: 'New session' }).click();
    await waitCount(tabs, i + 1);
    await expect.poll(() => tabs.nth(i).getAttribute('aria-selected')).toBe('true');
  }
  for (let i = 0; i < N; i++) {
    await tabs.nth(i).click();
    await expect.poll(() => tabs.nth(i).getAttribute('aria-selected')).toBe('true');
    await p.getByRole('log', { name: 'Conversation' }).getByText('Send a message to start').waitFor();
    await sendPrompt(page, `/stream ${chunks} ${TITLES[i]}`);
  }
  await waitTurnEnd(page);
  await p.locator('[data-slot="session-tab"][data-status="running"]').first().waitFor({ state: 'detached', timeout: 120_000 });
  for (let i = 0; i < N; i++) await expect.poll(() => tabs.nth(i).locator('[data-slot="session-tab-title"]').getAttribute('title')).toBe(TITLES[i]);
  return tabs;
}

/** Whether the selected tab lies wholly inside the tab strip's visible part. */
function selectedTabInView(): boolean {
  const list = document.querySelector('[data-slot="agent-panel"] [role="tablist"]');
  const tab = list?.querySelector('[role="tab"][aria-selected="true"]');
  if (!list || !tab) return false;
  const l = list.getBoundingClientRect();
  const t = tab.getBoundingClientRect();
  return t.width > 0 && t.left >= l.left - 1 && t.right <= l.right + 1;
}

/**
 * Where the shown conversation's last streamed word ("w<last>") is: in the log's viewport and at
 * its bottom (the log scrolled to its end), or not. Runs in the page (`window.__endMarker`).
 */
function endMarker(marker: string): { found: boolean; inView: boolean; atBottom: boolean; top: number } {
  const log = document.querySelector<HTMLElement>('[data-slot="agent-panel"] [data-slot="thread-log"]');
  if (!log) return { found: false, inView: false, atBottom: false, top: -1 };
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight <= 2;
  const walker = document.createTreeWalker(log, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    const at = text.search(new RegExp(`\\b${marker}\\b`));
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + marker.length);
    const r = range.getBoundingClientRect();
    const v = log.getBoundingClientRect();
    return { found: true, inView: r.height > 0 && r.top >= v.top - 1 && r.bottom <= v.bottom + 1, atBottom, top: log.scrollTop };
  }
  return { found: false, inView: false, atBottom, top: log.scrollTop };
}

/**
 * `endMarker` as the first frame painted with the session titled `title` shown had it: sampled
 * after each paint (a task queued from an animation frame runs after that frame's paint) until
 * the log shows that session. Runs in the page (`window.__firstFrameOf`); start it before the click.
 */
function firstFrameOf(title: string, marker: string): Promise<ReturnType<typeof endMarker>> {
  const w = window as unknown as { __endMarker: typeof endMarker };
  return new Promise((resolve) => {
    const afterPaint = () =>
      setTimeout(() => {
        const user = document.querySelector('[data-slot="agent-panel"] [data-slot="thread-log"] [data-role="user"]');
        if (user?.textContent?.includes(title)) resolve(w.__endMarker(marker));
        else requestAnimationFrame(afterPaint);
      }, 0);
    requestAnimationFrame(afterPaint);
  });
}

type PageHelpers = { __endMarker: typeof endMarker; __firstFrameOf: typeof firstFrameOf };
const shownEnd = (page: Page) => page.evaluate((marker) => (window as unknown as PageHelpers).__endMarker(marker), 'w1999');

e2e(
  'sixteen sessions: every tab shows its title, the strip scrolls, the keyboard reaches every tab with the current one in view',
  async ({ page }) => {
    const tabs = await openStreamingSessions(page, '/e2e-many-tabs', 20);
    const list = panel(page).getByRole('tablist', { name: 'Open sessions' });

    // Readable: each tab's title keeps about 14 characters or more; the strip overflows and scrolls instead.
    const widths = await list.locator('[data-slot="session-tab-title"]').evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().width));
    expect(widths).toHaveLength(N);
    for (const [i, width] of widths.entries()) expect(width, TITLES[i]).toBeGreaterThanOrEqual(MIN_TITLE_PX);
    expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // The full title in the tooltip and in the name.
    expect(await tabs.nth(3).locator('[data-slot="session-tab-title"]').getAttribute('title')).toBe(TITLES[3]);
    await panel(page)
      .getByRole('tab', { name: new RegExp(`^${TITLES[3]}`) })
      .waitFor();

    // The current tab stands out by more than its underline.
    const [activeBg, inactiveBg] = await Promise.all([tabs.nth(N - 1), tabs.nth(0)].map((tab) => tab.evaluate((el) => getComputedStyle(el).backgroundColor)));
    expect(activeBg).not.toBe(inactiveBg);

    // Keyboard: Home, then the arrows through all sixteen, End, and round again; the current tab always in view.
    await tabs.nth(N - 1).focus();
    await page.keyboard.press('Home');
    await expect.poll(() => tabs.nth(0).getAttribute('aria-selected')).toBe('true');
    await page.waitForFunction(selectedTabInView);
    for (let i = 1; i < N; i++) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => tabs.nth(i).getAttribute('aria-selected')).toBe('true');
      await page.waitForFunction(selectedTabInView);
      expect(await tabs.nth(i).evaluate((el) => el === document.activeElement)).toBe(true);
    }
    await page.keyboard.press('Home');
    await page.waitForFunction(selectedTabInView);
    await page.keyboard.press('End');
    await expect.poll(() => tabs.nth(N - 1).getAttribute('aria-selected')).toBe('true');
    await page.waitForFunction(selectedTabInView);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tabs.nth(0).getAttribute('aria-selected')).toBe('true');
    await page.waitForFunction(selectedTabInView);

    // A vertical wheel over the strip scrolls it sideways.
    const before = await list.evaluate((el) => el.scrollLeft);
    await list.hover();
    await page.mouse.wheel(0, 400);
    await page.waitForFunction((x) => (document.querySelector('[data-slot="agent-panel"] [role="tablist"]')?.scrollLeft ?? 0) > x, before);
  },
  180_000,
);

e2e(
  'sixteen sessions streaming 2,000 chunks at once: clicking each tab shows its end at the bottom, a session scrolled up stays where it was left',
  async ({ page }) => {
    const tabs = await openStreamingSessions(page, '/e2e-many-streams', 2000);
    const p = panel(page);
    const log = p.getByRole('log', { name: 'Conversation' });

    // Every tab, in order: its first frame already shows its end, and so does the log once settled.
    for (let i = 0; i < N; i++) {
      const first = page.evaluate(([title, marker]) => (window as unknown as PageHelpers).__firstFrameOf(title!, marker!), [TITLES[i], 'w1999']);
      await tabs.nth(i).click();
      const painted = await first;
      expect(painted, `session ${i + 1} (${TITLES[i]}), first frame`).toMatchObject({ found: true, inView: true, atBottom: true });
      await page
        .waitForFunction(() => {
          const end = (window as unknown as PageHelpers).__endMarker('w1999');
          return end.inView && end.atBottom;
        })
        .catch(async (error: unknown) => {
          throw new Error(`session ${i + 1} (${TITLES[i]}) does not show its end: ${JSON.stringify(await shownEnd(page))}`, { cause: error });
        });
    }

    // The user scrolls the fifth session up, looks at another, comes back: it is where they left it.
    await tabs.nth(4).click();
    await log.getByRole('article', { name: 'Your message' }).filter({ hasText: TITLES[4] }).waitFor();
    await log.hover();
    await page.mouse.wheel(0, -600);
    await p.getByRole('button', { name: /Jump to latest/ }).waitFor();
    // The wheel's scroll may animate: where it came to rest is where the user left it.
    const left = await log.evaluate(
      (el) =>
        new Promise<number>((resolve) => {
          let last = -1;
          const frame = () => (el.scrollTop === last ? resolve(last) : ((last = el.scrollTop), requestAnimationFrame(frame)));
          requestAnimationFrame(frame);
        }),
    );
    expect(left).toBeGreaterThan(0);
    await tabs.nth(5).click();
    await log.getByRole('article', { name: 'Your message' }).filter({ hasText: TITLES[5] }).waitFor();
    await p.getByRole('button', { name: /Jump to latest/ }).waitFor({ state: 'detached' });
    await tabs.nth(4).click();
    await log.getByRole('article', { name: 'Your message' }).filter({ hasText: TITLES[4] }).waitFor();
    await p.getByRole('button', { name: /Jump to latest/ }).waitFor();
    expect(Math.abs((await log.evaluate((el) => el.scrollTop)) - left)).toBeLessThanOrEqual(2);
    expect((await shownEnd(page)).inView).toBe(false);
  },
  240_000,
);
