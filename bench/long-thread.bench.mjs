#!/usr/bin/env node
/**
 * Benchmark: a 2,000-turn thread in <Thread>, in headless Chromium.
 *
 * bench/pages/long-thread.html (built with Vite into bench/.tmp/long-thread/) builds the session
 * in the page with the core's reducer (2,000 × user message + agent message with a paragraph and
 * a 6-line code block + a completed tool call = 6,000 items, what a `session/load` replay builds)
 * and renders `<Thread>` with its defaults (virtualized above 150 items). Per run, a fresh page:
 *
 *  1. first render: navigation → module start → transcript built → `render()` → the thread's turns
 *     in the DOM → next animation frame; first-contentful-paint;
 *  2. once the DOM is quiet (visible code blocks highlighted): element count, CDP `Nodes`;
 *  3. scroll from the bottom to the top, one step per animation frame (a wheel event, then
 *     `scrollBy` in a task right after the frame, where input-driven scrolls land), recording
 *     every rAF delta, long tasks, and CDP main-thread time;
 *  4. on a fresh page, a short script-driven scroll (`scrollBy` inside the rAF callback, 300
 *     frames): how many steps the virtualizer's scroll corrections undid.
 *
 * References, one run each: the same page with 20 turns (not virtualized) and with 2,000 turns
 * and virtualization off (`--no-reference` skips them).
 *
 * Usage: node bench/long-thread.bench.mjs [--quick] [--runs=N] [--step=px] [--turns=N] [--no-reference] [--no-write] [--raw=file.json]
 * Figures go to bench/RESULTS.md, section `long-thread`.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fmt, machineLine, median, table, writeSections } from './lib/results.mjs';
import { buildPages, launchChromium, metricDelta, metrics, percentile, serve, verdict } from './pages/harness.mjs';
import { benchArgs } from './lib/args.mjs';

const { args, flag, quick, write } = benchArgs();
const runs = Number(flag('runs') ?? 3);
const step = Number(flag('step') ?? 800);
/** Below the Thread's fast-scroll threshold (half the 800 px log a frame): turns mount as they come into view. */
const slowStep = Number(flag('slow-step') ?? 200);
const slowFrames = 600;
const turns = Number(flag('turns') ?? 2000);
const reference = !args.includes('--no-reference') && !quick;
const rawPath = flag('raw');
const log = (...a) => console.error('[long-thread]', ...a);

const VIEWPORT = { width: 1000, height: 900 };
const TARGET = { firstRenderMs: 500, frameMs: 50 };

log('building the page…');
const outDir = await buildPages('long-thread', ['long-thread.html']);
const server = await serve(outDir);
const browser = await launchChromium();
const loadStart = os.loadavg()[0];

