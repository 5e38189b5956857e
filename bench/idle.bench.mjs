#!/usr/bin/env node
/**
 * Benchmark (issue 27, item 5): nothing runs when nothing happens. The production playground
 * (built by this benchmark into bench/.tmp/idle/) against the demo agent (in this process), in
 * headless Chromium: a few realistic turns as a user sends them (`/explain`: markdown with a
 * highlighted code block; `/edit`: a tool call with a diff, allowed in its permission prompt;
 * `/plan`; `/test`: a terminal), then, once the last turn has ended, 6 s of the idle page recorded:
 *
 *  - CDP `Performance.getMetrics` deltas: TaskDuration, RecalcStyleCount, LayoutCount;
 *  - the timer, animation-frame and idle callbacks that ran (counted in the page, by API);
 *  - `document.getAnimations()`: running animations with infinite iterations and their elements;
 *  - then the next 6 s under a trace (tracing costs the renderer tasks of its own, so the figures
 *    above come from the untraced window): the main thread's tasks (wall and CPU) and what each
 *    did, the timers and animation-frame callbacks that fired and which function each ran.
 *
 * Scenarios, each on a fresh page: `finished` (the turns above, all ended), `inspector` (the same
 * with the protocol inspector and the Sessions list open) and `waiting` (then one
 * more `/edit` left at its permission prompt: a visible element is waiting, so an animation on it
 * may run), each also with `prefers-reduced-motion: reduce` (then no infinite animation at all).
 * The goal: a finished page spends under 10 ms in tasks over the 6 s and recalculates no style.
 *
 * Usage: node bench/idle.bench.mjs [--runs=N] [--quick] [--only=finished,inspector,waiting] [--no-write] [--raw=file.json]
 * `BENCH_MINIFY=0` keeps function names in the trace's timer and frame callbacks.
 * Section `idle` of bench/RESULTS.md.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { startDemoAgentServer } from '../demo-agent/server.mjs';
import { infiniteAnimations, traceIdle } from './lib/idle-trace.mjs';
import { fmt, machineLine, median, repoRoot, table, writeSections } from './lib/results.mjs';
import { launchChromium, metricDelta, metrics, serve, tmpDir, verdict } from './pages/harness.mjs';
import { benchArgs } from './lib/args.mjs';

const { flag, quick, write } = benchArgs();
const runs = Number(flag('runs') ?? (quick ? 1 : 3));
const only = flag('only')?.split(',') ?? ['floor', 'finished', 'inspector', 'waiting'];
const rawPath = flag('raw');
const log = (...a) => console.error('[idle]', ...a);

const IDLE_MS = 6000;
const TARGET = { taskMs: 10, styleRecalcs: 0 };
const TURNS = ['/explain the greeting module', '/edit src/greeting.ts', '/plan', '/test'];

log('building the playground…');
const outDir = join(tmpDir, 'idle');
await build({
  configFile: join(repoRoot, 'playground/vite.config.ts'),
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true, minify: process.env.BENCH_MINIFY !== '0', chunkSizeWarningLimit: 100_000 },
});
// The floor: the same measurement of a page holding only a focused text box.
await writeFile(
  join(outDir, 'idle-floor.html'),
  '<!doctype html><html lang="en"><title>floor</title><body><textarea aria-label="Message"></textarea></body></html>',
);
const server = await serve(outDir);
const agent = await startDemoAgentServer({ port: 0, host: '127.0.0.1', delayMs: 2 });
const browser = await launchChromium();
const loadStart = os.loadavg();

/** Sends a prompt as a user does (a `/command` closes the slash menu first) and waits until it shows. */
async function send(panel, text) {
  const input = panel.getByRole('textbox', { name: 'Message to the agent' });
  const sent = await panel.getByRole('article', { name: 'Your message' }).count();
  await input.fill(text);
  const menu = panel.getByRole('listbox', { name: 'Commands' });
  if (await menu.isVisible()) await input.press('Escape');
  await input.press('Enter');
  await panel.getByRole('article', { name: 'Your message' }).nth(sent).waitFor();
}

/** Waits for the turn to end, allowing what it asks permission for. */
async function finishTurn(panel) {
  const idle = panel.locator('.acp-prompt-input[data-state="idle"]');
  // An answered prompt keeps its buttons, disabled.
  const allow = panel.getByRole('button', { name: 'Allow', exact: true }).and(panel.locator(':enabled'));
  for (;;) {
    // One locator: a raced second waitFor would go on polling the page (CDP calls) after the turn.
    await idle.or(allow).first().waitFor({ timeout: 120_000 });
    if (await idle.count()) return;
    await allow.first().click();
  }
}

/**
 * Counts the timer, animation-frame and idle callbacks that run between `__idleCounts.start()`
 * and `.stop()`, by the API that scheduled them. Runs in the page before its scripts.
 */
