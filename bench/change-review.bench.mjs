#!/usr/bin/env node
/**
 * Benchmark: the change review with a big change set, in headless Chromium (issue 16: "a change
 * set of hundreds of files or a 10,000-line file stays responsive (virtualize; measure and
 * report)").
 *
 * bench/pages/change-review.html (built with Vite into bench/.tmp/change-review/) builds the change
 * set with the real tracker over the in-memory workspace, every change an agent's
 * `fs/write_text_file` through `tracker.fs`, and shows it in the real `ChangeReview`. Per run, a
 * fresh page per scenario:
 *
 *  - `files`: 300 files of 150 lines, 3 changed lines each (900 hunks);
 *  - `big`: one 10,000-line file with every 50th line changed (200 hunks).
 *
 * Figures: each write's cost (read before, hunk computation, snapshot update: the work of the
 * `fs/write_text_file` request, in its own task, never in a render); opening the review (render →
 * painted); J (next change) and A (accept, through the tracker) from the keydown to the frame after
 * it painted; the review's DOM size (virtualized past 150 files / 400 rows); the JS heap the change
 * set and the open review hold (CDP, after a forced GC); and with the big review open, 3,000
 * chunks streamed into a `<Thread>` beside it: React commits per frame, the review's renders, long
 * tasks and frame gaps.
 *
 * Usage: node bench/change-review.bench.mjs [--quick] [--runs=N] [--files=N] [--lines=N] [--no-write]
 * Figures go to bench/RESULTS.md, section `change-review`.
 */
import os from 'node:os';
import { fmt, machineLine, median, table, writeSections } from './lib/results.mjs';
import { buildPages, launchChromium, metricDelta, metrics, percentile, serve, verdict } from './pages/harness.mjs';
import { benchArgs } from './lib/args.mjs';

const { flag, quick, write } = benchArgs();
const runs = Number(flag('runs') ?? (quick ? 1 : 3));
const fileCount = Number(flag('files') ?? 300);
const lineCount = Number(flag('lines') ?? 10_000);
const KEYS = quick ? 20 : 60;
const ACCEPTS = quick ? 10 : 30;
const CHUNKS = 3000;
const log = (...a) => console.error('[change-review]', ...a);

/**
 * Targets: what "stays responsive" means here. A response to a key or a click within 100 ms
 * (RAIL's response budget), no task over 50 ms (a long task) while the review is open and the agent
 * streams, and the client's own rule: at most one React commit per animation frame.
 */
const TARGET = { openMs: 100, keyMs: 100, longTaskMs: 50, writeMs: 50, commitsPerFrame: 1 };

log('building the page…');
const outDir = await buildPages('change-review', ['change-review.html'], { profiling: true });
const server = await serve(outDir);
const browser = await launchChromium();
const loadStart = os.loadavg()[0];

