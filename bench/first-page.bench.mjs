#!/usr/bin/env node
/**
 * Benchmark: what the README quick start costs a host's first page.
 *
 * The package is packed (`npm pack`) and installed from the tarball into a minimal Vite + React 19
 * app under bench/.tmp/first-page/ (peers at the versions this repository tests with), which is
 * built for production with Vite's defaults. Two pages, each its own build:
 *
 *  - `react-only`: a React root rendering a heading (the host before it adds anything);
 *  - `quick-start`: the same page plus the README quick start (`<AcpProvider options={{ url,
 *    clientInfo }}><AgentPanel cwd=… /></AcpProvider>` and `acp-react/styles.css`).
 *
 * The same is done for the package at a baseline commit (`--baseline=<ref>`, default the commit
 * this work started from), so "before" and "after" come from one run on one machine.
 *
 * In Chromium (playwright-core), against the demo agent served by this process, per run and page:
 *  1. load the page; wait until the panel is ready for input (the prompt box is enabled) and the
 *     network has been quiet for a while: every JS file fetched so far is "before the first
 *     prompt" (gzip of the built files; what the page fetched after connecting counts too);
 *  2. type a prompt and press Enter; the first agent message text in the thread is "the first
 *     streamed text" (its time taken in the page by a MutationObserver); count the JS requests
 *     (`page.on('request')`, resource type `script`) that started between navigation and then.
 *
 * Also reported: the host's chunks for the quick start (what loads when), and where the bytes of
 * the JS before the first prompt come from (package, and for acp-react its source folders), read
 * from the build's source maps.
 *
 * Usage: node bench/first-page.bench.mjs [--runs=N] [--baseline=<git ref>] [--no-baseline] [--no-write]
 * Figures go to bench/RESULTS.md, section `first-page`.
 */
import { join } from 'node:path';
import { fmt, machineLine, median, repoRoot, table, writeSections } from './lib/results.mjs';
import { attribute, buildHostPage, installHost, installedVersion, packCommit, packWorkingTree } from './lib/host-app.mjs';
import { launchChromium, serve, verdict } from './pages/harness.mjs';
import { startDemoAgentServer } from '../demo-agent/server.mjs';
import { benchArgs } from './lib/args.mjs';

const { args, flag, write } = benchArgs();
const runs = Number(flag('runs') ?? 3);
/** The commit on main this work started from (before the first-page changes). */
const BASELINE = flag('baseline') ?? '0e8a319';
const withBaseline = !args.includes('--no-baseline');
const log = (...a) => console.error('[first-page]', ...a);

const TARGET = { addedGzip: 80 * 1024, requests: 4 };
const PROMPT = 'Add a punctuation option to greet()';
const tmp = join(repoRoot, 'bench', '.tmp', 'first-page');

// --- the host app ----------------------------------------------------------------------------------

const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>host</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="./main.tsx"></script>
  </body>
</html>
`;
const main = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`;
const reactOnly = `export default function App() {
  return (
    <main>
      <h1>My app</h1>
    </main>
  );
}
`;
// The README quick start; the agent's URL comes from the query so the page is built once.
const quickStart = `import { AcpProvider, AgentPanel } from 'acp-react';
import 'acp-react/styles.css';

const url = new URLSearchParams(location.search).get('agent') ?? 'ws://127.0.0.1:3030';

export default function App() {
  return (
    <main>
      <h1>My app</h1>
      <div style={{ height: 640 }}>
        <AcpProvider options={{ url, clientInfo: { name: 'my-ide', version: '1.0.0' } }}>
          <AgentPanel cwd="/home/me/project" />
        </AcpProvider>
      </div>
    </main>
  );
}
`;
const PAGES = {
  'react-only': { 'index.html': html, 'main.tsx': main, 'App.tsx': reactOnly },
  'quick-start': { 'index.html': html, 'main.tsx': main, 'App.tsx': quickStart },
};

async function prepareHost(name, tarball) {
  log(`installing ${name} into bench/.tmp/first-page/host-${name}…`);
  const dir = join(tmp, `host-${name}`);
  installHost(dir, tarball, PAGES);
  const builds = {};
  for (const page of Object.keys(PAGES)) builds[page] = await buildHostPage(dir, page);
  return { name, dir, builds };
}

log('building and packing the working tree…');
const afterTarball = packWorkingTree(join(tmp, 'packs', 'after'));
const hosts = [await prepareHost('after', afterTarball)];
let baselineCommit = null;
if (withBaseline) {
  log(`building and packing ${BASELINE}…`);
  const before = packCommit(BASELINE, join(tmp, 'packs'));
  baselineCommit = before.commit;
  hosts.unshift(await prepareHost('before', before.tarball));
}

// --- the browser -------------------------------------------------------------------------------------

