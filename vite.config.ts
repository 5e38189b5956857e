/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import pkg from './package.json' with { type: 'json' };

const root = fileURLToPath(new URL('.', import.meta.url));

// Everything the package depends on stays external: the host's bundler resolves it once,
// so two copies of React, the SDK or zod never end up on one page.
const externals = [
  ...Object.keys(pkg.peerDependencies ?? {}),
  ...Object.keys(pkg.dependencies ?? {}),
];
const isExternal = (id: string) =>
  externals.some((name) => id === name || id.startsWith(`${name}/`)) || id.startsWith('node:');

export default defineConfig({
  plugins: [react()],
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
        devtools: `${root}src/core/devtools.ts`,
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: isExternal,
      output: {
        // The React entry is client-only (hooks, effects); frameworks with server components need the marker.
        banner: (chunk) => (chunk.name === 'index' ? '"use client";' : ''),
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
          environment: 'node',
          include: ['test/core/**/*.test.ts', 'test/scripts/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/bridge/**/*.test.ts', 'test/demo-agent/**/*.test.ts', 'test/ssr/**/*.test.tsx'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/react/**/*.test.{ts,tsx}', 'test/components/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-dom.ts'],
          testTimeout: 20_000,
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
    ],
  },
});
