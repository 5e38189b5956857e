#!/usr/bin/env node
/**
 * Benchmark: 20,000 chunks streamed over a real WebSocket into <Thread>, in headless Chromium.
 *
 * The demo agent runs in this process (`startDemoAgentServer({ port: 0 })`) and answers
 * `/stream N` with exactly N `agent_message_chunk`s as fast as it can. Two pages (bench/pages/,
 * built with Vite into bench/.tmp/browser-streaming/):
 *
 *  - `streaming.html`: `createAcpClient` → `AcpProvider` → `useSession` → `<Thread>` in a
 *    `<Profiler>` (production React, profiling build), the browser's own WebSocket;
 *  - `floor.html`: a bare WebSocket, the same JSON-RPC requests by hand, `JSON.parse` per frame.
 *
 * Each run loads a fresh page (cold JIT, as a user's first answer is), waits for the session,
 * samples CDP `Performance.getMetrics`, streams, and samples again: main-thread busy time is the
 * TaskDuration delta (wall time of the renderer main thread's tasks), CPU time the ThreadTime
 * delta. Floor and thread runs alternate, so load on this shared machine hits both alike.
 *
 * Before (`--no-before` skips it): the same thread page built with one source edit applied at
 * build time (files untouched) that turns off the piecewise parsing of a streaming paragraph
 * (src/components/Markdown/tail-paragraph.ts), so the whole tail block is parsed on every frame
 * and once more when it ends, as before that change. Runs alternate with the others, so the
 * comparison is side by side on the same machine load.
 *
 * Usage: node bench/browser-streaming.bench.mjs [--quick] [--runs=N] [--chunks=N] [--no-before] [--what-if-blocks] [--no-write] [--raw=file.json]
 * Figures go to bench/RESULTS.md, section `browser-streaming`.
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
const runs = Number(flag('runs') ?? (quick ? 3 : 5));
const chunks = Number(flag('chunks') ?? 20_000);
const rawPath = flag('raw');
const before = !quick && !args.includes('--no-before');
const blocksWhatIf = args.includes('--what-if-blocks');
const log = (...a) => console.error('[browser-streaming]', ...a);

const TARGET = { commitsPerFrame: 1, longTaskMs: 50, finalPaintMs: 100, floorRatio: 3 };

log('building pages…');
const outDir = await buildPages('browser-streaming', ['streaming.html', 'floor.html']);
const server = await serve(outDir);
/** See the header: every streaming paragraph parsed whole, as before the piecewise parser. */
const BEFORE_PATCHES = [
  {
    file: 'src/components/Markdown/MarkdownBlock.tsx',
    find: 'if (paragraph === null || paragraph.cuts.length === 0) {',
    replace: 'if (true) {',
  },
];
const beforeServer = before
  ? await serve(await buildPages('browser-streaming-before', ['streaming.html'], { patches: BEFORE_PATCHES }))
  : null;
/**
 * What-if (`--what-if-blocks`), not shipped: the frozen pieces of a streaming paragraph grouped
 * into `display: block` spans of at least 4,096 characters, so a commit lays out only the last
 * group and the rest, to size what bounding the paragraph's layout would buy. The finished DOM
 * keeps the groups here (a real version would join them into the one paragraph at the end).
 */
const BLOCKS_PATCHES = [
  {
    file: 'src/components/Markdown/MarkdownBlock.tsx',
    find: `      {paragraph.cuts.map((end, index) => {
        const start = index === 0 ? 0 : paragraph.cuts[index - 1];
        return <MemoPiece key={start} source={block.source.slice(start, end)} />;
      })}`,
    replace: `      {(() => {
        const groups = [];
        let group = [];
        let groupStart = 0;
        paragraph.cuts.forEach((end, index) => {
          const start = index === 0 ? 0 : paragraph.cuts[index - 1];
          group.push(<MemoPiece key={start} source={block.source.slice(start, end)} />);
          if (end - groupStart >= 4096) {
            groups.push(<span key={'g' + groupStart} style={{ display: 'block' }}>{group}</span>);
            group = [];
            groupStart = end;
          }
        });
        return [...groups, ...group];
      })()}`,
  },
];
const blocksServer = blocksWhatIf
  ? await serve(await buildPages('browser-streaming-blocks', ['streaming.html'], { patches: BLOCKS_PATCHES }))
  : null;
