#!/usr/bin/env node
/**
 * Benchmark: the 20,000-chunk flood in the production playground, as issue 27 measures it.
 *
 * The playground is built for production (`playground/vite.config.ts`, into bench/.tmp/) and
 * opened in headless Chromium against the demo agent (in this process), as a user opens it; the
 * page types `/stream 20000` into the panel and presses Enter. The floor (`pages/floor.html`) is
 * a bare WebSocket to the same agent that only `JSON.parse`s the frames. Runs alternate, floor
 * then playground, each on a fresh page, so load hits both alike; every figure is a median of the
 * runs with its range, and each playground run is divided by the floor run just before it.
 *
 * Figures per run, from the prompt to the turn's end (the input idle again, the last word in the
 * thread): main-thread busy (CDP `Performance.getMetrics` TaskDuration) and CPU (ThreadTime); the
 * page's `longtask` entries (wall time), in both pages, so the floor's own long tasks sit beside
 * ours; and in traced runs of their own (`--trace-runs`), each task's CPU time from a Chromium
 * trace. The same runs again with the CPU slowed 4x (`Emulation.setCPUThrottlingRate`), as a
 * figure for slow laptops. The load average at start and end is printed; the rule is that a run
 * starts under 1.0 (the section says whether it did).
 *
 * Usage: node bench/playground-flood.bench.mjs [--runs=N] [--chunks=N] [--trace-runs=N] [--no-throttle] [--no-write]
 * Section `playground-flood` of bench/RESULTS.md.
 */
import os from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { startDemoAgentServer } from '../demo-agent/server.mjs';
import { fmt, machineLine, median, table, writeSections } from './lib/results.mjs';
import { buildPages, launchChromium, metricDelta, metrics, serve, tmpDir } from './pages/harness.mjs';
import { longTasks, traceEventsOf } from './lib/trace.mjs';
import { benchArgs } from './lib/args.mjs';

const { args, flag, write } = benchArgs();
const runs = Number(flag('runs') ?? 3);
const chunks = Number(flag('chunks') ?? 20_000);
const traceRuns = Number(flag('trace-runs') ?? 2);
const throttle = !args.includes('--no-throttle');
const log = (...a) => console.error('[playground-flood]', ...a);

const TARGET = { ratio: 1.15, longTaskMs: 50 };
const THROTTLE_RATE = 4;

log('building the playground and the floor page…');
const playgroundDir = join(tmpDir, 'playground-flood');
await build({ configFile: 'playground/vite.config.ts', logLevel: 'warn', build: { outDir: playgroundDir, emptyOutDir: true } });
const floorDir = await buildPages('playground-flood-floor', ['floor.html', 'client-only.html']);
const playground = await serve(playgroundDir);
const floor = await serve(floorDir);
const agent = await startDemoAgentServer({ port: 0 });
const browser = await launchChromium();
const loadStart = os.loadavg()[0];
log(`load average at start: ${loadStart.toFixed(2)}`);

/** Long tasks from the page's start, in both pages alike. */
const LONG_TASKS = `window.__longTasks = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });`;

async function withPage(run, { rate = 1, trace = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.addInitScript(LONG_TASKS);
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    return await run(page, cdp, async (body) => {
      if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      if (trace) await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline'] });
      const t0 = await page.evaluate(() => performance.now());
      const before = await metrics(cdp);
      await body();
      const after = await metrics(cdp);
      const t1 = await page.evaluate(() => performance.now());
      const traced = trace ? longTasks(traceEventsOf(await browser.stopTracing())) : [];
      if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const observed = (await page.evaluate(() => window.__longTasks)).filter((t) => t.start >= t0 && t.start <= t1);
      return { main: metricDelta(before, after), longTasks: observed, traced };
    });
  } finally {
    await context.close();
  }
}

/** `floor.html`, or `client-only.html`: the library's client with no UI (what the core costs). */
function floorRun(options, pageName = 'floor.html') {
  return withPage(async (page, _cdp, measure) => {
    await page.goto(`${floor.url}/${pageName}?${new URLSearchParams({ agent: agent.url })}`);
    await page.waitForFunction(() => window.__ready || window.__error, null, { timeout: 60_000 });
    return measure(() => page.evaluate((n) => window.__run(n), chunks));
  }, options);
}

