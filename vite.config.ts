/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import pkg from './package.json' with { type: 'json' };

const root = fileURLToPath(new URL('.', import.meta.url));

// Everything the package depends on stays external: the host's bundler resolves it once,
// so two copies of React, the SDK or zod never end up on one page.
const externals = [...Object.keys(pkg.peerDependencies ?? {}), ...Object.keys(pkg.dependencies ?? {})];
const isExternal = (id: string) => externals.some((name) => id === name || id.startsWith(`${name}/`)) || id.startsWith('node:');

// React 18.3 for the dom-react18 project: a nested install (test/react18, set up by
// scripts/ensure-react18.mjs) so its react-dom and @testing-library/react resolve its own react
// through Node's lookup. Source files and the inlined ESM dependencies below see it via aliases.
const react18 = `${root}test/react18/node_modules/`;
// Every subpath (react/jsx-dev-runtime, react-dom/client, react-dom/server...), so none can fall
// back to the root's React 19.
const react18Aliases = [
  { find: /^(react|react-dom)(\/[\w.-]+)?$/, replacement: `${react18}$1$2` },
  { find: /^@testing-library\/react$/, replacement: `${react18}@testing-library/react` },
];

/**
 * The workers (highlighting, and the socket worker), left for the HOST's bundler: each
 * `new Worker(new URL('./….js', import.meta.url), { type: 'module' })` must reach the built module
 * that starts it as written, the form Vite, webpack 5 and Next recognise in an installed package,
 * so that the host bundles the worker (an entry below, one file per module like the rest; the
 * highlighter's with the host's own shiki) and emits it. Vite would otherwise bundle each worker
 * into dist/assets/ and point at it by an absolute path ("/assets/worker-….js") no host serves.
 * The expression is swapped for an identifier of the same length before Vite's worker plugin sees
 * it and restored in the output, so the source maps' columns hold.
 */
const WORKERS = [
  { starter: '/src/highlight/worker-client.ts', url: "new URL('./worker.js', import.meta.url)", placeholder: '__acp_highlight_worker_url__' },
  { starter: '/src/core/client/worker-socket.ts', url: "new URL('./socket-worker.js', import.meta.url)", placeholder: '__acp_socket_worker_url__' },
].map((w) => ({ ...w, placeholder: w.placeholder.padEnd(w.url.length, '_') }));
function keepWorkerUrls(): Plugin {
  return {
    name: 'acp:keep-worker-urls',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const worker = WORKERS.find((w) => id.endsWith(w.starter));
      if (!worker) return null;
      if (!code.includes(worker.url)) throw new Error(`${id} no longer creates its worker with ${worker.url}`);
      return { code: code.replace(worker.url, worker.placeholder), map: null };
    },
    renderChunk(code) {
      let out = code;
      for (const w of WORKERS) out = out.replace(w.placeholder, w.url.replace(/'/g, '"'));
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), keepWorkerUrls()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    minify: false,
    lib: {
      entry: {
        index: `${root}src/index.ts`,
        core: `${root}src/core/index.ts`,
        devtools: `${root}src/core/devtools/index.ts`,
        changes: `${root}src/core/changes/index.ts`,
        element: `${root}src/element/index.ts`,
        'element-define': `${root}src/element/define-element.ts`,
        // Not public entries: the modules the workers start from (see keepWorkerUrls).
        'highlight/worker': `${root}src/highlight/worker.ts`,
        'core/client/socket-worker': `${root}src/core/client/socket-worker.ts`,
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: isExternal,
      output: {
        // The React entry is client-only (hooks, effects); frameworks with server components need the marker.
        banner: (chunk) => (chunk.name === 'index' || chunk.name === 'element' ? '"use client";' : ''),
        chunkFileNames: 'chunks/[name]-[hash].js',
        // One file per source module: a host's bundler sees our modules, not chunks we made, so
        // it tree-shakes each one and puts it where the page uses it. Bundled chunks mixed what
        // the first page needs with what only the on-demand parts need (both are reachable from
        // the public re-exports), and a host cannot split a file: all of it went to its entry.
        preserveModules: true,
        preserveModulesRoot: 'src',
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // Limits for hangs, not speed: property tests and on-demand chunks take several times
          // longer on a loaded 2-core machine than on a quiet one.
          environment: 'node',
          include: [
            'test/core/**/*.test.ts',
            'test/highlight/**/*.test.ts',
            'test/scripts/**/*.test.ts',
            'test/integration/**/*.test.ts',
            'test/bridge/**/*.test.ts',
            'test/demo-agent/**/*.test.ts',
            'test/playground/**/*.test.ts',
            'test/ssr/**/*.test.tsx',
          ],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/react/**/*.test.{ts,tsx}', 'test/components/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-dom.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        resolve: { alias: react18Aliases },
        test: {
          name: 'dom-react18',
          environment: 'jsdom',
          globalSetup: ['scripts/ensure-react18.mjs'],
          // The component tests, and the server prerender (its file asks for the node environment).
          include: ['test/react/**/*.test.{ts,tsx}', 'test/components/**/*.test.{ts,tsx}', 'test/ssr/**/*.test.tsx'],
          // First, so its afterEach runs last (after RTL's cleanup, whose unmounts may warn too).
          setupFiles: ['test/setup-react18.ts', 'test/setup-dom.ts'],
          testTimeout: 60_000,
          // Node would load these ESM packages itself and find the root's React 19; inlined, Vite
          // resolves their `react` imports through the aliases above.
          server: { deps: { inline: [/@tanstack\/react-(query|virtual)/, 'react-markdown'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // The host matrix (test/hosts/harness.ts), on copies `node scripts/host-matrix.mjs prepare`
          // installed and built. One file per host, run side by side: most of the time goes to
          // waiting on dev servers and the demo agent.
          name: 'hosts',
          environment: 'node',
          include: ['test/hosts/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          maxWorkers: 3,
        },
      },
    ],
  },
});