const agent = await startDemoAgentServer({ port: 0 });
const browser = await launchChromium();
const loadStart = os.loadavg()[0];

async function runPage(pageName, base = server) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${base.url}/${pageName}?${new URLSearchParams({ agent: agent.url })}`);
    await page.waitForFunction(() => window.__ready || window.__error, null, { timeout: 60_000 });
    const error = await page.evaluate(() => window.__error);
    if (error) throw new Error(`${pageName}: ${error}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const before = await metrics(cdp);
    const result = await page.evaluate((n) => window.__run(n), chunks);
    const after = await metrics(cdp);
    if (errors.length) log(`${pageName}: page errors:`, errors.join(' | '));
    return { ...result, main: metricDelta(before, after), nodes: after.Nodes };
  } finally {
    await context.close();
  }
}

const floorRuns = [];
const threadRuns = [];
const beforeRuns = [];
const blocksRuns = [];
let browserVersion;
try {
  browserVersion = browser.version();
  for (let i = 0; i < runs; i++) {
    log(`run ${i + 1}/${runs}: floor…`);
    floorRuns.push(await runPage('floor.html'));
    log(`run ${i + 1}/${runs}: thread…`);
    threadRuns.push(await runPage('streaming.html'));
    if (beforeServer) {
      log(`run ${i + 1}/${runs}: before (whole tail parsed per frame)…`);
      beforeRuns.push(await runPage('streaming.html', beforeServer));
    }
    if (blocksServer) {
      log(`run ${i + 1}/${runs}: what-if, paragraph pieces in blocks…`);
      blocksRuns.push(await runPage('streaming.html', blocksServer));
    }
    const f = floorRuns.at(-1);
    const t = threadRuns.at(-1);
    log(
      `  floor busy ${fmt.ms(f.main.task)} ms, thread busy ${fmt.ms(t.main.task)} ms (script ${fmt.ms(t.main.script)}, layout ${fmt.ms(t.main.layout)}, style ${fmt.ms(t.main.style)}),` +
        ` ${t.commits} commits / ${t.frames} frames, longest task ${fmt.ms(Math.max(0, ...t.longTasks.map((l) => l.duration)))} ms,` +
        ` last chunk → DOM ${fmt.ms(t.inDom - t.lastChunk)} ms → frame ${fmt.ms(t.painted - t.lastChunk)} ms`,
    );
  }
} finally {
  await browser.close();
  await agent.close();
  await server.close();
  await beforeServer?.close();
  await blocksServer?.close();
}
if (rawPath) await writeFile(rawPath, JSON.stringify({ floorRuns, threadRuns, beforeRuns, blocksRuns }, null, 1));

for (const t of threadRuns) {
  if (t.stopReason !== 'end_turn' || t.lastChunk === 0) log(`warning: a thread run ended with ${t.stopReason}, last chunk seen: ${t.lastChunk > 0}`);
}

