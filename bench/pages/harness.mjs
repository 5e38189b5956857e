/**
 * Node-side harness shared by the browser benchmarks (`browser-streaming`, `long-thread`):
 * builds pages of this folder with Vite's JS API into `bench/.tmp/<name>/` (git-ignored), serves
 * them on loopback, and launches Debian's Chromium through playwright-core with the flags of
 * `test/browser/helpers/chromium.ts` (no browser download, no network, works as root).
 *
 * Pages are production React with the profiling build of react-dom, so `<Profiler onRender>`
 * still reports (the same set-up as `markdown-stream.bench.mjs`).
 */
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { longTasks, recordTrace } from '../lib/trace.mjs';

export const pagesDir = fileURLToPath(new URL('.', import.meta.url));
export const tmpDir = fileURLToPath(new URL('../.tmp/', import.meta.url));
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Builds `pages` (HTML file names in bench/pages/) into bench/.tmp/<name>/; returns the folder.
 *
 * `patches` (`[{ file, find, replace }]`, `file` relative to the repository, e.g.
 * `src/components/Thread/Thread.css`) builds a what-if variant with source edits applied at build
 * time, to measure a proposed change in a file the benchmark does not own without touching it.
 * A patch whose `find` is not in the file throws (the source moved on; update the patch).
 * `profiling` builds with React's profiling build, which a page needs for `<Profiler onRender>`
 * to report commits; every other page runs the production React a host ships.
 */
export async function buildPages(name, pages, { patches = [], profiling = false } = {}) {
  const outDir = join(tmpDir, name);
  const applied = new Set();
  await build({
    configFile: false,
    root: pagesDir,
    logLevel: 'warn',
    mode: 'production',
    plugins: [patchPlugin(patches, applied), react()],
    // React's profiling build only for pages that count commits with `<Profiler onRender>`: it
    // times and logs every component's render, costs a host's production React does not pay.
    resolve: { alias: profiling ? [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] : [] },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // BENCH_MINIFY=0 keeps function names for a CPU profile (DevTools, or CDP Profiler).
      minify: process.env.BENCH_MINIFY !== '0',
      chunkSizeWarningLimit: 8192,
      rolldownOptions: { input: Object.fromEntries(pages.map((p) => [p.replace(/\.html$/, ''), join(pagesDir, p)])) },
    },
  });
  const missed = patches.filter((p) => !applied.has(p));
  if (missed.length) throw new Error(`Patches not applied: ${missed.map((p) => `${p.file}: ${p.find.slice(0, 60)}…`).join('; ')}`);
  return outDir;
}

function patchPlugin(patches, applied) {
  return {
    name: 'bench:patches',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0].replaceAll('\\', '/');
      let out = code;
      for (const p of patches) {
        if (!file.endsWith(`/${p.file}`)) continue;
        if (!out.includes(p.find)) continue;
        out = out.replace(p.find, p.replace);
        applied.add(p);
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/** A static server on 127.0.0.1 for a built folder. */
export async function serve(root) {
  const server = createServer(async (req, res) => {
    try {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = normalize(join(root, pathname));
      if (!file.startsWith(root)) return res.writeHead(403).end();
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return res.writeHead(404).end('not found');
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(await readFile(file));
    } catch {
      res.writeHead(500).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Debian's Chromium, headless, with the flags the browser tests use. */
export async function launchChromium() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH} (sudo apt-get install -y chromium).`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** CDP `Performance.getMetrics` as a `{ name: value }` object (durations in seconds). */
export async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Main-thread figures between two `metrics()` samples, in ms. */
export function metricDelta(before, after) {
  const d = (name) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  return {
    task: d('TaskDuration'),
    script: d('ScriptDuration'),
    layout: d('LayoutDuration'),
    style: d('RecalcStyleDuration'),
    thread: d('ThreadTime'),
  };
}

/**
 * Runs `run()` under a CDP trace (category `toplevel`) and returns its result with the page's
 * main-thread tasks over `minMs` of wall or CPU time (see `bench/lib/trace.mjs`).
 * @template T
 * @param {import('playwright-core').CDPSession} cdp
 * @param {() => Promise<T>} run
 * @param {number} [minMs]
 * @returns {Promise<{ result: T, tasks: { wallMs: number, cpuMs: number }[] }>}
 */
export async function traceTasks(cdp, run, minMs = 50) {
  // Only events long enough to matter are kept: a long flood's trace has millions of short ones.
  const { result, events } = await recordTrace(cdp, 'toplevel', run, (e) => e.ph === 'X' && e.dur >= minMs * 500);
  return { result, tasks: longTasks(events, minMs) };
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** "**pass**" / "**miss** (2.4x the target)" for a figure against an upper bound. */
export function verdict(value, limit, { strict = false } = {}) {
  const ok = strict ? value < limit : value <= limit;
  if (ok) return 'pass';
  if (limit === 0) return `**miss** (${value})`;
  const times = value / limit;
  return times < 2 ? `**miss** (${Math.max(1, Math.round((times - 1) * 100))}% over)` : `**miss** (${times.toFixed(1)}x the target)`;
}
