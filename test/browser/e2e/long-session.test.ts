/**
 * Opening a long stored session in the playground's panel, end to end: the demo agent replays a
 * 300-turn history (15,000 updates, about 4 MiB, generated as the long-session benchmark does) on
 * `session/load` over a real WebSocket. The replay shows while it arrives, the newest turn mounts
 * across tasks once the load answers (seen partly mounted at the end of a task, then whole), the
 * log ends at the last turn with the prompt usable, scrolling up shows earlier turns with their
 * content, and the log sticks to its end again for the next turn.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { e2e, openPlayground, panel, promptBox, record, recorded, setupE2E, waitTurnEnd } from '../helpers/e2e.js';
import { LAST_TURN_MARKER, makeLongHistory } from '../../../bench/lib/long-history.mjs';

const e = setupE2E({ delayMs: 5 });
const CWD = '/e2e-long-session';
const TITLE = 'A long history';

interface StoredSession {
  sessionId: string;
  title: string;
  history: unknown[];
}
interface SessionStore {
  create(options: { cwd: string }): StoredSession;
}

const logOf = (page: Page) => panel(page).getByRole('log', { name: 'Conversation' });

/** How far the log is from its end, in pixels. */
const distanceFromEnd = (page: Page) =>
  page.evaluate(() => {
    const log = document.querySelector<HTMLElement>('[data-slot="thread-log"]');
    return log ? log.scrollHeight - log.scrollTop - log.clientHeight : NaN;
  });

e2e(
  'a 300-turn session opens with its replay shown as it loads, its newest turn mounted across tasks, and its whole history reachable',
  async ({ page }) => {
    const store = (e.agent as unknown as { store: SessionStore }).store;
    const stored = store.create({ cwd: CWD });
    stored.title = TITLE;
    stored.history = makeLongHistory(300);

    await openPlayground(page, e.url('', { cwd: CWD }));
    const p = panel(page);
    await p.getByRole('button', { name: 'Sessions' }).click();
    const item = p.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: new RegExp(`^${TITLE}`) });
    await item.waitFor();

    // Sampled at the end of every task that changed the DOM: is the session loading, does the
    // thread show turns, is its newest turn still mounting.
    await record(page, 'open', () => {
      const loading = document.querySelector('[data-slot="session-status"][data-status="loading"]') !== null;
      const turns = document.querySelectorAll('[data-slot="thread-turn"]').length > 0;
      const mounting = document.querySelector('[data-slot="thread-turn"][data-latest="true"][aria-busy="true"]') !== null;
      return `${loading ? 'loading' : 'loaded'}${turns ? ' with turns' : ''}${mounting ? ', newest mounting' : ''}`;
    });
    await item.click();

    const log = logOf(page);
    await log.getByText(LAST_TURN_MARKER).waitFor({ timeout: 60_000 });
    await expect.poll(() => log.locator('[aria-busy="true"]').count()).toBe(0);
    const seen = await recorded<string>(page, 'open');
    // Progress while it loaded, then the newest turn seen partly mounted once the load had
    // answered (a task ended between its first item and the rest), then whole.
    expect(seen).toContain('loading with turns');
    const swapped = seen.indexOf('loaded with turns, newest mounting');
    expect(swapped).toBeGreaterThan(seen.indexOf('loading with turns'));
    expect(seen.slice(swapped + 1)).toContain('loaded with turns');

    // At its end, the prompt usable.
    await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
    await expect.poll(() => promptBox(page).isEnabled()).toBe(true);
    expect(await log.locator('[data-slot="thread-turn"]').count()).toBeLessThan(40);

    // Scrolled to the top as a keyboard user does (Home in the focused log; again while rows
    // above the view, measured as they mount, move the top): the first turns mount with their
    // content, the answer included.
    await log.focus();
    await expect
      .poll(async () => {
        await page.keyboard.press('Home');
        return log.getByText(/^Turn 0: please/).isVisible();
      })
      .toBe(true);
    const firstTurn = log.locator('[data-slot="thread-turn"]').filter({ hasText: /Turn 0: please/ });
    await expect.poll(() => firstTurn.getAttribute('aria-busy')).toBeNull();
    expect(await firstTurn.getByRole('article', { name: 'Agent message' }).count()).toBe(1);
    expect(await firstTurn.locator('[data-slot="tool-call"]').count()).toBe(2);

    // Back to the end, then a new turn: the log follows it to its end.
    await p.getByRole('button', { name: /Jump to latest/ }).click();
    await log.getByText(LAST_TURN_MARKER).waitFor();
    await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
    // (Typed by hand: sendPrompt counts the user messages, and a virtualized log mounts only some.)
    // The demo agent's /plan runs without asking for permission.
    await promptBox(page).fill('/plan one more turn after the long history');
    const menu = p.getByRole('listbox', { name: 'Commands' });
    if (await menu.isVisible()) await promptBox(page).press('Escape');
    await promptBox(page).press('Enter');
    await log.getByRole('article', { name: 'Your message' }).filter({ hasText: 'one more turn after the long history' }).waitFor();
    await waitTurnEnd(page);
    await log.getByText('The plan is complete: all five steps are done.').waitFor();
    await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
  },
  180_000,
);