async function heap(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

async function scenario(name, size, { stream = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${server.url}/change-review.html`);
    await page.waitForFunction(() => window.__ready === true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const heap0 = await heap(cdp);
    const built = await page.evaluate(([s, n]) => window.__build(s, n), [name, size]);
    const heap1 = await heap(cdp);
    await cdp.send('Performance.enable');
    const before = await metrics(cdp);
    const opened = await page.evaluate(() => window.__open());
    opened.main = metricDelta(before, await metrics(cdp));
    const heap2 = await heap(cdp);
    const j = await page.evaluate(([n]) => window.__keys('j', n), [KEYS]);
    const a = await page.evaluate(([n]) => window.__keys('a', n), [ACCEPTS]);
    const streamed = stream ? await page.evaluate(([n]) => window.__stream(n, 6), [CHUNKS]) : null;
    if (errors.length) log('page errors:', errors.join(' | '));
    return { built, opened, j, a, streamed, heap: { base: heap0, built: heap1 - heap0, open: heap2 - heap1 } };
  } finally {
    await context.close();
  }
}

const results = { files: [], big: [] };
let browserVersion;
try {
  browserVersion = browser.version();
  for (let i = 0; i < runs; i++) {
    log(`run ${i + 1}/${runs}: ${fileCount} files…`);
    const f = await scenario('files', fileCount);
    results.files.push(f);
    log(`  open ${fmt.ms(f.opened.paintedMs)} ms, J p95 ${fmt.ms(percentile(f.j.times, 95))} ms, A p95 ${fmt.ms(percentile(f.a.times, 95))} ms`);
    log(`run ${i + 1}/${runs}: one ${lineCount}-line file, streaming beside it…`);
    const b = await scenario('big', lineCount, { stream: true });
    results.big.push(b);
    log(
      `  write ${fmt.ms(b.built.writes[0])} ms, open ${fmt.ms(b.opened.paintedMs)} ms, J p95 ${fmt.ms(percentile(b.j.times, 95))} ms, A p95 ${fmt.ms(percentile(b.a.times, 95))} ms,` +
        ` stream: ${b.streamed.maxCommitsPerFrame} commits/frame max, review renders ${b.streamed.reviewCommits}`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}

const med = (list, pick) => median(list.map(pick));
const range = (list, pick, format = fmt.ms) => {
  const values = list.map(pick);
  return `${format(Math.min(...values))}–${format(Math.max(...values))}`;
};
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const longest = (tasks) => Math.max(0, ...tasks.map((t) => t.duration));

function rowsFor(list, label) {
  const r0 = list[0];
  return [
    [
      `one \`fs/write_text_file\` through the tracker (read before, hunks in slices, snapshot): wall time ${label === 'files' ? 'per file, median / max' : 'for the file'}`,
      label === 'files'
        ? `${fmt.ms(med(list, (r) => median(r.built.writes)))} / ${fmt.ms(med(list, (r) => Math.max(...r.built.writes)))} ms`
        : `${fmt.ms(med(list, (r) => r.built.writes[0]))} ms`,
      range(list, (r) => Math.max(...r.built.writes)),
      '',
      '',
    ],
    [
      '**hunk computation off the hot path: the longest task while the writes were recorded**',
      `**${fmt.ms(med(list, (r) => longest(r.built.longTasks)))} ms** (${fmt.int(med(list, (r) => r.built.longTasks.length))} long tasks)`,
      range(list, (r) => longest(r.built.longTasks)),
      `≤ ${TARGET.writeMs} ms`,
      verdict(
        med(list, (r) => longest(r.built.longTasks)),
        TARGET.writeMs,
      ),
    ],
    [
      '**open the review: render → painted**',
      `**${fmt.ms(med(list, (r) => r.opened.paintedMs))} ms**`,
      range(list, (r) => r.opened.paintedMs),
      `≤ ${TARGET.openMs} ms`,
      verdict(
        med(list, (r) => r.opened.paintedMs),
        TARGET.openMs,
      ),
    ],
    [
      '… of which the main thread had the CPU (CDP ThreadTime)',
      `${fmt.ms(med(list, (r) => r.opened.main.thread))} ms`,
      range(list, (r) => r.opened.main.thread),
      '',
      '',
    ],
    [
      `**J (next change${label === 'files' ? ', across files' : ''}): keydown → painted, p50 / p95 / max** (${KEYS} presses)`,
      `**${fmt.ms(med(list, (r) => percentile(r.j.times, 50)))} / ${fmt.ms(med(list, (r) => percentile(r.j.times, 95)))} / ${fmt.ms(med(list, (r) => Math.max(...r.j.times)))} ms**`,
      range(list, (r) => percentile(r.j.times, 95)),
      `p95 ≤ ${TARGET.keyMs} ms`,
      verdict(
        med(list, (r) => percentile(r.j.times, 95)),
        TARGET.keyMs,
      ),
    ],
    [
      `**A (accept, through the tracker): keydown → decision painted, p50 / p95 / max** (${ACCEPTS} presses)`,
      `**${fmt.ms(med(list, (r) => percentile(r.a.times, 50)))} / ${fmt.ms(med(list, (r) => percentile(r.a.times, 95)))} / ${fmt.ms(med(list, (r) => Math.max(...r.a.times)))} ms**`,
      range(list, (r) => percentile(r.a.times, 95)),
      `p95 ≤ ${TARGET.keyMs} ms`,
      verdict(
        med(list, (r) => percentile(r.a.times, 95)),
        TARGET.keyMs,
      ),
    ],
    [
      'long tasks during the key presses: count / longest',
      `${fmt.int(med(list, (r) => r.j.longTasks.length + r.a.longTasks.length))} / ${fmt.ms(med(list, (r) => longest([...r.j.longTasks, ...r.a.longTasks])))} ms`,
      range(list, (r) => longest([...r.j.longTasks, ...r.a.longTasks])),
      '',
      '',
    ],
    [
      'the review in the DOM: elements / file buttons / rows mounted (virtualized: files, rows)',
      `${fmt.int(r0.opened.reviewElements)} / ${fmt.int(r0.opened.fileButtons)} / ${fmt.int(r0.opened.rowsMounted)} (${r0.opened.filesVirtual ? 'yes' : 'no'}, ${r0.opened.rowsVirtual ? 'yes' : 'no'})`,
      '',
      '',
      '',
    ],
    [
      `JS heap: the change set (${fmt.int(r0.built.files)} files, ${fmt.int(r0.built.hunks)} hunks; ${mb(r0.built.chars * 2)} of before + after text as UTF-16) / the open review`,
      `${mb(med(list, (r) => r.heap.built))} / ${mb(med(list, (r) => r.heap.open))}`,
      '',
      '',
      '',
    ],
  ];
}