const agent = await startDemoAgentServer({ delayMs: 30 });
const browser = await launchChromium();
const chromiumVersion = browser.version();

/** Resolves once no script request has started for `ms` (at most `max`). */
async function quiet(state, ms, max = 20_000) {
  const start = Date.now();
  while (Date.now() - start < max) {
    if (Date.now() - state.lastRequest >= ms && state.pending === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function measure(build, page, { prompt }) {
  const server = await serve(build.outDir);
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const tab = await context.newPage();
  const state = { requests: [], lastRequest: Date.now(), pending: 0, errors: [] };
  tab.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    state.requests.push(request);
    state.lastRequest = Date.now();
    state.pending++;
  });
  const settle = () => state.pending--;
  tab.on('requestfinished', (r) => r.resourceType() === 'script' && settle());
  tab.on('requestfailed', (r) => r.resourceType() === 'script' && settle());
  tab.on('pageerror', (error) => state.errors.push(error.message));
  tab.on('response', (response) => {
    // Chromium asks for /favicon.ico, which these pages do not have.
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) state.errors.push(`${response.status()} ${response.url()}`);
  });
  tab.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) state.errors.push(message.text());
  });
  await tab.addInitScript(() => {
    // The first agent message text in the DOM, as an epoch time comparable with request timings.
    const check = () => {
      if (window.__firstText) return;
      const text = document.querySelector('[data-slot="message"][data-role="agent"]')?.textContent?.trim();
      if (text) window.__firstText = performance.timeOrigin + performance.now();
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  });
  try {
    await tab.goto(`${server.url}/index.html?agent=${encodeURIComponent(agent.url)}`);
    let readyMs = null;
    if (prompt) {
      await tab.waitForFunction(
        () => {
          const t = document.querySelector('[data-slot="agent-panel"] textarea');
          return t instanceof HTMLTextAreaElement && !t.disabled;
        },
        null,
        { timeout: 30_000 },
      );
      readyMs = await tab.evaluate(() => performance.now());
    }
    await quiet(state, 1500);
    const beforePrompt = [...state.requests];
    if (prompt) {
      const box = tab.locator('[data-slot="agent-panel"] textarea');
      await box.fill(PROMPT);
      await box.press('Enter');
      await tab.waitForFunction(() => Boolean(window.__firstText), null, { timeout: 30_000 });
      await quiet(state, 1000);
    }
    const firstText = prompt ? await tab.evaluate(() => window.__firstText) : null;
    const timeOrigin = await tab.evaluate(() => performance.timeOrigin);
    const file = (request) => new URL(request.url()).pathname.replace(/^\//, '');
    const startOf = (request) => request.timing().startTime;
    const gzipOf = (requests) => [...new Set(requests.map(file))].reduce((sum, f) => sum + (build.files.get(f)?.gzip ?? 0), 0);
    const toFirstText = prompt ? state.requests.filter((r) => startOf(r) <= firstText) : [];
    const fetched = state.requests.map((r) => ({
      file: file(r),
      at: Math.round(startOf(r) - timeOrigin),
      phase: !beforePrompt.includes(r)
        ? prompt && startOf(r) <= firstText
          ? 'after the prompt, before the first text'
          : 'after the first text'
        : build.initial.has(file(r))
          ? 'initial (HTML)'
          : 'before the first prompt',
    }));
    return {
      page,
      beforePromptGzip: gzipOf(beforePrompt),
      beforePromptRequests: beforePrompt.length,
      requestsToFirstText: toFirstText.length,
      readyMs,
      firstTextMs: firstText ? firstText - timeOrigin : null,
      fetched,
      beforePromptFiles: [...new Set(beforePrompt.map(file))],
      errors: state.errors,
    };
  } finally {
    await context.close();
    await server.close();
  }
}

const results = {};
for (const host of hosts) {
  for (const page of Object.keys(PAGES)) {
    const key = `${host.name}/${page}`;
    results[key] = [];
    for (let i = 0; i < runs; i++) {
      const r = await measure(host.builds[page], page, { prompt: page === 'quick-start' });
      results[key].push(r);
      log(
        `${key} run ${i + 1}: ${fmt.kb(r.beforePromptGzip)} kB gzip in ${r.beforePromptRequests} JS requests before the prompt` +
          (r.firstTextMs ? `; ${r.requestsToFirstText} JS requests to the first text at ${fmt.ms(r.firstTextMs)} ms` : '') +
          (r.errors.length ? `; page errors: ${r.errors.join(' | ')}` : ''),
      );
    }
  }
}
await browser.close();
await agent.close();

// --- report ------------------------------------------------------------------------------------------

const med = (list, pick) => median(list.map(pick));
const range = (list, pick) => {
  const values = list.map(pick);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? '' : ` (${lo}–${hi})`;
};

function summary(host) {
  const base = results[`${host}/react-only`];
  const qs = results[`${host}/quick-start`];
  const baseGzip = med(base, (r) => r.beforePromptGzip);
  const gzip = med(qs, (r) => r.beforePromptGzip);
  return {
    baseGzip,
    gzip,
    added: gzip - baseGzip,
    baseRequests: med(base, (r) => r.beforePromptRequests),
    beforePromptRequests: med(qs, (r) => r.beforePromptRequests),
    beforePromptRange: range(qs, (r) => r.beforePromptRequests),
    requests: med(qs, (r) => r.requestsToFirstText),
    requestsRange: range(qs, (r) => r.requestsToFirstText),
    readyMs: med(qs, (r) => r.readyMs),
    firstTextMs: med(qs, (r) => r.firstTextMs),
  };
}

/** The JS fetched before the first prompt, by origin (minified bytes, share of its gzip). */
function composition(host) {
  const build = hosts.find((h) => h.name === host).builds['quick-start'];
  const files = results[`${host}/quick-start`][0].beforePromptFiles;
  const totals = new Map();
  let gzip = 0;
  for (const f of files) {
    const info = build.files.get(f);
    if (!info) continue;
    gzip += info.gzip;
    for (const [key, n] of attribute(join(build.outDir, f))) {
      // acp-react by source folder (src/components/Thread), others by package.
      const group = key.startsWith('acp-react:')
        ? `acp-react ${key
            .slice(10)
            .split('/')
            .slice(0, 3)
            .join('/')
            .replace(/\.[jt]sx?$/, '')}`
        : key;
      totals.set(group, (totals.get(group) ?? 0) + n);
    }
  }
  const min = [...totals.values()].reduce((a, b) => a + b, 0);
  return { gzip, min, rows: [...totals].sort((a, b) => b[1] - a[1]) };
}

function compositionTable(host, { top = 14 } = {}) {
  const c = composition(host);
  const byPackage = new Map();
  for (const [group, n] of c.rows) {
    const pkg = group.startsWith('acp-react ') ? 'acp-react' : group;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n);
  }
  const est = (n) => `≈ ${fmt.kb((n / c.min) * c.gzip)} kB`;
  const packages = [...byPackage].sort((a, b) => b[1] - a[1]).map(([name, n]) => [name, fmt.int(n), est(n)]);
  const own = c.rows
    .filter(([g]) => g.startsWith('acp-react '))
    .slice(0, top)
    .map(([g, n]) => [`\`${g.slice(10)}\``, fmt.int(n), est(n)]);
  return { c, packages, own };
}

