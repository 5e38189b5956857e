#!/usr/bin/env node
/**
 * `npm test`: the whole suite, in the order a failure is cheapest to find.
 *  1. Chromium present (installed with apt-get when missing and running as root).
 *  2. Type check, then import cycles across src/ (type-only imports included).
 *  3. Unit, integration and component tests (Node and jsdom).
 *  4. Library build and bundle-size budgets.
 *  5. Storybook and playground builds.
 *  6. Browser tests in headless Chromium: every story (console errors, axe), the playground end
 *     to end, hostile content, strict CSP.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const step = (title, cmd, args, env = {}) => {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`✓ ${title} (${Math.round((Date.now() - started) / 1000)} s)`);
};

try {
  ensureChromium();
  step('Type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  step('Import cycles', process.execPath, ['scripts/check-cycles.mjs']);
  step('Unit, integration and component tests', bin('vitest'), ['run', '--project', 'node', '--project', 'dom']);
  step('Library build', process.execPath, ['scripts/build.mjs']);
  step('Bundle-size budgets', process.execPath, ['scripts/check-size.mjs']);
  step('Storybook build', bin('storybook'), ['build', '-o', 'storybook-static', '--quiet'], { STORYBOOK_DISABLE_TELEMETRY: '1' });
  step('Playground build', bin('vite'), ['build', '--config', 'playground/vite.config.ts', '--logLevel', 'warn']);
  step('Browser tests (headless Chromium)', bin('vitest'), ['run', '--project', 'browser']);
  console.log('\nAll tests passed.');
} catch (error) {
  console.error(`\nnpm test failed${error && typeof error === 'object' && 'status' in error ? ` (exit ${error.status})` : ''}.`);
  process.exit(1);
}
