#!/usr/bin/env node
/**
 * Benchmark (issue 19): several sessions streaming at once in one page.
 *
 * The demo agent runs in this process; the page (bench/pages/many-sessions.html) opens N sessions
 * and sends `/stream <chunks>` to all of them at once, each shown by its own `<Thread>`, either
 * through one client and provider (`mode=one`) or N clients and providers (`mode=many`, N
 * WebSockets). For N = 1, 4 and 16: React commits per animation frame per provider (the store of
 * each client notifies at most once a frame), long tasks, and main-thread time per chunk (CDP
 * `Performance.getMetrics` TaskDuration and ThreadTime around the streams, divided by N × chunks),
 * which should stay flat as N grows.
 *
 * Long tasks are also traced (CDP, `toplevel`): each long task's CPU time beside its wall time, since on the
 * shared machine a task's wall time is mostly the renderer waiting for a core.
 *
 * The panel the user sees (issue 27, `lib/many-sessions-panel.mjs`): sixteen sessions in one
 * `<AgentPanel>` streaming `/stream 2000` at once against sixteen bare sockets only parsing, then
 * every tab clicked in turn and checked for its session's end. `--panel-only` runs only that,
 * `--no-panel` skips it; `--panel-chunks=N` (default 2000), `--panel-sessions=N` (default 16).
 *
 * Usage: node bench/many-sessions.bench.mjs [--runs=N] [--chunks=N] [--sizes=1,4,16] [--no-before] [--no-panel | --panel-only] [--no-write] [--raw=file.json]
 * Section `many-sessions` of bench/RESULTS.md (the panel's figures are a part of it).
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { startDemoAgentServer } from '../demo-agent/server.mjs';
import { measurePanel, panelSection } from './lib/many-sessions-panel.mjs';
import { SHARED_FRAME_PATCHES } from './lib/shared-frame-patches.mjs';
import { fmt, machineLine, median, table, writeSections } from './lib/results.mjs';
import { buildPages, launchChromium, metricDelta, metrics, serve, traceTasks, verdict } from './pages/harness.mjs';
import { benchArgs } from './lib/args.mjs';

const { args, flag, quick, write } = benchArgs();
const runs = Number(flag('runs') ?? (quick ? 1 : 3));
const chunks = Number(flag('chunks') ?? 1500);
const panelOnly = args.includes('--panel-only');
const sizes = panelOnly ? [] : (flag('sizes') ?? '1,4,16').split(',').map(Number);
const panel = !args.includes('--no-panel');
const panelChunks = Number(flag('panel-chunks') ?? 2000);
const panelSessions = Number(flag('panel-sessions') ?? 16);
const rawPath = flag('raw');
const log = (...a) => console.error('[many-sessions]', ...a);

const TARGET = { commitsPerFrame: 1, longTaskMs: 50, flat: 1.5 };

/**
 * Before (`--no-before` skips it): the page built with what issue 19's second round changed put
 * back at build time (bench/lib/shared-frame-patches.mjs).
 */
const before = !quick && !panelOnly && !args.includes('--no-before');

log('building pages…');
const server = await serve(await buildPages('many-sessions', ['many-sessions.html'], { profiling: true }));
const beforeServer = before
  ? await serve(await buildPages('many-sessions-before', ['many-sessions.html'], { patches: SHARED_FRAME_PATCHES, profiling: true }))
  : null;
const agent = await startDemoAgentServer({ port: 0 });
const browser = await launchChromium();
const browserVersion = browser.version();
const loadStart = os.loadavg();