async function withPage(query, body) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${server.url}/long-thread.html?${new URLSearchParams(query)}`);
    const first = await page.evaluate(() => window.__firstRender);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const result = await body(page, cdp, first);
    if (errors.length) log('page errors:', errors.join(' | '));
    return result;
  } finally {
    await context.close();
  }
}

async function run() {
  const main = await withPage({ turns }, async (page, cdp, first) => {
    const settled = await page.evaluate(() => window.__settle());
    const nodes = (await metrics(cdp)).Nodes;
    const before = await metrics(cdp);
    const scroll = await page.evaluate(([s]) => window.__scroll(s, 'between'), [step]);
    const after = await metrics(cdp);
    return { first, settled, nodes, scroll: { ...scroll, main: metricDelta(before, after) } };
  });
  // Script-driven, on a fresh page: only rows measured for the first time are corrected.
  const scripted = await withPage({ turns }, async (page) => {
    await page.evaluate(() => window.__settle(500));
    const r = await page.evaluate(([s]) => window.__scroll(s, 'raf', 300), [step]);
    return { ...r, deltas: undefined, longTasks: undefined };
  });
  // Slow, on a fresh page: rows mount their turns while scrolling (nothing is left as a placeholder).
  const slow = await withPage({ turns }, async (page, cdp) => {
    await page.evaluate(() => window.__settle(500));
    const before = await metrics(cdp);
    const r = await page.evaluate(([s, n]) => window.__scroll(s, 'between', n), [slowStep, slowFrames]);
    const after = await metrics(cdp);
    return { ...r, main: metricDelta(before, after) };
  });
  return { ...main, scripted, slow };
}

const results = [];
const references = {};
let browserVersion;
try {
  browserVersion = browser.version();
  for (let i = 0; i < runs; i++) {
    log(`run ${i + 1}/${runs}…`);
    const r = await run();
    results.push(r);
    const d = r.scroll.deltas;
    log(
      `  first frame ${fmt.ms(r.first.firstFrame)} ms after navigation (render → frame ${fmt.ms(r.first.firstFrame - r.first.renderStart)} ms),` +
        ` ${r.settled.elements} elements; scroll: ${r.scroll.frames} frames, p50 ${fmt.ms(percentile(d, 50))} p95 ${fmt.ms(percentile(d, 95))} max ${fmt.ms(Math.max(...d))} ms,` +
        ` script-driven steps undone ${r.scripted.reverted}/${r.scripted.frames}`,
    );
  }
  if (reference) {
    log('reference: 20 turns…');
    references.small = await withPage({ turns: 20 }, async (page, cdp, first) => ({ first, settled: await page.evaluate(() => window.__settle(500)) }));
    log('reference: 2,000 turns, not virtualized…');
    references.flat = await withPage({ turns, virtualizeAbove: 'Infinity' }, async (page, cdp, first) => ({
      first,
      settled: await page.evaluate(() => window.__settle(500, 60_000)),
      nodes: (await metrics(cdp)).Nodes,
    }));
  }
} finally {
  await browser.close();
  await server.close();
}
if (rawPath) await writeFile(rawPath, JSON.stringify({ results, references }, null, 1));

const per = results.map((r) => {
  const f = r.first;
  const d = r.scroll.deltas;
  const frames = d.length;
  return {
    navToFrame: f.firstFrame,
    fcp: f.fcp,
    moduleStart: f.scriptStart,
    build: f.built - f.buildStart,
    renderToDom: f.inDom - f.renderStart,
    renderToFrame: f.firstFrame - f.renderStart,
    elements: r.settled.elements,
    nodes: r.nodes,
    turnsMounted: r.settled.turnsMounted,
    turnsAtFirstFrame: r.first.turnsAtFirstFrame,
    scrollHeight: r.scroll.startHeight,
    endHeight: r.scroll.endHeight,
    frames: r.scroll.frames,
    duration: r.scroll.duration,
    distance: r.scroll.startTop - r.scroll.endTop,
    p50: percentile(d, 50),
    p95: percentile(d, 95),
    max: Math.max(...d),
    over50: d.filter((x) => x > TARGET.frameMs).length,
    overShare: d.filter((x) => x > TARGET.frameMs).length / frames,
    longCount: r.scroll.longTasks.length,
    longMax: Math.max(0, ...r.scroll.longTasks.map((l) => l.duration)),
    cpuShare: r.scroll.main.thread / r.scroll.main.task,
    scriptPerFrame: r.scroll.main.script / frames,
    stylePerFrame: r.scroll.main.style / frames,
    layoutPerFrame: r.scroll.main.layout / frames,
    busyPerFrame: r.scroll.main.task / frames,
    reachedTop: r.scroll.reachedTop ? 1 : 0,
    reverted: r.scroll.reverted,
    scriptedReverted: r.scripted.reverted,
    scriptedFrames: r.scripted.frames,
    slowP50: percentile(r.slow.deltas, 50),
    slowP95: percentile(r.slow.deltas, 95),
    slowMax: Math.max(...r.slow.deltas),
    slowOver50: r.slow.deltas.filter((x) => x > TARGET.frameMs).length,
    slowFrames: r.slow.frames,
    slowLongMax: Math.max(0, ...r.slow.longTasks.map((l) => l.duration)),
    slowBusyPerFrame: r.slow.main.task / r.slow.frames,
    slowScriptPerFrame: r.slow.main.script / r.slow.frames,
    slowCpuShare: r.slow.main.thread / r.slow.main.task,
  };
});
const m = Object.fromEntries(Object.keys(per[0]).map((k) => [k, median(per.map((p) => p[k]))]));
const range = (key, format = fmt.ms) => `${format(Math.min(...per.map((p) => p[key])))}–${format(Math.max(...per.map((p) => p[key])))}`;
const pct = (x) => `${(x * 100).toFixed(0)}%`;

const firstRows = [
  [
    '**navigation → thread in the DOM + next frame**',
    `**${fmt.ms(m.navToFrame)} ms**`,
    range('navToFrame'),
    `< ${TARGET.firstRenderMs} ms`,
    verdict(m.navToFrame, TARGET.firstRenderMs, { strict: true }),
  ],
  ['… page module running (bundle fetched, compiled, dependencies evaluated)', `${fmt.ms(m.moduleStart)} ms`, range('moduleStart'), '', ''],
  [`… transcript built with the reducer (${fmt.int(turns)} turns, ${fmt.int(results[0].first.items)} items)`, `${fmt.ms(m.build)} ms`, range('build'), '', ''],
  ['… `render()` → turns in the DOM', `${fmt.ms(m.renderToDom)} ms`, range('renderToDom'), '', ''],
  [
    "**`render()` → next frame** (the Thread's own part)",
    `**${fmt.ms(m.renderToFrame)} ms**`,
    range('renderToFrame'),
    `< ${TARGET.firstRenderMs} ms`,
    verdict(m.renderToFrame, TARGET.firstRenderMs, { strict: true }),
  ],
  ['first-contentful-paint', `${fmt.ms(m.fcp)} ms`, range('fcp'), '', ''],
];
if (references.small) {
  const s = references.small.first;
  firstRows.push([
    'reference, 20 turns (not virtualized), 1 run: `render()` → next frame / navigation → frame',
    `${fmt.ms(s.firstFrame - s.renderStart)} / ${fmt.ms(s.firstFrame)} ms`,
    '',
    '',
    '',
  ]);
}
if (references.flat) {
  const s = references.flat.first;
  firstRows.push([
    `reference, ${fmt.int(turns)} turns with \`virtualizeAbove={Infinity}\`, 1 run: \`render()\` → next frame`,
    `${fmt.ms(s.firstFrame - s.renderStart)} ms`,
    '',
    '',
    '',
  ]);
}