function playgroundRun(options) {
  return withPage(async (page, _cdp, measure) => {
    await page.goto(`${playground.url}/index.html?${new URLSearchParams({ agent: agent.url, workspace: 'browser' })}`);
    const panel = page.getByRole('region', { name: 'Agent', exact: true });
    await panel.locator('textarea:not([disabled])').waitFor({ timeout: 60_000 });
    const input = page.getByRole('textbox', { name: 'Message to the agent' });
    await input.fill(`/stream ${chunks}`);
    const menu = panel.getByRole('listbox', { name: 'Commands' });
    if (await menu.isVisible()) await input.press('Escape');
    const lastWord = `w${chunks - 1}`;
    return measure(async () => {
      await input.press('Enter');
      // The turn is over and its last word is on screen.
      await page.waitForFunction(
        (word) => {
          const log = document.querySelector('[role="log"]');
          return document.querySelector('.acp-prompt-input[data-state="idle"]') && log?.textContent?.includes(word);
        },
        lastWord,
        { timeout: 300_000, polling: 200 },
      );
    });
  }, options);
}

const longest = (r) => Math.max(0, ...r.longTasks.map((t) => t.duration));
const split = (r) => `${fmt.ms(r.main.script)} / ${fmt.ms(r.main.style)} / ${fmt.ms(r.main.layout)} ms`;
const over = (r, ms) => r.longTasks.filter((t) => t.duration > ms).length;

async function series(rate) {
  const pairs = [];
  for (let i = 0; i < runs; i++) {
    log(`${rate === 1 ? '' : `${rate}x slower CPU, `}run ${i + 1}/${runs}: floor…`);
    const f = await floorRun({ rate });
    log(`${rate === 1 ? '' : `${rate}x slower CPU, `}run ${i + 1}/${runs}: the client without UI…`);
    const c = await floorRun({ rate }, 'client-only.html');
    log(`${rate === 1 ? '' : `${rate}x slower CPU, `}run ${i + 1}/${runs}: playground…`);
    const p = await playgroundRun({ rate });
    log(
      `  floor busy ${fmt.ms(f.main.task)} ms, playground busy ${fmt.ms(p.main.task)} ms (${(p.main.task / f.main.task).toFixed(2)}x), longest task ${fmt.ms(longest(p))} ms (floor ${fmt.ms(longest(f))} ms)\n` +
        `  of which script / style / layout: floor ${split(f)}, playground ${split(p)}; the client without UI busy ${fmt.ms(c.main.task)} ms (${(c.main.task / f.main.task).toFixed(2)}x)`,
    );
    pairs.push({ floor: f, client: c, playground: p });
  }
  return pairs;
}

let pairs;
let slow = [];
const traced = [];
let loadEnd;
let version;
try {
  version = browser.version();
  pairs = await series(1);
  if (throttle) slow = await series(THROTTLE_RATE);
  for (let i = 0; i < traceRuns; i++) {
    log(`traced run ${i + 1}/${traceRuns}…`);
    traced.push(await playgroundRun({ trace: true }));
  }
  loadEnd = os.loadavg()[0];
} finally {
  await browser.close();
  await playground.close();
  await floor.close();
  await agent.close();
}

const range = (values, f = fmt.ms) => `${f(Math.min(...values))}–${f(Math.max(...values))}`;
const x = (n) => `${n.toFixed(2)}x`;
/** "met", or by how much it missed, from the figure and its target. */
const verdict = (value, target) => (value <= target ? 'met' : `missed (${Math.round((value / target - 1) * 100)}% over)`);