// Per-run figures, then medians.
const perRun = (t) => {
  const window = t.painted - t.start;
  const longest = Math.max(0, ...t.longTasks.map((l) => l.duration));
  return {
    busy: t.main.task,
    cpu: t.main.thread,
    script: t.main.script,
    layout: t.main.layout + t.main.style,
    window,
    delivery: t.lastChunk - t.firstMessage,
    commits: t.commits,
    frames: t.frames,
    commitsPerSecond: (t.commits / window) * 1000,
    framesPerSecond: (t.frames / window) * 1000,
    commitsPerFrame: t.commits / Math.max(1, t.frames),
    renderActual: t.renderActual,
    renderMax: t.renderMax,
    maxFrameGap: t.maxFrameGap,
    longest,
    longCount: t.longTasks.length,
    longTotal: t.longTasks.reduce((a, l) => a + l.duration, 0),
    toDom: t.inDom - t.lastChunk,
    toFrame: t.painted - t.lastChunk,
    textLength: t.textLength,
    notifications: t.notifications,
    extraCommits: Math.max(0, t.commits - t.notifications),
  };
};
const perThread = threadRuns.map(perRun);
const perFloor = floorRuns.map((f) => ({ busy: f.main.task, cpu: f.main.thread, script: f.main.script, window: f.answered - f.start, delivery: f.lastMessage - f.firstMessage }));
const ratios = perThread.map((t, i) => ({ busy: t.busy / perFloor[i].busy, cpu: t.cpu / perFloor[i].cpu }));
const med = (list, key) => median(list.map((x) => x[key]));

const m = Object.fromEntries(Object.keys(perThread[0]).map((k) => [k, med(perThread, k)]));
const f = Object.fromEntries(Object.keys(perFloor[0]).map((k) => [k, med(perFloor, k)]));
const ratioBusy = med(ratios, 'busy');
const ratioCpu = med(ratios, 'cpu');
const range = (list, key, format = fmt.ms) => `${format(Math.min(...list.map((x) => x[key])))}–${format(Math.max(...list.map((x) => x[key])))}`;

const rows = [
  ['main-thread busy while streaming (CDP TaskDuration)', `**${fmt.ms(m.busy)} ms**`, range(perThread, 'busy'), '—', ''],
  ['… of which script / style + layout', `${fmt.ms(m.script)} / ${fmt.ms(m.layout)} ms`, '', '—', ''],
  ['main-thread CPU (CDP ThreadTime)', `${fmt.ms(m.cpu)} ms`, range(perThread, 'cpu'), '—', ''],
  ['floor: busy / CPU (WebSocket + JSON.parse only)', `${fmt.ms(f.busy)} / ${fmt.ms(f.cpu)} ms`, range(perFloor, 'busy'), '—', ''],
  ['**busy ÷ floor**', `**${fmt.fixed(ratioBusy, 1)}x**`, range(ratios, 'busy', (x) => `${x.toFixed(1)}x`), `≤ ${TARGET.floorRatio}x`, verdict(ratioBusy, TARGET.floorRatio)],
  ['CPU ÷ floor', `${fmt.fixed(ratioCpu, 1)}x`, range(ratios, 'cpu', (x) => `${x.toFixed(1)}x`), '(same)', verdict(ratioCpu, TARGET.floorRatio)],
  ['streaming window (prompt sent → final text painted)', `${fmt.ms(m.window)} ms`, range(perThread, 'window'), '—', ''],
  ['chunks arriving (first → last chunk frame): thread / floor', `${fmt.ms(m.delivery)} / ${fmt.ms(f.delivery)} ms`, '', '—', ''],
  ['React commits of the thread', `${fmt.int(m.commits)} (${fmt.fixed(m.commitsPerSecond, 1)}/s)`, range(perThread, 'commits', fmt.int), '—', ''],
  ['animation frames in the same window', `${fmt.int(m.frames)} (${fmt.fixed(m.framesPerSecond, 1)}/s)`, range(perThread, 'frames', fmt.int), '—', ''],
  ['**commits per frame**', `**${fmt.fixed(m.commitsPerFrame, 2)}**`, range(perThread, 'commitsPerFrame', (x) => x.toFixed(2)), `≤ ${TARGET.commitsPerFrame}`, verdict(m.commitsPerFrame, TARGET.commitsPerFrame)],
  ['store notifications (at most one per frame by design) / commits beyond them', `${fmt.int(m.notifications)} / ${fmt.int(m.extraCommits)}`, range(perThread, 'extraCommits', fmt.int), '— / ≤ 1 (the turn-end announcement)', verdict(m.extraCommits, 1)],
  ['render time per commit (Profiler actualDuration): total / max', `${fmt.ms(m.renderActual)} / ${fmt.ms(m.renderMax)} ms`, '', '—', ''],
  ['**longest task** (longtask entries)', `**${fmt.ms(m.longest)} ms**`, range(perThread, 'longest'), `none > ${TARGET.longTaskMs} ms`, verdict(m.longest, TARGET.longTaskMs)],
  ['long tasks: count / total', `${fmt.int(m.longCount)} / ${fmt.ms(m.longTotal)} ms`, range(perThread, 'longCount', fmt.int), '0', verdict(m.longCount, 0)],
  ['longest gap between animation frames', `${fmt.ms(m.maxFrameGap)} ms`, range(perThread, 'maxFrameGap'), '—', ''],
  ['last chunk frame → text in the DOM', `${fmt.ms(m.toDom)} ms`, range(perThread, 'toDom'), '—', ''],
  ['**last chunk frame → next animation frame with the text**', `**${fmt.ms(m.toFrame)} ms**`, range(perThread, 'toFrame'), `≤ ${TARGET.finalPaintMs} ms`, verdict(m.toFrame, TARGET.finalPaintMs)],
];

