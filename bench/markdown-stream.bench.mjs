#!/usr/bin/env node
/**
 * Benchmark: streaming a 30 KB markdown answer into a message, in real Chromium.
 *
 * Builds bench/markdown-stream.page.tsx with Vite (production React with the profiling build, so
 * <Profiler> still reports), serves it, and drives it with Debian's chromium through
 * playwright-core. The page streams the answer in 24-character chunks, one per frame, into
 * acp-react's <Message streaming> and into a plain react-markdown render of the whole text per
 * chunk, and records per-chunk React render time (Profiler actualDuration), flushSync wall time,
 * and long tasks. Two rounds per scenario; the second (warm) round is reported.
 *
 * Usage: node bench/markdown-stream.bench.mjs [--quick] [--only=message|baseline] [--no-write] [--raw=file.json]
 * Figures go to bench/RESULTS.md (section markdown-stream) and bench/markdown-stream.results.json.
 */
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import os from 'node:os';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, machineLine, median, table, writeSections } from './lib/results.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const write = !args.includes('--no-write');
const rawPath = args.find((a) => a.startsWith('--raw='))?.slice(6);
const log = (...a) => console.error('[markdown-stream]', ...a);

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const outDir = join(benchDir, '.tmp/markdown-stream');

log('building the page…');
await build({
  configFile: false,
  root: benchDir,
  logLevel: 'warn',
  mode: 'production',
  plugins: [react()],
  // The profiling build of react-dom: production speed, but <Profiler> still measures.
  resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { input: join(benchDir, 'markdown-stream.page.html') },
  },
});

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  try {
    const body = await readFile(join(outDir, path));
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const query = new URLSearchParams({ ...(quick ? { quick: '1' } : {}), ...(only ? { only } : {}) }).toString();
const url = `http://127.0.0.1:${server.address().port}/markdown-stream.page.html${query ? `?${query}` : ''}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let results;
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  page.on('pageerror', (error) => log('page error:', error.message));
  log('streaming…');
  await page.goto(url);
  await page.waitForFunction(() => window.__benchResults, null, { timeout: 15 * 60_000, polling: 500 });
  results = await page.evaluate(() => window.__benchResults);
  results.browser = browser.version();
} finally {
  await browser.close();
  server.close();
}
if (results.error) throw new Error(results.error);
if (rawPath) await writeFile(rawPath, JSON.stringify(results));

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const stats = (values) => ({
  median: median(values),
  p95: percentile(values, 95),
  max: Math.max(...values),
  total: values.reduce((a, b) => a + b, 0),
});

// The last round of each scenario is the warm one.
const last = new Map();
for (const run of results.runs) last.set(run.name, run);
const summary = [...last.values()].map((run) => ({
  name: run.name,
  chunks: run.chunks,
  actual: stats(run.actual),
  wall: stats(run.wall),
  longTasks: { count: run.longTasks.length, total: run.longTasks.reduce((a, b) => a + b, 0), max: Math.max(0, ...run.longTasks) },
}));

const label = { message: 'acp-react `<Message streaming>`', baseline: 'react-markdown, whole text per chunk' };
const rows = summary.map((s) => [
  label[s.name] ?? s.name,
  fmt.int(s.chunks),
  fmt.fixed(s.actual.median, 2),
  fmt.fixed(s.actual.p95, 2),
  fmt.fixed(s.wall.median, 2),
  fmt.fixed(s.wall.p95, 2),
  fmt.fixed(s.wall.max, 1),
  fmt.ms(s.wall.total),
  `${s.longTasks.count} (${fmt.ms(s.longTasks.total)} ms)`,
]);
const load = os.loadavg().map((n) => n.toFixed(1)).join(' / ');
const markdown = `## Markdown streaming: a 30 KB answer in 24-character chunks

${machineLine()} · Chromium ${results.browser} · load average ${load} (1/5/15 min)

${fmt.int(results.answerLength)} characters (prose, lists, a 12-row table, a 200-line TypeScript block), one chunk per
animation frame, committed with \`flushSync\` inside a \`<Profiler>\` (production React, profiling build).
"render" is the Profiler's actualDuration; "commit" the wall time of the flushSync (render, commit, DOM).
Long tasks (> 50 ms) are counted over the whole stream, so idle-time highlighting is included there.

${table(['scenario', 'chunks', 'render median ms', 'render p95 ms', 'commit median ms', 'commit p95 ms', 'commit max ms', 'commit total ms', 'long tasks'], rows)}
`;

console.log(markdown);
if (write) {
  writeSections([{ name: 'markdown-stream', markdown }]);
  await writeFile(join(benchDir, 'markdown-stream.results.json'), `${JSON.stringify({ date: new Date().toISOString(), browser: results.browser, answerLength: results.answerLength, summary }, null, 2)}\n`);
  log('wrote bench/RESULTS.md (markdown-stream) and bench/markdown-stream.results.json');
}