async function runPage(mode, n, base = server) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(`${base.url}/many-sessions.html?${new URLSearchParams({ agent: agent.url, mode, n: String(n) })}`);
    await page.waitForFunction(() => window.__ready || window.__error, null, { timeout: 120_000 });
    const error = await page.evaluate(() => window.__error);
    if (error) throw new Error(`${mode} ${n}: ${error}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const before = await metrics(cdp);
    const { result, tasks } = await traceTasks(cdp, () => page.evaluate((c) => window.__run(c), chunks), TARGET.longTaskMs);
    const busy = metricDelta(before, await metrics(cdp));
    return { ...result, busy, traced: tasks };
  } finally {
    await context.close();
  }
}

const results = [];
const beforeResults = [];
let panelRuns = null;
try {
  if (panel) panelRuns = await measurePanel({ browser, agentUrl: agent.url, runs, chunks: panelChunks, sessions: panelSessions, log });
  for (let run = 0; run < runs; run++) {
    for (const n of sizes) {
      for (const mode of n === 1 ? ['one'] : ['one', 'many']) {
        for (const [label, base, list] of [
          ['before', beforeServer, beforeResults],
          ['after', server, results],
        ]) {
          if (!base) continue;
          log(`run ${run + 1}/${runs}: ${n} session(s), ${mode === 'one' ? 'one provider' : `${n} providers`}, ${label}`);
          const r = await runPage(mode, n, base);
          list.push(r);
          const maxPerFrame = Math.max(...r.perFrame.map((p) => p.maxInOneFrame));
          log(
            `  ${fmt.fixed((r.busy.task * 1000) / (n * chunks))} µs/chunk busy, max ${maxPerFrame} commit(s) in a frame per provider, ${fmt.fixed(r.page.commits / Math.max(1, r.frames))} page commits a frame, longest task ${fmt.ms(Math.max(0, ...r.longTasks.map((t) => t.duration)))} ms`,
          );
        }
      }
    }
  }
} finally {
  await browser.close();
  await agent.close();
  await server.close();
  await beforeServer?.close();
}
const loadEnd = os.loadavg();
if (rawPath) await writeFile(rawPath, JSON.stringify({ results, beforeResults, panelRuns }, null, 1));
const panelMarkdown = panelRuns ? panelSection({ ...panelRuns, chunks: panelChunks, sessions: panelSessions, runs }) : '';

/** @param {any[]} list */
function grouped(list) {
  const groups = new Map();
  for (const r of list) {
    const key = `${r.sessions}:${r.mode}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  return groups;
}
const groups = grouped(results);
const beforeGroups = grouped(beforeResults);
const pageCommitsPerFrame = (r) => r.page.commits / Math.max(1, r.frames);
const longest = (r) => Math.max(0, ...r.longTasks.map((t) => t.duration));
/** The traced task with the most CPU time, and the CPU time of the longest task by wall time. */
const longestCpu = (r) => Math.max(0, ...r.traced.map((t) => t.cpuMs));
const cpuOfLongest = (r) => r.traced.reduce((best, t) => (t.wallMs > best.wallMs ? t : best), { wallMs: 0, cpuMs: 0 }).cpuMs;
const perChunk = (r, field) => (r.busy[field] * 1000) / (r.sessions * r.chunks);
const single = groups.get('1:one') ?? [];
const base = median(single.map((r) => perChunk(r, 'task')));
const baseCpu = median(single.map((r) => perChunk(r, 'thread')));
const rows = [...groups.values()].map((list) => {
  const r0 = list[0];
  const busy = median(list.map((r) => perChunk(r, 'task')));
  const cpu = median(list.map((r) => perChunk(r, 'thread')));
  const maxPerFrame = Math.max(...list.map((r) => Math.max(...r.perFrame.map((p) => p.maxInOneFrame))));
  const commitsPerFrame = median(list.map((r) => r.perFrame.reduce((n, p) => n + p.commits, 0) / r.providers / Math.max(1, r.frames)));
  const long = median(list.map(longest));
  const worst = Math.max(...list.map(longest));
  const over = median(list.map((r) => r.longTasks.filter((t) => t.duration > TARGET.longTaskMs).length));
  return [
    `${r0.sessions}`,
    r0.mode === 'one' ? 'one' : `${r0.providers}`,
    fmt.int(r0.sessions * r0.chunks),
    `${fmt.fixed(busy)} / ${fmt.fixed(cpu)}`,
    r0.sessions === 1 ? '—' : `${fmt.fixed(busy / base)}x / ${fmt.fixed(cpu / baseCpu)}x`,
    `${fmt.fixed(commitsPerFrame)} (${verdict(commitsPerFrame, TARGET.commitsPerFrame)})`,
    `${maxPerFrame}`,
    fmt.fixed(median(list.map(pageCommitsPerFrame))),
    `${fmt.ms(long)} ms (worst ${fmt.ms(worst)})`,
    `${fmt.ms(median(list.map(cpuOfLongest)))} / ${fmt.ms(median(list.map(longestCpu)))} ms (worst ${fmt.ms(Math.max(...list.map(longestCpu)))})`,
    fmt.int(over),
    verdict(long, TARGET.longTaskMs),
    r0.sessions === 1 ? '' : verdict(cpu / baseCpu, TARGET.flat),
  ];
});