let beforeSection = '';
let beforeMedians = null;
if (beforeRuns.length) {
  const b = beforeRuns.map(perRun);
  const bm = Object.fromEntries(Object.keys(b[0]).map((k) => [k, med(b, k)]));
  const bRatio = median(b.map((t, i) => t.busy / perFloor[i].busy));
  beforeMedians = { ...bm, ratio: bRatio };
  const line = (label, was, now, format, target, limit) => [label, format(was), format(now), target, limit === undefined ? '' : verdict(now, limit)];
  beforeSection = `
### Before → after: the streaming paragraph parsed piece by piece

The same page built with one edit applied at build time that turns the piecewise parsing off
(\`src/components/Markdown/tail-paragraph.ts\` unused: the whole tail block is parsed on every frame and once more when
it ends, as before); ${beforeRuns.length} runs alternating with the ones above.

${table(['figure (medians)', 'before (whole tail per frame)', 'after (pieces)', 'target', 'after status'], [
    line('main-thread busy', bm.busy, m.busy, (x) => `${fmt.ms(x)} ms`),
    line('busy ÷ floor', bRatio, ratioBusy, (x) => `${x.toFixed(1)}x`, `≤ ${TARGET.floorRatio}x`, TARGET.floorRatio),
    ['script / style + layout', `${fmt.ms(bm.script)} / ${fmt.ms(bm.layout)} ms`, `${fmt.ms(m.script)} / ${fmt.ms(m.layout)} ms`, '', ''],
    line('render time per commit: total', bm.renderActual, m.renderActual, (x) => `${fmt.ms(x)} ms`),
    line('longest task', bm.longest, m.longest, (x) => `${fmt.ms(x)} ms`, `≤ ${TARGET.longTaskMs} ms`, TARGET.longTaskMs),
    line('long tasks', bm.longCount, m.longCount, fmt.int, '0', 0),
    line('React commits', bm.commits, m.commits, fmt.int),
    line('commits per frame', bm.commitsPerFrame, m.commitsPerFrame, (x) => x.toFixed(2), `≤ ${TARGET.commitsPerFrame}`, TARGET.commitsPerFrame),
    line('last chunk frame → next animation frame', bm.toFrame, m.toFrame, (x) => `${fmt.ms(x)} ms`, `≤ ${TARGET.finalPaintMs} ms`, TARGET.finalPaintMs),
  ])}
`;
}

