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
 * Usage: node bench/many-sessions.bench.mjs [--runs=N] [--chunks=N] [--sizes=1,4,16] [--no-write] [--raw=file.json]
 * Section `many-sessions` of bench/RESULTS.md.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { startDemoAgentServer } from '../demo-agent/server.mjs';
import { fmt, machineLine, median, table, writeSections } from './lib/results.mjs';
import { buildPages, launchChromium, metricDelta, metrics, serve, verdict } from './pages/harness.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = args.includes('--quick');
const write = !args.includes('--no-write') && !(quick && !args.includes('--write'));
const runs = Number(flag('runs') ?? (quick ? 1 : 3));
const chunks = Number(flag('chunks') ?? 1500);
const sizes = (flag('sizes') ?? '1,4,16').split(',').map(Number);
const rawPath = flag('raw');
const log = (...a) => console.error('[many-sessions]', ...a);

const TARGET = { commitsPerFrame: 1, longTaskMs: 50, flat: 1.5 };

log('building pages…');
const server = await serve(await buildPages('many-sessions', ['many-sessions.html']));
const agent = await startDemoAgentServer({ port: 0 });
const browser = await launchChromium();
const browserVersion = browser.version();
const loadStart = os.loadavg();

async function runPage(mode, n) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/many-sessions.html?${new URLSearchParams({ agent: agent.url, mode, n: String(n) })}`);
    await page.waitForFunction(() => window.__ready || window.__error, null, { timeout: 120_000 });
    const error = await page.evaluate(() => window.__error);
    if (error) throw new Error(`${mode} ${n}: ${error}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const before = await metrics(cdp);
    const result = await page.evaluate((c) => window.__run(c), chunks);
    const busy = metricDelta(before, await metrics(cdp));
    return { ...result, busy };
  } finally {
    await context.close();
  }
}

const results = [];
try {
  for (let run = 0; run < runs; run++) {
    for (const n of sizes) {
      for (const mode of n === 1 ? ['one'] : ['one', 'many']) {
        log(`run ${run + 1}/${runs}: ${n} session(s), ${mode === 'one' ? 'one provider' : `${n} providers`}`);
        const r = await runPage(mode, n);
        results.push(r);
        const maxPerFrame = Math.max(...r.perFrame.map((p) => p.maxInOneFrame));
        log(
          `  ${fmt.fixed((r.busy.task * 1000) / (n * chunks))} µs/chunk busy, max ${maxPerFrame} commit(s) in a frame per provider, longest task ${fmt.ms(Math.max(0, ...r.longTasks.map((t) => t.duration)))} ms`,
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

const groups = new Map();
for (const r of results) {
  const key = `${r.sessions}:${r.mode}`;
  if (!groups.has(key)) groups.set(key, []);
  groups.get(key).push(r);
}
const longest = (r) => Math.max(0, ...r.longTasks.map((t) => t.duration));
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
  const over = median(list.map((r) => r.longTasks.filter((t) => t.duration > TARGET.longTaskMs).length));
  return [
    `${r0.sessions}`,
    r0.mode === 'one' ? 'one' : `${r0.providers}`,
    fmt.int(r0.sessions * r0.chunks),
    `${fmt.fixed(busy)} / ${fmt.fixed(cpu)}`,
    r0.sessions === 1 ? '—' : `${fmt.fixed(busy / base)}x / ${fmt.fixed(cpu / baseCpu)}x`,
    `${fmt.fixed(commitsPerFrame)} (${verdict(commitsPerFrame, TARGET.commitsPerFrame)})`,
    `${maxPerFrame}`,
    `${fmt.ms(long)} ms`,
    fmt.int(over),
    verdict(long, TARGET.longTaskMs),
    r0.sessions === 1 ? '' : verdict(cpu / baseCpu, TARGET.flat),
  ];
});

const NOTES = `
### Reading it, and what is left

- **Commits per frame per provider** are one per store notification (each client's store coalesces to one a frame);
  a median just over 1 with one provider is the window's edges (the prompts' own commits, each turn's end and its
  announcement) over the short window of a ${fmt.int(chunks)}-chunk answer. With one provider per session each store
  notifies only when its own connection brought something, so fewer than one a frame.
- **Per-chunk cost is flat** from 1 to 16 sessions (the "× 1 session" column): a chunk re-renders only its message
  (\`test/components/RenderContracts.test.tsx\`), whatever else streams.
- **Long tasks: missed.** With N sessions visible and streaming, every frame renders N streaming messages; the markdown
  parse budget (\`src/components/Markdown/parse-budget.ts\`) is renewed after each commit, and with N providers a frame
  has N commits (one per store, each in its own animation-frame callback), so a frame may parse up to N budgets. What
  would meet it: one frame scheduler shared by every store on the page (all notifications in one callback, one
  commit a frame; it costs bytes in the core entry, which has 4 left of its 12 kB), and a parse budget per task
  rather than per commit; with one provider, a frame budget shared by the streaming messages that renders the ones
  out of view less often. On this machine even one session has tasks over 50 ms (first row), and the browser-streaming
  floor page too: part of each long task is the renderer waiting for one of the 2 cores.
`;

const markdown = `## Many sessions streaming at once

${machineLine()} · Chromium ${browserVersion} · load average (1 min) ${loadStart[0].toFixed(1)} at start, ${loadEnd[0].toFixed(1)} at end (2 cores shared with other work) · \`npm run bench -- many-sessions\`

N sessions in one page, each answering \`/stream ${fmt.int(chunks)}\` from the demo agent (in the bench process) at the
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
    'longest task',
    `tasks over ${TARGET.longTaskMs} ms`,
    `longest ≤ ${TARGET.longTaskMs} ms`,
    `CPU per chunk ≤ ${TARGET.flat}x of 1 session`,
  ],
  rows,
)}
${NOTES}`;
console.log(markdown);
if (write) writeSections([{ name: 'many-sessions', markdown }]);