const b = results.big;
const streamRows = [
  [
    '**React commits per animation frame** (all commits ÷ frames)',
    `**${med(b, (r) => r.streamed.commits / r.streamed.frames).toFixed(2)}**`,
    range(
      b,
      (r) => r.streamed.commits / r.streamed.frames,
      (x) => x.toFixed(2),
    ),
    `≤ ${TARGET.commitsPerFrame}`,
    verdict(
      med(b, (r) => r.streamed.commits / r.streamed.frames),
      TARGET.commitsPerFrame,
    ),
  ],
  [
    "most commits between two of the page's frame callbacks (an upper bound: the store notifies in a frame callback of its own, before or after the page's)",
    fmt.int(med(b, (r) => r.streamed.maxCommitsPerFrame)),
    range(b, (r) => r.streamed.maxCommitsPerFrame, fmt.int),
    '',
    '',
  ],
  [
    "**the open review's renders** while the thread streamed",
    `**${fmt.int(med(b, (r) => r.streamed.reviewCommits))}**`,
    range(b, (r) => r.streamed.reviewCommits, fmt.int),
    '0',
    verdict(
      med(b, (r) => r.streamed.reviewCommits),
      0,
    ),
  ],
  ["the thread's commits / frames", `${fmt.int(med(b, (r) => r.streamed.threadCommits))} / ${fmt.int(med(b, (r) => r.streamed.frames))}`, '', '', ''],
  [
    'frame gap p50 / p95 / max',
    `${fmt.ms(med(b, (r) => percentile(r.streamed.gaps, 50)))} / ${fmt.ms(med(b, (r) => percentile(r.streamed.gaps, 95)))} / ${fmt.ms(med(b, (r) => Math.max(...r.streamed.gaps)))} ms`,
    range(b, (r) => Math.max(...r.streamed.gaps)),
    '',
    '',
  ],
  [
    '**long tasks: count / longest**',
    `**${fmt.int(med(b, (r) => r.streamed.longTasks.length))} / ${fmt.ms(med(b, (r) => longest(r.streamed.longTasks)))} ms**`,
    range(b, (r) => longest(r.streamed.longTasks)),
    `none over ${TARGET.longTaskMs} ms`,
    verdict(
      med(b, (r) => r.streamed.longTasks.length),
      0,
    ),
  ],
  ['stream duration (all chunks applied and painted)', `${fmt.ms(med(b, (r) => r.streamed.elapsed))} ms`, range(b, (r) => r.streamed.elapsed), '', ''],
];