function chunkTable(host) {
  const build = hosts.find((h) => h.name === host).builds['quick-start'];
  const first = results[`${host}/quick-start`][0];
  const seen = new Map();
  for (const f of first.fetched) if (!seen.has(f.file)) seen.set(f.file, f);
  return [...seen.values()].map((f) => {
    const info = build.files.get(f.file);
    return [`\`${f.file.replace(/^assets\//, '')}\``, info ? fmt.kb(info.gzip) : '?', f.phase, fmt.int(f.at)];
  });
}

const after = summary('after');
const before = withBaseline ? summary('before') : null;
const lines = ['## First page: the quick start in a Vite host', '', `${machineLine()} · Chromium ${chromiumVersion}`, ''];
lines.push(
  `The package packed with \`npm pack\` and installed from the tarball into a minimal Vite ${installedVersion('vite')} + React ${installedVersion('react')} app ` +
    `(\`@agentclientprotocol/sdk\` ${installedVersion('@agentclientprotocol/sdk')}, \`@tanstack/react-query\` ${installedVersion('@tanstack/react-query')}, ` +
    `zod ${installedVersion('zod')}), production build with Vite's defaults, one build per page, served from loopback. ` +
    'A React-only page (a root rendering a heading) against the same page plus the README quick start with `acp-react/styles.css`, ' +
    'against the demo agent (30 ms between streamed chunks). "Before the first prompt": every JS file fetched from navigation until ' +
    'the prompt box is enabled and no script request has started for 1.5 s (what the page fetches right after connecting counts). ' +
    `"To the first streamed text": script requests started between navigation and the first agent message text in the thread, after typing "${PROMPT}" ` +
    '(the demo agent first streams a thought and a plan). gzip of the built files (zlib default level); CSS not counted. ' +
    `Medians of ${runs} runs, range in brackets when runs differ.`,
  '',
);
const row = (label, s) => [
  label,
  `${fmt.kb(s.gzip)} kB`,
  `**${fmt.kb(s.added)} kB**`,
  `${s.beforePromptRequests}${s.beforePromptRange}`,
  `**${s.requests}**${s.requestsRange}`,
  `${fmt.ms(s.readyMs)} ms`,
  `${fmt.ms(s.firstTextMs)} ms`,
];
const reactRow = ['React-only page', `${fmt.kb(after.baseGzip)} kB`, '—', `${after.baseRequests}`, '—', '—', '—'];
lines.push(
  table(
    [
      'page',
      'JS before the first prompt (gzip)',
      'added by the quick start',
      'JS requests before the first prompt',
      'JS requests to the first streamed text',
      'panel ready',
      'first streamed text',
    ],
    [reactRow, ...(before ? [row(`quick start, before (\`${baselineCommit.slice(0, 7)}\`)`, before)] : []), row('quick start, after (this tree)', after)],
  ),
  '',
);
lines.push(
  `**Targets**: at most 80 kB gzip added before the first prompt — ${verdict(after.added, TARGET.addedGzip)} (${fmt.kb(after.added)} kB` +
    (before ? `, was ${fmt.kb(before.added)} kB` : '') +
    `); at most ${TARGET.requests} JS requests from page load to the first streamed text — ${verdict(after.requests, TARGET.requests)} (${after.requests}` +
    (before ? `, was ${before.requests}` : '') +
    '). Times are wall-clock on a shared machine, from navigation, for orientation only.',
  '',
);