const domRows = [
  ['elements in the document (after highlighting settled)', fmt.int(m.elements), range('elements', fmt.int), ''],
  ['DOM nodes (CDP `Nodes`, text nodes included)', fmt.int(m.nodes), range('nodes', fmt.int), ''],
  [
    'turns mounted in the first frame → once settled (overscan mounted in later frames)',
    `${fmt.int(m.turnsAtFirstFrame)} → ${fmt.int(m.turnsMounted)}`,
    '',
    '',
  ],
  [
    'scroll height at the bottom → at the top (estimates replaced by measurements as turns mount)',
    `${fmt.int(m.scrollHeight)} → ${fmt.int(m.endHeight)} px`,
    '',
    '',
  ],
];
if (references.flat) {
  domRows.push([
    `reference: every turn mounted (\`virtualizeAbove={Infinity}\`), 1 run`,
    `${fmt.int(references.flat.settled.elements)} elements, ${fmt.int(references.flat.nodes)} nodes`,
    '',
    '',
  ]);
}

const scrollRows = [
  [
    'frames from the bottom (scrollTop on the estimated heights) to the top',
    `${fmt.int(m.frames)} (scrollTop ${fmt.int(m.distance)} → 0)`,
    range('frames', fmt.int),
    '',
    '',
  ],
  ['frame time (rAF delta) p50', `${fmt.ms(m.p50)} ms`, range('p50'), '', ''],
  ['frame time p95', `${fmt.ms(m.p95)} ms`, range('p95'), '', ''],
  ['**frame time max**', `**${fmt.ms(m.max)} ms**`, range('max'), `≤ ${TARGET.frameMs} ms`, verdict(m.max, TARGET.frameMs)],
  [`frames over ${TARGET.frameMs} ms`, `${fmt.int(m.over50)} (${pct(m.overShare)})`, range('over50', fmt.int), '0', verdict(m.over50, 0)],
  ['long tasks: count / longest', `${fmt.int(m.longCount)} / ${fmt.ms(m.longMax)} ms`, range('longCount', fmt.int), '', ''],
  [
    'main thread per frame: busy / script / style / layout (CDP)',
    `${fmt.ms(m.busyPerFrame)} / ${fmt.ms(m.scriptPerFrame)} / ${fmt.ms(m.stylePerFrame)} / ${fmt.ms(m.layoutPerFrame)} ms`,
    '',
    '',
    '',
  ],
  ['main thread got the CPU (ThreadTime ÷ TaskDuration)', pct(m.cpuShare), range('cpuShare', pct), '', ''],
  [
    'steps undone by a virtualizer correction: input-driven / script-driven (`scrollBy` in rAF, 300 frames)',
    `${fmt.int(m.reverted)} / ${fmt.int(m.scriptedReverted)} of ${fmt.int(m.scriptedFrames)}`,
    '',
    '0',
    verdict(m.reverted + m.scriptedReverted, 0),
  ],
];

