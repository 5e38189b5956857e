/**
 * Nothing runs when nothing happens (issue 27): after the turns of a realistic session have
 * ended (markdown with code, an edit with its diff allowed, a plan, a terminal), with the
 * protocol inspector and the Sessions list open, the page runs no infinite animation and no
 * timer, animation-frame or idle callback; while a turn waits for the user's answer only a
 * visible element animates, and with reduced motion nothing does.
 *
 * Callbacks are counted in the page (each API wrapped before the page's scripts run) over a
 * number of animation frames, counted with the browser's own requestAnimationFrame.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { e2e, openPlayground, panel, sendPrompt, setupE2E, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 2 });

type Counts = Record<'setTimeout' | 'setInterval' | 'requestAnimationFrame' | 'requestIdleCallback', number>;
type IdleWindow = { __idle: { frames(n: number): Promise<void>; start(): void; stop(): Counts & { sources: string[] } } };

/** Runs in the page before its scripts: wraps the callback APIs to count the callbacks that run. */
function countCallbacks() {
  const counts: Counts = { setTimeout: 0, setInterval: 0, requestAnimationFrame: 0, requestIdleCallback: 0 };
  const sources: string[] = [];
  const raf = window.requestAnimationFrame.bind(window);
  let on = false;
  for (const name of Object.keys(counts) as (keyof Counts)[]) {
    const original = (window as unknown as Record<string, (...args: unknown[]) => unknown>)[name];
    if (typeof original !== 'function') continue;
    (window as unknown as Record<string, unknown>)[name] = function (this: unknown, callback: unknown, ...rest: unknown[]) {
      if (typeof callback !== 'function') return original.call(this, callback, ...rest);
      const where = new Error().stack?.split('\n').slice(2, 4).join(' < ') ?? '';
      return original.call(
        this,
        function (this: unknown, ...args: unknown[]) {
          if (on) {
            counts[name]++;
            sources.push(`${name} ${where}`);
          }
          return (callback as (...a: unknown[]) => unknown).apply(this, args);
        },
        ...rest,
      );
    };
  }
  (window as unknown as IdleWindow).__idle = {
    frames: (n) =>
      new Promise<void>((resolve) =>
        raf(function tick() {
          if (--n <= 0) resolve();
          else raf(tick);
        }),
      ),
    start: () => {
      for (const name of Object.keys(counts) as (keyof Counts)[]) counts[name] = 0;
      sources.length = 0;
      on = true;
    },
    stop: () => {
      on = false;
      return { ...counts, sources: [...new Set(sources)] };
    },
  };
}

/** The running animations that repeat forever, with whether their element is visible. Runs in the page. */
function infiniteAnimations() {
  return document
    .getAnimations()
    .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity)
    .map((a) => {
      const target = (a.effect as KeyframeEffect).target;
      return {
        name: (a as CSSAnimation).animationName,
        element: target ? `${target.tagName.toLowerCase()}.${String(target.className)}` : '',
        visible: target ? target.checkVisibility({ opacityProperty: true, visibilityProperty: true }) : false,
      };
    });
}

/** The callbacks that ran over `frames` animation frames, after `settle` frames for what a change left to finish. */
async function callbacksOver(page: Page, settle: number, frames: number) {
  await page.evaluate((n) => (window as unknown as IdleWindow).__idle.frames(n), settle);
  await page.evaluate(() => (window as unknown as IdleWindow).__idle.start());
  await page.evaluate((n) => (window as unknown as IdleWindow).__idle.frames(n), frames);
  return page.evaluate(() => (window as unknown as IdleWindow).__idle.stop());
}

const allow = (page: Page) => panel(page).getByRole('button', { name: 'Allow', exact: true }).and(panel(page).locator(':enabled'));

/** The turns of a realistic session, each to its end (the edit allowed). */
async function realisticTurns(page: Page) {
  await sendPrompt(page, '/explain the greeting module');
  await waitTurnEnd(page);
  await sendPrompt(page, '/edit src/greeting.ts');
  await allow(page).click();
  await waitTurnEnd(page);
  await sendPrompt(page, '/plan');
  await waitTurnEnd(page);
  await sendPrompt(page, '/test');
  await waitTurnEnd(page);
}

e2e(
  'after the turns end, with the inspector and the Sessions list open, no animation loops and no timer or frame callback runs',
  async ({ page }) => {
    await page.addInitScript(countCallbacks);
    await openPlayground(page, e.url('', { cwd: '/e2e-idle' }));
    await realisticTurns(page);
    await page.getByRole('button', { name: 'Protocol inspector' }).click();
    await page.getByRole('complementary', { name: 'Protocol inspector panel' }).getByRole('listitem').first().waitFor();
    await panel(page).getByRole('button', { name: 'Sessions' }).click();
    await panel(page).getByRole('button', { name: 'Hide sessions' }).waitFor();

    expect(await page.evaluate(infiniteAnimations)).toEqual([]);
    // About a second: an interval of the inspector's 250 ms or a frame loop would show.
    const counts = await callbacksOver(page, 30, 60);
    expect(counts, counts.sources.join('\n')).toMatchObject({ setTimeout: 0, setInterval: 0, requestAnimationFrame: 0, requestIdleCallback: 0 });
  },
  120_000,
);

e2e(
  'a turn waiting for the user animates only what is visible, and nothing with reduced motion; answered, nothing',
  async ({ page }) => {
    await openPlayground(page, e.url('', { cwd: '/e2e-idle-waiting' }));
    await sendPrompt(page, '/edit src/greeting.ts');
    await allow(page).waitFor();
    const waiting = await page.evaluate(infiniteAnimations);
    for (const animation of waiting) expect(animation, JSON.stringify(animation)).toMatchObject({ visible: true });

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => page.evaluate(infiniteAnimations)).toEqual([]);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await allow(page).click();
    await waitTurnEnd(page);
    expect(await page.evaluate(infiniteAnimations)).toEqual([]);
  },
  60_000,
);