for (const host of before ? ['before', 'after'] : ['after']) {
  const label = host === 'before' ? `before (\`${baselineCommit.slice(0, 7)}\`)` : 'after';
  lines.push(`### The quick start's JS files, ${label}`, '');
  lines.push(table(['file', 'gzip kB', 'fetched', 'started at ms'], chunkTable(host)), '');
  const { c, packages, own } = compositionTable(host);
  lines.push(
    `What the ${fmt.kb(c.gzip)} kB gzip before the first prompt are made of (minified bytes from the build's source maps; gzip estimated by share):`,
    '',
  );
  lines.push(table(['package', 'minified bytes', 'gzip'], packages), '');
  lines.push(`acp-react's part by source folder (largest ${own.length}):`, '', table(['source', 'minified bytes', 'gzip'], own), '');
}

/** A package's estimated gzip share of the JS before the first prompt (0 when absent). */
function packageGzip(host, name) {
  const c = composition(host);
  const min = c.rows.filter(([group]) => group === name).reduce((sum, [, n]) => sum + n, 0);
  return (min / c.min) * c.gzip;
}
const protocol = packageGzip('after', '@agentclientprotocol/sdk') + packageGzip('after', 'zod');
lines.push(
  '### Where the weight is',
  '',
  `- **The ACP SDK and zod: ${fmt.kb(protocol)} kB** of the ${fmt.kb(after.added)} kB the quick start adds ` +
    `(SDK ${fmt.kb(packageGzip('after', '@agentclientprotocol/sdk'))} kB, zod ${fmt.kb(packageGzip('after', 'zod'))} kB). ` +
    "The SDK's main entry imports its generated zod schemas (`dist/v1/schema/zod.gen.js`, every request, response and " +
    'notification) and `zod/v4` at module level, and its method tables reference them, so a bundler keeps all of them and ' +
    "zod's classic API with them (zod 4's classic schemas carry their JSON-schema conversion, so little of zod tree-shakes). " +
    'The only zod-free entry is the WebSocket transport (`experimental/ws-client`, which the core already uses); the ' +
    'client connection (`client()`, `ClientApp`) exists only in entries that import the schemas. The SDK validates what ' +
    'the agent asks of the client (permission, file, terminal, elicitation requests) with them, so as long as the client ' +
    'runs on the SDK they are needed from the first frame the connection reads: a fixed cost, not deferred here.',
  `- **react-query** (${before ? `${fmt.kb(packageGzip('before', '@tanstack/query-core') + packageGzip('before', '@tanstack/react-query'))} kB before` : 'before'}) ` +
    'is needed only by the session list: it now loads with the session history, when the user first opens it ' +
    `(${fmt.kb(packageGzip('after', '@tanstack/query-core') + packageGzip('after', '@tanstack/react-query'))} kB before the first prompt now).`,
  "- **The library's own code**: before, its entry held everything `AgentPanel` can render (thread items, tool calls, markdown, " +
    'the fallbacks of every on-demand part) and the page fetched six panels right after connecting; now the first page holds ' +
    "the client, the provider, the panel's header and prompt input, and the fallbacks; the conversation (thread, markdown renderer, " +
    'permission prompts) is one chunk fetched when the user focuses the panel, the session controls one chunk when a session ' +
    "reports settings or usage. The package's `dist/` keeps one file per module, so the host's bundler places each module " +
    'where it is used (with bundled chunks in `dist/`, a file mixing first-page and conversation code went whole into the entry).',
  '',
);

const text = lines.join('\n');
if (write) {
  writeSections([{ name: 'first-page', markdown: text }]);
  log('wrote the first-page section of bench/RESULTS.md');
} else {
  console.log(text);
}