let blocksSection = '';
if (blocksRuns.length) {
  const b = blocksRuns.map(perRun);
  const bm = Object.fromEntries(Object.keys(b[0]).map((k) => [k, med(b, k)]));
  const bRatio = median(b.map((t, i) => t.busy / perFloor[i].busy));
  const line = (label, now, whatIf, format, target, limit) => [label, format(now), format(whatIf), target, limit === undefined ? '' : verdict(whatIf, limit)];
  blocksSection = `
### What-if: the paragraph's pieces laid out as blocks (not shipped)

The same page built with one more edit at build time: the frozen pieces of the streaming paragraph grouped into
\`display: block\` spans of at least 4,096 characters, so a commit lays out only the last group and the rest. It sizes
what bounding the paragraph's layout would buy; as built, the groups stay in the finished DOM (a shippable version
would join them into the one \`<p>\` when the message ends, one full layout then). ${blocksRuns.length} runs alternating with the ones above.

${table(['figure (medians)', 'after (pieces)', 'what-if (blocks)', 'target', 'what-if status'], [
    line('main-thread busy', m.busy, bm.busy, (x) => `${fmt.ms(x)} ms`),
    line('busy ÷ floor', ratioBusy, bRatio, (x) => `${x.toFixed(1)}x`, `≤ ${TARGET.floorRatio}x`, TARGET.floorRatio),
    ['script / style + layout', `${fmt.ms(m.script)} / ${fmt.ms(m.layout)} ms`, `${fmt.ms(bm.script)} / ${fmt.ms(bm.layout)} ms`, '', ''],
    line('longest task', m.longest, bm.longest, (x) => `${fmt.ms(x)} ms`, `≤ ${TARGET.longTaskMs} ms`, TARGET.longTaskMs),
    line('long tasks', m.longCount, bm.longCount, fmt.int, '0', 0),
    line('longest gap between animation frames', m.maxFrameGap, bm.maxFrameGap, (x) => `${fmt.ms(x)} ms`),
    line('last chunk frame → next animation frame', m.toFrame, bm.toFrame, (x) => `${fmt.ms(x)} ms`, `≤ ${TARGET.finalPaintMs} ms`, TARGET.finalPaintMs),
  ])}
`;
}

const markdown = `## Browser streaming: ${fmt.int(chunks)} chunks over a WebSocket into \`<Thread>\`

${machineLine()} · ${browserVersion} · load average (1 min) ${loadStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end (shared machine)

The demo agent (in the bench process) answers \`/stream ${fmt.int(chunks)}\` as fast as it can; headless Chromium
receives it over a real WebSocket into \`createAcpClient\` → \`AcpProvider\` → \`useSession\` → \`<Thread>\` (in a
\`<Profiler>\`, production React's profiling build). The floor page opens a bare WebSocket to the same agent, sends
the same initialize / session/new / session/prompt by hand and only \`JSON.parse\`s each frame. Each run is a fresh
page (cold JIT); floor and thread runs alternate. **Medians of ${runs} runs** (range in the third column).
The streamed text is one ${fmt.int(m.textLength)}-character paragraph (\`w0 w1 … w${chunks - 1} \`).

${table(['figure', 'median', 'range', 'target', 'status'], rows)}

How it is measured: busy time is the delta of CDP \`Performance.getMetrics\` TaskDuration (ThreadTime for CPU)
around the stream; commits counted by \`<Profiler onRender>\`, frames by a rAF loop, both from the prompt to the
first animation frame after the DOM holds the last chunk's text (a MutationObserver); a WebSocket subclass
(the client's \`WebSocket\` option) timestamps every frame. "Next animation frame" is an upper bound on the paint:
when the text is committed inside a frame's rAF phase, the next rAF is one frame later.
${beforeSection}${blocksSection}${analysis(beforeMedians)}`;