function countCallbacks() {
  const counts = { setTimeout: 0, setInterval: 0, requestAnimationFrame: 0, requestIdleCallback: 0 };
  let on = false;
  for (const name of Object.keys(counts)) {
    const original = window[name];
    if (typeof original !== 'function') continue;
    window[name] = function (callback, ...rest) {
      if (typeof callback !== 'function') return original.call(this, callback, ...rest);
      return original.call(
        this,
        function (...a) {
          if (on) counts[name]++;
          return callback.apply(this, a);
        },
        ...rest,
      );
    };
  }
  window.__idleCounts = {
    start: () => {
      for (const name of Object.keys(counts)) counts[name] = 0;
      on = true;
    },
    stop: () => {
      on = false;
      return { ...counts };
    },
  };
}

async function runScenario(scenario, reducedMotion) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, reducedMotion: reducedMotion ? 'reduce' : 'no-preference' });
  await context.addInitScript(countCallbacks);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  try {
    if (scenario === 'floor') {
      // What the measurement and a focused text box's blinking caret cost on a page with nothing else.
      await page.goto(`${server.url}/idle-floor.html`);
      await page.getByRole('textbox').focus();
    } else await openPlayground(page, scenario);
    // Two frames after the turn ended (or the prompt showed), and once what is still moving has
    // stopped (the usage ring's last 200 ms transition): the recording starts from there.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 10_000 },
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    // The figures come from an untraced window: tracing costs the renderer tasks of its own. The
    // page's counters start before and stop after it, so their own calls are not in it.
    await page.evaluate(() => window.__idleCounts?.start());
    const before = await metrics(cdp);
    await page.waitForTimeout(IDLE_MS);
    const after = await metrics(cdp);
    const fired = await page.evaluate(() => window.__idleCounts?.stop());
    const animations = await page.evaluate(infiniteAnimations);
    // What ran, from a trace of the next window: the tracing's own tasks (mojo messages) are left out.
    const { summary } = await traceIdle(cdp, () => page.waitForTimeout(IDLE_MS));
    return {
      scenario,
      reducedMotion,
      busy: metricDelta(before, after),
      recalcs: after.RecalcStyleCount - before.RecalcStyleCount,
      layouts: after.LayoutCount - before.LayoutCount,
      trace: summary,
      fired,
      animations,
      errors,
    };
  } finally {
    await context.close();
  }
}

/** The playground after the realistic turns, in the state `scenario` names. */
async function openPlayground(page, scenario) {
  await page.goto(`${server.url}/index.html?${new URLSearchParams({ agent: agent.url, workspace: 'browser' })}`);
  const panel = page.getByRole('region', { name: 'Agent', exact: true });
  await panel.locator('textarea:not([disabled])').waitFor({ timeout: 60_000 });
  for (const turn of TURNS) {
    await send(panel, turn);
    await finishTurn(panel);
  }
  if (scenario === 'inspector') {
    await page.getByRole('button', { name: 'Protocol inspector' }).click();
    await page.getByRole('complementary', { name: 'Protocol inspector panel' }).getByRole('listitem').first().waitFor();
    await panel.getByRole('button', { name: 'Sessions' }).click();
    await panel.getByRole('button', { name: 'Hide sessions' }).waitFor();
  }
  if (scenario === 'waiting') {
    await send(panel, '/edit README.md');
    await panel.getByRole('button', { name: 'Allow', exact: true }).and(panel.locator(':enabled')).first().waitFor();
  }
}

const results = [];
try {
  for (let run = 0; run < runs; run++) {
    for (const scenario of only) {
      for (const reducedMotion of [false, true]) {
        log(`run ${run + 1}/${runs}: ${scenario}${reducedMotion ? ', reduced motion' : ''}`);
        const r = await runScenario(scenario, reducedMotion);
        results.push(r);
        log(
          `  tasks ${fmt.ms(r.busy.task)} ms (traced ${r.trace.tasks}, ${fmt.ms(r.trace.taskMs)} ms), ${r.recalcs} style recalcs, ${r.layouts} layouts, ` +
            `callbacks run ${JSON.stringify(r.fired)}, infinite animations ${r.animations.length}` +
            (r.errors.length ? `, page errors: ${r.errors.join('; ')}` : ''),
        );
      }
    }
  }
} finally {
  await browser.close();
  await agent.close();
  await server.close();
}
const loadEnd = os.loadavg();
if (rawPath) await writeFile(rawPath, JSON.stringify(results, null, 1));

