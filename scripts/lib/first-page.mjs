/**
 * What the README quick start costs the first page of a stock Vite app, measured where a host's
 * user pays it: the host matrix's vite-react19 copy (create-vite react-ts with the quick start as
 * its App, the packed tarball installed from the registry), built as that template builds, one
 * page, with its own Vite. Beside it the same app with a plain React App instead of the quick
 * start, so "added by the quick start" is the difference. `host-matrix.mjs prepare` makes both
 * builds; `test/hosts/first-page.test.ts` loads them in Chromium and holds them to the limits.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

/**
 * The first page's limits, in one place: JS (gzip) the quick start adds before the first prompt,
 * and JS requests from navigation to the first streamed text.
 */
// 81 kB with issue 27 (81,716 -> 82,608): the client's flood work (text chunks joined until the
// state is read, the paced frame flush: +~500, see check-size.mjs's core budget) and the slice
// mounting and focus hand-over of permission prompts and tool cards that the panel's frame
// reaches; 80 kB until then (issue 26).
// 85 kB with issue 28 (82,608 -> 86,676): sub-agents are on by default, so their router (2.8 kB
// gzip, the subagents chunk) is fetched on every connect; the client's own initialize and v1's plan
// operations in the core (+1.2 kB); every plan kind and the tool name in the components. Fetching
// the router only when an agent first announces a child is the way back under 83 kB.
// 88.5 kB with ACP v2 spoken (86,676 -> 90,423): the core's v2 reading, turn state, agent terminals
// and the negotiation offering 2 (+3.4 kB, see check-size.mjs's core budget); the v2 client (the
// SDK's v2 app, ~18 kB) is fetched only when an agent answers 2, never on this page.
// 90.5 kB with the socket worker (issue 27, 90,423 -> ~92,470): the page's side of it (+~1 kB in
// the core) and the worker's own file (a request of its own, before the socket opens). The
// sub-agent router moved into the core entry (every default client fetched it on connect), which
// keeps the requests to the first text at 4 with the same bytes.
// 91 kB with shared sessions (issue 30, -> 92,914): the client's `attach` option and the panel's
// attached session and read-only observer prompt (the attach code itself is a chunk fetched only
// on a shared bridge).
export const FIRST_PAGE_LIMITS = { addedGzipBytes: 91 * 1024, requestsToFirstText: 4 };

/** The host whose copy is measured, and where in the copy the builds go. */
export const FIRST_PAGE_HOST = 'vite-react19';
export const FIRST_PAGE_DIST = 'dist-first-page';
/** @typedef {'quick-start' | 'react-only'} FirstPageBuild */
/** @type {FirstPageBuild[]} */
export const FIRST_PAGE_BUILDS = ['quick-start', 'react-only'];

const CONFIG = 'vite.first-page.config.mjs';

// The template's own page, one HTML entry (the copy's vite.config.ts also builds the element page,
// which would share chunks with it): `quick-start` is the copy as scaffolded, `react-only` the
// same with an App that renders a heading.
const config = `// Written by acp-react's scripts/lib/first-page.mjs: one page of this app, as create-vite builds it.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const page = process.env.ACP_REACT_FIRST_PAGE;
export default defineConfig({
  plugins: [react()],
  root: page === 'react-only' ? 'first-page/react-only' : '.',
  build: { outDir: new URL('./${FIRST_PAGE_DIST}/' + page, import.meta.url).pathname, emptyOutDir: true },
});
`;
const reactOnlyHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>react only</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="./main.tsx"></script>
  </body>
</html>
`;
const reactOnlyMain = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>My app</h1>
  </StrictMode>,
);
`;

/**
 * Builds both pages in the installed copy with its own Vite.
 * @param {string} copy
 * @param {Record<string, string>} env
 */
export async function buildFirstPages(copy, env) {
  writeFileSync(join(copy, CONFIG), config);
  mkdirSync(join(copy, 'first-page', 'react-only'), { recursive: true });
  writeFileSync(join(copy, 'first-page', 'react-only', 'index.html'), reactOnlyHtml);
  writeFileSync(join(copy, 'first-page', 'react-only', 'main.tsx'), reactOnlyMain);
  for (const page of FIRST_PAGE_BUILDS) {
    await promisify(execFile)(join(copy, 'node_modules', '.bin', 'vite'), ['build', '--config', CONFIG, '--logLevel', 'error'], {
      cwd: copy,
      env: { ...process.env, ...env, ACP_REACT_FIRST_PAGE: page },
      maxBuffer: 64 * 1024 * 1024,
    });
  }
}

/**
 * A build's JS files: path as requested (`/assets/…`) → gzip bytes (zlib's default level).
 * @param {string} dir
 * @returns {Map<string, number>}
 */
export function gzipSizes(dir) {
  const sizes = new Map();
  for (const file of readdirSync(join(dir, 'assets'))) {
    if (file.endsWith('.js')) sizes.set(`/assets/${file}`, gzipSync(readFileSync(join(dir, 'assets', file))).length);
  }
  return sizes;
}