function rows(series, label) {
  const ratios = series.map((s) => s.playground.main.task / s.floor.main.task);
  const cpuRatios = series.map((s) => s.playground.main.thread / s.floor.main.thread);
  const clientRatios = series.map((s) => s.client.main.task / s.floor.main.task);
  const ours = series.map((s) => longest(s.playground));
  const theirs = series.map((s) => longest(s.floor));
  return [
    [
      `${label}floor: busy / CPU`,
      `${fmt.ms(median(series.map((s) => s.floor.main.task)))} / ${fmt.ms(median(series.map((s) => s.floor.main.thread)))} ms`,
      range(series.map((s) => s.floor.main.task)),
      '',
      '',
    ],
    [
      `${label}playground: busy / CPU`,
      `${fmt.ms(median(series.map((s) => s.playground.main.task)))} / ${fmt.ms(median(series.map((s) => s.playground.main.thread)))} ms`,
      range(series.map((s) => s.playground.main.task)),
      '',
      '',
    ],
    [`${label}**busy ÷ floor**`, `**${x(median(ratios))}**`, range(ratios, x), `≤ ${TARGET.ratio}x`, verdict(median(ratios), TARGET.ratio)],
    [`${label}the client without UI: busy ÷ floor`, x(median(clientRatios)), range(clientRatios, x), '', ''],
    [`${label}CPU ÷ floor`, x(median(cpuRatios)), range(cpuRatios, x), '', ''],
    [
      `${label}**longest task** (playground)`,
      `**${fmt.ms(median(ours))} ms**`,
      range(ours),
      `≤ ${TARGET.longTaskMs} ms`,
      verdict(median(ours), TARGET.longTaskMs),
    ],
    [
      `${label}tasks over 50 ms a run (playground)`,
      String(median(series.map((s) => over(s.playground, 50)))),
      range(
        series.map((s) => over(s.playground, 50)),
        String,
      ),
      '0',
      '',
    ],
    [
      `${label}floor's own longest task / tasks over 50 ms a run`,
      `${fmt.ms(median(theirs))} ms / ${median(series.map((s) => over(s.floor, 50)))}`,
      range(theirs),
      '',
      '',
    ],
  ];
}

const tracedTasks = traced.flatMap((r) => r.traced);
const worstCpu = Math.max(0, ...tracedTasks.map((t) => t.cpuMs));
const quiet = loadStart < 1;
const markdown = `## Flood in the production playground: 20,000 chunks into the panel

${machineLine()} · Chromium ${version} · load average (1 min) ${loadStart.toFixed(2)} at start, ${loadEnd.toFixed(2)} at end: ${quiet ? 'started under 1.0, as the benchmarks require' : '**started at 1.0 or more: these figures are not valid for the code** (run it alone)'} · ${runs} run(s) each · \`node bench/playground-flood.bench.mjs\`

The production build of the playground, opened against the demo agent in this process; the page types
\`/stream ${chunks}\` into the panel and presses Enter, and a run ends when the turn is over and its last word is in
the thread. The floor is a bare WebSocket to the same agent that only \`JSON.parse\`s the frames. Runs alternate (floor,
the client without UI, then playground, fresh pages); medians with their range; each run is divided by the floor run
before it. The client without UI (\`bench/pages/client-only.ts\`) is the library's client alone, its snapshot read on every
notification: what the core costs beyond the floor; the playground adds the UI.
Busy is the renderer main thread's task time (wall), CPU its thread time. Long tasks are each page's \`longtask\`
entries over the run (wall time); the floor's are beside ours. The rows marked ${THROTTLE_RATE}x ran with the CPU slowed ${THROTTLE_RATE}x
(\`Emulation.setCPUThrottlingRate\`), both pages alike.

${table(['figure', 'median', 'range', 'target', 'status'], [...rows(pairs, ''), ...(slow.length ? rows(slow, `${THROTTLE_RATE}x CPU: `) : [])])}

Traced runs (${traced.length}, not counted above): ${tracedTasks.length} task(s) over 50 ms of wall or CPU time; the most CPU in one task ${fmt.ms(worstCpu)} ms (${verdict(worstCpu, TARGET.longTaskMs)} against ${TARGET.longTaskMs} ms).
`;

if (write) writeSections([{ name: 'playground-flood', markdown }]);
else console.log(markdown);