/** What fired, over every run of a row: "fn ×count". */
const sources = (list, key) => {
  const all = new Map();
  for (const r of list) for (const { fn, count } of r.trace[key]) all.set(fn, (all.get(fn) ?? 0) + count);
  return [...all].map(([fn, count]) => `\`${fn}\` ×${count}`).join(', ') || '—';
};
const rows = [];
const detail = [];
for (const scenario of only) {
  for (const reducedMotion of [false, true]) {
    const list = results.filter((r) => r.scenario === scenario && r.reducedMotion === reducedMotion);
    if (!list.length) continue;
    const label = `${scenario}${reducedMotion ? ', reduced motion' : ''}`;
    const task = median(list.map((r) => r.busy.task));
    const floorList = results.filter((r) => r.scenario === 'floor' && r.reducedMotion === reducedMotion);
    // What the page adds to what the measurement and a blinking caret cost a bare page.
    const beyond = floorList.length && scenario !== 'floor' ? task - median(floorList.map((r) => r.busy.task)) : Number.NaN;
    const recalcs = median(list.map((r) => r.recalcs));
    const animated = [
      ...new Set(list.flatMap((r) => r.animations.map((a) => `${a.name} on ${a.element}${a.slot ? ` [${a.slot}]` : ''}${a.visible ? '' : ' (hidden)'}`))),
    ];
    rows.push([
      label,
      `${fmt.ms(task)} ms (${fmt.ms(Math.min(...list.map((r) => r.busy.task)))}–${fmt.ms(Math.max(...list.map((r) => r.busy.task)))})`,
      Number.isNaN(beyond) ? '—' : `${fmt.ms(beyond)} ms`,
      `${fmt.ms(median(list.map((r) => r.trace.taskMs)))} / ${fmt.ms(median(list.map((r) => r.trace.taskCpuMs)))} ms in ${median(list.map((r) => r.trace.tasks))} tasks`,
      `${recalcs} / ${median(list.map((r) => r.layouts))}`,
      `${median(list.map((r) => r.fired.setTimeout + r.fired.setInterval))} / ${median(list.map((r) => r.fired.requestAnimationFrame))} / ${median(list.map((r) => r.fired.requestIdleCallback))}`,
      `${median(list.map((r) => r.animations.length))}`,
      scenario === 'finished' || scenario === 'inspector'
        ? `${verdict(Number.isNaN(beyond) ? task : beyond, TARGET.taskMs)}; recalcs ${verdict(recalcs, TARGET.styleRecalcs)}`
        : '',
    ]);
    const kinds = new Map();
    for (const r of list)
      for (const k of r.trace.kinds) kinds.set(k.label, { count: (kinds.get(k.label)?.count ?? 0) + k.count, ms: (kinds.get(k.label)?.ms ?? 0) + k.ms });
    const busiest = [...kinds]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 6)
      .map(([kind, { count, ms }]) => `\`${kind}\` ×${count} (${fmt.ms(ms / list.length)} ms a run)`);
    detail.push(
      `- **${label}**: tasks ${busiest.join(', ') || '—'}; timers ${sources(list, 'timers')}; animation frames ${sources(list, 'frames')}; idle callbacks ${sources(list, 'idleCallbacks')}; infinite animations ${animated.join(', ') || 'none'}`,
    );
  }
}

const markdown = `## Idle page after a finished turn

${machineLine()} · Chromium ${browser.version()} · load average (1 min) ${loadStart[0].toFixed(1)} at start, ${loadEnd[0].toFixed(1)} at end · \`npm run bench -- idle\`

The production playground (Web IDE) against the demo agent: the turns ${TURNS.map((t) => `\`${t}\``).join(', ')} sent as a
user does (the edit allowed), then ${IDLE_MS / 1000} s recorded from two frames after the last turn ended: CDP
\`Performance.getMetrics\` deltas (TaskDuration, RecalcStyleCount, LayoutCount), the timer, animation-frame and idle
callbacks that ran (counted in the page) and the running infinite animations (\`document.getAnimations()\`); then the
next ${IDLE_MS / 1000} s traced (a trace costs the renderer tasks of its own, left out): the main thread's tasks, what
each did, and the function each timer and frame callback ran. \`floor\`: the same measurement of a page that holds only a focused text box (its caret blinks, as the prompt's does); \`inspector\`: the same with the protocol inspector and the Sessions list open; \`waiting\`: one more \`/edit\` left at its permission prompt. Fresh page per run;
**medians of ${runs} runs** (range in brackets). Goal: under ${TARGET.taskMs} ms of tasks beyond the floor's (what the
measurement and a blinking caret cost a bare page, same motion setting; the tasks themselves when the floor was not run)
and no style recalcs when finished. The recording starts once finite animations and transitions have ended.

${table(['scenario', 'tasks (TaskDuration)', 'beyond the floor', 'next 6 s, traced: tasks wall / CPU', 'style recalcs / layouts', 'timer / animation-frame / idle callbacks run', 'infinite animations running', 'goal'], rows)}

What fired, over all runs:

${detail.join('\n')}
`;
console.log(markdown);
if (write) writeSections([{ name: 'idle', markdown }]);