const slowRows = [
  ['frames', `${fmt.int(m.slowFrames)} (${fmt.int(slowStep * m.slowFrames)} px up from the bottom)`, '', '', ''],
  ['frame time p50 / p95', `${fmt.ms(m.slowP50)} / ${fmt.ms(m.slowP95)} ms`, `${range('slowP50')} / ${range('slowP95')}`, '', ''],
  ['**frame time max**', `**${fmt.ms(m.slowMax)} ms**`, range('slowMax'), `≤ ${TARGET.frameMs} ms`, verdict(m.slowMax, TARGET.frameMs)],
  [`frames over ${TARGET.frameMs} ms`, fmt.int(m.slowOver50), range('slowOver50', fmt.int), '0', verdict(m.slowOver50, 0)],
  ['longest long task', `${fmt.ms(m.slowLongMax)} ms`, range('slowLongMax'), '', ''],
  [
    'main thread per frame: busy / script (CDP); got the CPU',
    `${fmt.ms(m.slowBusyPerFrame)} / ${fmt.ms(m.slowScriptPerFrame)} ms; ${pct(m.slowCpuShare)}`,
    '',
    '',
    '',
  ],
];

const markdown = `## Long thread: ${fmt.int(turns)} turns in \`<Thread>\`

${machineLine()} · ${browserVersion} · load average (1 min) ${loadStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end (shared machine)

${fmt.int(turns)} turns × (user message + agent message with a 60-word paragraph and a 6-line TypeScript block + a completed
\`read\` tool call), built in the page with the core's reducer, rendered by \`<Thread>\` with its defaults (virtualized above
150 items) in a ${VIEWPORT.width}×${VIEWPORT.height} window, the log 800 px high. Production React (profiling build). Fresh page per run;
**medians of ${runs} runs** (range in the third column).

### First render

${table(['figure', 'median', 'range', 'target', 'status'], firstRows)}

### DOM size

${table(['figure', 'median', 'range', ''], domRows)}

### Scrolling from the bottom to the top, ${fmt.int(step)} px per frame

A wheel event on the log, then \`scrollBy(0, -${step})\` in a task right after each frame — where input-driven scrolls land, so
the scroll event fires at the start of the next frame — until \`scrollTop\` is 0 (${fmt.int(step)} px a frame is a viewport per
frame: every frame brings new rows into view).

${table(['figure', 'median', 'range', 'target', 'status'], scrollRows)}

Frame times are wall-clock on a shared machine: the "main thread got the CPU" row says how much of its busy time the
renderer's main thread actually ran.

At ${fmt.int(step)} px a frame the log moves more than half its height between scroll events, so the Thread renders the rows
coming into view as placeholders of their measured or estimated height and mounts their turns once the scrolling slows
(the last frames at the top). The same measurement, slower:

### Scrolling up ${fmt.int(slowStep)} px per frame (turns mount as they come into view)

Same steps on a fresh page, ${fmt.int(slowFrames)} frames: below the fast-scroll threshold, so every turn that comes into view
mounts (at most one a frame, those in view first, then the overscan; one more in each idle period with 10 ms left).

${table(['figure', 'median', 'range', 'target', 'status'], slowRows)}

### Why, and what would meet the targets

Before the changes below (02:58Z, same machine, load 5.8 → 4.0): navigation → first frame 505 ms (\`render()\` → frame
195 ms); scrolling ${fmt.int(step)} px a frame: max 117 ms, 55 of 1,138 frames over 50 ms, 25.5 ms busy / 13.1 ms script a frame.

- **Scrolling fast.** Each frame at ${fmt.int(step)} px used to mount about 1.8 new turns (markdown, code block, tool call
  card: 13 ms of script a frame), so any frame that met a highlighting job, GC or a descheduled main thread went over
  50 ms. Now, while the log moves more than half its height between scroll events, rows coming into view render as
  \`aria-hidden\` placeholders of their measured (or estimated) size and their turns mount once the scrolling slows, at
  most one a frame, those in view first: ${fmt.ms(m.busyPerFrame)} ms busy / ${fmt.ms(m.scriptPerFrame)} ms script a frame. A placeholder has the
  row's size, so replacing it moves nothing already measured; the scroll height no longer changes during the scroll
  (rows are not measured until their turn mounts). The virtualizer also stopped recomputing the position of every
  row on each render (it was given a new \`getItemKey\` function each time).
- **Scrolling slowly** (${fmt.int(slowStep)} px a frame, a turn comes into view every couple of frames and mounts) costs
  ${fmt.ms(m.slowScriptPerFrame)} ms of script a frame on average; ${m.slowOver50 > 0 ? `single frames still go over 50 ms (median run: max ${fmt.ms(m.slowMax)} ms, ${fmt.int(m.slowOver50)} frames)` : `the median run had no frame over 50 ms (max ${fmt.ms(m.slowMax)} ms), but the range shows runs that did`}.
  A CPU profile of this scroll (04:30Z, load 0.6) showed what the long frames are: the scroll event's synchronous
  render mounting a turn (its markdown parse and render: ~6 ms of script; code block; tool call card) and, in the same
  frame, code-block highlight jobs forced by their idle-callback timeout — the page has almost no idle time, so every
  job ran from its 120 ms timeout with no time left and still tokenized its whole slice (a 6-line TypeScript block:
  4–15 ms with shiki's JavaScript regex engine; highlighting was ~30% of the scroll's script, more than the markdown
  render). Not GC, not a grammar compile (warmed by the first screen), not virtualizer measurement. Changed:
  a forced highlight run now tokenizes a line at a time for at most 3 ms (idle runs: 8-line slices by the deadline),
  and a finished block renders once, when fully coloured; turns off screen also mount in idle periods with 10 ms
  left, so on a page with idle time the frames find the turns coming into view mounted. Side by side (the build
  before these changes and after, alternating fresh pages, 4 runs each, 04:53–04:55Z, load 3.5–4.6, the main thread
  got 43–57% of the CPU in both): frames over 50 ms 10–27 (median 20) → 1–35 (median 4); frame time max 83–283 →
  67–600 ms (median 117 → 75); renderer main-thread CPU time for the 600 frames 5.9–6.4 s → 5.2–6.4 s (median
  6.2 → 5.9 s); script per frame 9.1–10.6 → 7.0–11.3 ms. Better, not enough: frames over 50 ms still follow the
  load (the run with 35 is the one whose main thread got the least CPU; the figures above: the renderer's main
  thread had the CPU ${pct(m.slowCpuShare)} of its busy time here). The idle mounts rarely happen in this benchmark (8 of ~300 mounts
  in a profiled run: 94 idle callbacks in 600 frames, 9 with 10 ms left): the main thread is busy most of each
  frame. What remains is the mount itself, ~6 ms of script plus its style and layout, which on a machine giving
  the renderer half a core stretches to 40–60 ms. What would meet it: rendering the turn in slices across frames
  without leaving the view blank (a transition was tried: each scroll event interrupted it, leaving placeholders in
  view in 550 of 608 frames), or making the mount itself cheaper — markdown parsed once per finished message and
  kept with the item instead of on every mount (a module-level cache keyed by text would help remounts when
  scrolling back, not this first pass), and highlight tokens for finished blocks cached the same way.
- **First render.** Only the turns in view mount in the first frame (${fmt.int(m.turnsAtFirstFrame)} here: the virtualizer is not loaded yet on
  a fresh page, so the newest turns holding at least 8 items show until it arrives; off-screen rows mount in later
  frames). The Thread's own part (\`render()\` → next frame, ${fmt.ms(m.renderToFrame)} ms${references.small ? `; the 20-turn reference: ${fmt.ms(references.small.first.firstFrame - references.small.first.renderStart)} ms` : ''}) does not grow with the
  thread${references.flat ? ` (all ${fmt.int(turns)} mounted: ${fmt.ms(references.flat.first.firstFrame - references.flat.first.renderStart)} ms, ${fmt.int(references.flat.settled.elements)} elements)` : ''}. Navigation → first frame adds the page's JavaScript
  (${fmt.ms(m.moduleStart)} ms until the page module runs) and building ${fmt.int(turns)} live turns with the reducer (${fmt.ms(m.build)} ms), both
  of which grow with the machine's load; a page opening a long session gets it from \`session/load\`, whose replay
  has no turn records, so this build is an upper bound. Less JavaScript before the first frame (the components
  entry; see the bundle-size section) would keep it under the target on a loaded machine too.
- **The virtualizer is loaded on demand** (\`@tanstack/react-virtual\` is only needed above \`virtualizeAbove\`): the
  Thread starts fetching it at half the threshold. The protocol inspector, which also
  uses it, is itself loaded on demand, so the virtualizer is in no initial chunk of the components entry.
- Fixed earlier (see git log): a sibling-combinator separator restyled every mounted row whenever one was inserted above
  (style recalc per scrolled frame ~7 → ~2 ms); the virtualizer started at offset 0 (mounting the first turns for a frame,
  and scrolling a log already scrolled up to the top when the thread crossed \`virtualizeAbove\`) and applied its
  size corrections to a stale offset (undoing script-driven scrolls: 100 of 200 steps before); \`endTurn\` was
  O(turns).
`;

console.log(markdown);
if (write) {
  writeSections([{ name: 'long-thread', markdown }]);
  log('wrote bench/RESULTS.md (long-thread)');
}