const beforeRows = [...beforeGroups.entries()].map(([key, was]) => {
  const now = groups.get(key) ?? [];
  const r0 = was[0];
  const pair = (f, format) => `${format(median(was.map(f)))} → ${format(median(now.map(f)))}`;
  return [
    `${r0.sessions}`,
    r0.mode === 'one' ? 'one' : `${r0.providers}`,
    pair(pageCommitsPerFrame, fmt.fixed),
    pair(longest, (x) => `${fmt.ms(x)} ms`),
    pair(longestCpu, (x) => `${fmt.ms(x)} ms`),
    `${fmt.ms(Math.max(...was.map(longest)))} → ${fmt.ms(Math.max(...now.map(longest)))} ms`,
    pair((r) => r.longTasks.filter((t) => t.duration > TARGET.longTaskMs).length, fmt.int),
    pair((r) => perChunk(r, 'task'), fmt.fixed),
  ];
});
const beforeTable = beforeRows.length
  ? `
### Before → after, same run

The same page built with one animation-frame callback per client's store (\`bench/lib/shared-frame-patches.mjs\`), alternating with the runs above (medians of ${runs}).

${table(['sessions', 'providers', 'React commits per frame, whole page', 'longest task (median)', 'most CPU in one task (median)', 'longest task (worst run)', `tasks over ${TARGET.longTaskMs} ms`, 'µs per chunk, busy'], beforeRows)}
`
  : '';

const NOTES = `
### How to read it

- **Commits per frame per provider**: React commits of one provider's tree per animation frame over the window, from the
  prompts to the first frame with every session's last chunk on screen; each client's store notifies at most once a
  frame, and the window's edges (the prompts' own commits, each turn's end) count too.
- **× 1 session**: the run's cost per chunk divided by the single session's in the same run (1.00x: flat).
- **Whole page**: every commit of the page (a \`<Profiler>\` around everything) per frame, all providers together.
- **Long tasks** are the page's \`longtask\` entries (wall time); "CPU" is the thread's own time in the traced tasks.
`;

const heading = `## Many sessions streaming at once

${machineLine()} · Chromium ${browserVersion} · load average (1 min) ${loadStart[0].toFixed(1)} at start, ${loadEnd[0].toFixed(1)} at end (2 cores shared with other work) · \`npm run bench -- many-sessions\`
`;

const threadsMarkdown = `N sessions in one page, each answering \`/stream ${fmt.int(chunks)}\` from the demo agent (in the bench process) at the
same time, each shown by its own \`<Thread>\` through \`useSession\`: all N through one client and \`<AcpProvider>\`
("one"), or N clients, WebSockets and providers. Per-chunk cost: main-thread busy (CDP TaskDuration) / CPU
(ThreadTime) from the prompts to the first frame with every session's last chunk on screen, divided by all the chunks
of the run; "× 1 session" compares it with the single session of the same run, so it says whether the cost per chunk
grows with the number of sessions. Commits per frame: each provider's \`<Profiler>\` commits between two animation
frames (the store of each client notifies at most once a frame); the median over the window, and the most any
provider committed between two of the page's animation-frame callbacks (an upper bound: a store notification runs in
its own animation-frame callback, which may come before or after the page's in a frame, so two frames' commits can
fall between two of the page's callbacks; the store's first notification of a burst is also immediate). Fresh page
per row; **medians of ${runs} runs**.

${table(
  [
    'sessions',
    'providers',
    'chunks',
    'µs per chunk: busy / CPU',
    '× 1 session: busy / CPU',
    'commits per frame per provider (≤ 1)',
    'most commits between two frame callbacks, any provider',
    'React commits per frame, whole page',
    'longest task (wall)',
    'CPU in it / most CPU in one task',
    `tasks over ${TARGET.longTaskMs} ms`,
    `longest ≤ ${TARGET.longTaskMs} ms`,
    `CPU per chunk ≤ ${TARGET.flat}x of 1 session`,
  ],
  rows,
)}
${beforeTable}${NOTES}`;
const markdown = [heading, panelMarkdown, results.length ? threadsMarkdown : ''].filter(Boolean).join('\n');
console.log(markdown);
if (write) writeSections([{ name: 'many-sessions', markdown }]);