const header = ['figure', 'median', 'range (runs)', 'target', 'status'];
const markdown = `## Change review: ${fmt.int(fileCount)} files, a ${fmt.int(lineCount)}-line file

${machineLine()} · ${browserVersion} · load average (1 min) ${loadStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end (shared machine)

The change set is built in the page by the real tracker (\`createChangeTracker\` over \`createMemoryFs\`): every change is an agent's
\`fs/write_text_file\` through \`tracker.fs\`, timed as the request's task. The real \`ChangeReview\` shows it (its code in the page's
bundle: this measures rendering, not fetching the on-demand chunk), in a 1400×900 window. Keys are keydown events dispatched to
the focused hunk, as the keyboard's are; "painted" is a task queued from the next animation frame's callback. Production React
(profiling build). Fresh page per scenario; **medians of ${runs} run(s)** (range in the third column). Targets: a response to a key
or a click within ${TARGET.keyMs} ms (RAIL), a write's work within a long task's ${TARGET.writeMs} ms, no long task while streaming beside the open
review, and at most one React commit per frame.

### ${fmt.int(fileCount)} files (150 lines each, 3 changed lines each)

${table(header, rowsFor(results.files, 'files'))}

### One ${fmt.int(lineCount)}-line file (every 50th line changed)

${table(header, rowsFor(results.big, 'big'))}

### Streaming with the ${fmt.int(lineCount)}-line review open

${fmt.int(CHUNKS)} agent message chunks (6 per task, as fast as the page takes them) into a \`<Thread>\` beside the open review,
through a core store that notifies once per animation frame (as the client's does).

${table(header, streamRows)}

### What was changed, and why the misses are what they are

- **Hunk computation off the hot path.** An agent's write used to be compared in one go inside the \`fs/write_text_file\`
  request's task: the 10,000-line file took 142 ms of wall time in one long task on this machine at load 13 (a first,
  unoptimized run of the line matcher; warm, in Node, the comparison is ~7 ms of CPU, cold ~70 ms). The tracker now
  compares in slices of at most ~8 ms with a task between them (\`computeHunksInSlices\`, over the line matcher's
  existing steps) and records writes in the order they came; the table's "longest task while the writes were recorded"
  is that figure (a run whose range shows a long task there had a slice stretched by the load or a GC, not one comparison). It also stopped rescanning every turn of every session on each store notification (a streamed chunk
  leaves the turn list as it was, and now costs the tracker nothing).
- **Streaming beside the open review.** The review renders from the tracker's snapshot alone, so a streamed chunk
  re-renders none of it; commits stay at one per store notification. The review took no part in the long tasks of this
  table (it rendered 0 times): they are the \`<Thread>\`'s commits of the growing message and the page's layout on a
  loaded machine (long tasks are wall time: a descheduled main thread stretches a task), as the browser-streaming section
  records for a thread alone.
  The first draft of this benchmark counted one review render here: its virtualizer settling after the last key press
  (its scroll state resets 150 ms after a scroll), which now gets half a second of quiet before the stream starts.
- **Opening the review** misses the ${TARGET.openMs} ms wall-clock target on this shared machine while the main thread got about a third
  of a core: its CPU time is the "… had the CPU" row, around 60 ms. A CPU profile of the open (one run each, load ~11) put
  16–20 ms of it in the page's first \`Intl.NumberFormat\` (the ICU set-up behind the "+42 −7" counts; one per page, cached
  after, and in \`AgentPanel\` the usage meter has paid it before any review opens) and 17–39 ms in the virtualizers' first
  measurement, which forces the document's first style and layout of the review inside the commit (work the paint does
  anyway); React's own render and commit of the ~300 mounted elements is a few milliseconds. What would bring the wall
  time under the target on a loaded machine is less layout at open (a fixed row height, so the lists need no measurement
  before the first paint), not less JavaScript.
- **Keys.** J and A answer within a frame or two at the median; J moves to the next file's first change and focuses it a
  frame later (its rows mount first), A goes through the tracker (a promise) before it shows. A decision on the
  10,000-line file rebuilds that file's rows (\`reviewRows\`: ~1–10 ms for 2,000 rows).
- **Memory.** The change set holds each file's text before and after the turn plus the hunks' lines; the JS heap it takes is
  below the UTF-16 size of those texts (V8 stores ASCII text one byte a character, and the lines split out of a text are
  slices of it, not copies). The open review adds under a megabyte: rows for the selected file only, mounted rows only.
`;

console.log(markdown);
if (write) {
  writeSections([{ name: 'change-review', markdown }]);
  log('wrote bench/RESULTS.md (change-review)');
}