/** What the blocks what-if measured, for the analysis. */
function blocksSummary() {
  if (!blocksRuns.length) {
    return 'the what-if above (`--what-if-blocks`, not run this time) sizes it.';
  }
  const b = blocksRuns.map(perRun);
  return `the what-if above does so and cuts style + layout from ${fmt.ms(m.layout)} to ${fmt.ms(med(b, 'layout'))} ms, yet its
longest task is ${fmt.ms(med(b, 'longest'))} ms (median count over 50 ms: ${fmt.int(med(b, 'longCount'))}). ${
    med(b, 'longest') > TARGET.longTaskMs
      ? `So bounding the layout alone does not meet the target: the long tasks left are the rest of a frame's work after a
burst of messages (script, native style and paint, GC; not profiled further here). As it would also show the paragraph
with early line ends while it streams (and reflow it at the end), it is not shipped.`
      : `It would meet the target, at the cost of showing the paragraph with early line ends while it streams (and a reflow
at the end); not shipped yet.`
  }`;
}

/** Why the remaining misses, from CPU profiles of this page; the figures of this run are filled in. */
function analysis(was) {
  const change = was
    ? `busy ÷ floor ${was.ratio.toFixed(1)}x → ${ratioBusy.toFixed(1)}x, render time ${fmt.ms(was.renderActual)} → ${fmt.ms(m.renderActual)} ms,
  long tasks ${fmt.int(was.longCount)} → ${fmt.int(m.longCount)}, last chunk → frame ${fmt.ms(was.toFrame)} → ${fmt.ms(m.toFrame)} ms`
    : `see the before → after table (not run: \`--no-before\`)`;
  return `
### Why, and what would meet the remaining targets

**What changed** (src/components/Markdown/tail-paragraph.ts): the streamed text has no newline, so the whole message is
one paragraph and always the tail block. It used to be parsed whole on every commit (react-markdown, micromark,
remark-gfm's autolink scan: O(length) a frame, O(length²) a stream) and once more when the turn ended. Now a streaming
one-line paragraph is cut into pieces at spaces where nothing is open (no code span, link bracket, \`<\` or emphasis
opener left before the cut, checked by parsing the piece); each piece is parsed once and memoized, a frame parses only
the text after the last cut, and the finished message reuses the pieces (the final render parses only that rest).
Measured side by side: ${change}.

**The longest task** is still over 50 ms. CPU profiles of one stream (CDP sampling profiler, 2026-11-22, after the
change, at load averages of 10 and of 4) put about half of the samples inside tasks over 50 ms in \`pin\`
(src/components/Thread/useStickToBottom.ts) reading \`scrollHeight\`: Chromium laying out the one
${fmt.int(m.textLength)}-character paragraph again after each commit, which grows with the text; most of the rest is
native work (style, paint, message dispatch) and GC. Parsing hardly shows up in them any more. The layout would happen
at paint anyway; reading it earlier only moves it. One paragraph's line breaking is redone whole when its text changes
(splitting it into several text nodes of the same paragraph is slower, not faster), so bounding it means laying the
frozen part out as blocks of its own: ${blocksSummary()}

**Busy ÷ floor** depends on how fast the chunks arrive, which this shared machine decides: the page commits once per
animation frame, and every commit lays the whole paragraph out again, so a slower delivery means more frames
(${fmt.int(Math.min(...perThread.map((t) => t.frames)))}–${fmt.int(Math.max(...perThread.map((t) => t.frames)))} in these runs) and more layout, while the floor only parses frames. The CPU ratio
(${fmt.fixed(ratioCpu, 1)}x) is the steadier figure; busy time also counts the renderer waiting for a core. Bounding the layout
(above) is what would make the ratio independent of the delivery rate.

**Commits** are one per store notification (the store coalesces to at most one per frame); commits per frame above 1,
when it happens, is the window's edges: the prompt's own commit and the turn-end announcement.
`;
}

console.log(markdown);
if (write) {
  writeSections([{ name: 'browser-streaming', markdown }]);
  log('wrote bench/RESULTS.md (browser-streaming)');
}
