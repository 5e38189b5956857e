#!/usr/bin/env node
/**
 * `npm test`: the whole suite, in the order a failure is cheapest to find.
 *  1. Chromium present (installed with apt-get when missing and running as root).
 *  2. Type check: the TypeScript program, then the layers held to `noUncheckedIndexedAccess`
 *     (tsconfig.strict.json), then the Node .mjs files (bridge, bin, demo-agent, scripts) checked
 *     from their JSDoc types; then import cycles across src/ (type-only imports included, which
 *     ESLint's import-x/no-cycle skips).
 *  3. Lint (ESLint: typescript-eslint, React hook rules, import cycles), then formatting (Prettier).
 *  4. Unit, integration and component tests (Node and jsdom); the component tests twice, on
 *     React 19 and on React 18.3 (test/react18), where any React warning fails the test.
 *  5. Library build, the packed tarball (publint, are-the-types-wrong, no tests, fixtures or
 *     absolute paths in it), the public API report
 *     (api/, scripts/api-report.mjs: the built declarations against the committed report), bundle-size budgets.
 *  6. The API reference (TypeDoc, no warnings), the Storybook build (its docs pages included),
 *     the playground build.
 *  7. Browser tests in headless Chromium: every story (console errors, axe), the playground end
 *     to end, hostile content, strict CSP.
 *  8. The host matrix (hosts/README.md): the tarball installed from the npm registry into a Vite +
 *     React 19, a Vite + React 18.3 and a Next.js app, each built for production, then the README's
 *     quick start driven in Chromium on each one's dev and production server.
 * Each step's time, and the total, are printed at the end.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** @param {string} name */
const bin = (name) => join(root, 'node_modules', '.bin', name);
const suiteStarted = Date.now();
/** @type {{ title: string, seconds: number, ok: boolean }[]} */
const times = [];
/**
 * One step: its command, or several run in order (the step fails at the first that fails).
 * @type {(title: string, cmd: string | Array<[string, string[]]>, args?: string[], env?: Record<string, string>) => void}
 */
const step = (title, cmd, args = [], env = {}) => {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  /** @param {boolean} ok */
  const record = (ok) => times.push({ title, seconds: Math.round((Date.now() - started) / 1000), ok });
  try {
    /** @type {Array<[string, string[]]>} */
    const commands = typeof cmd === 'string' ? [[cmd, args]] : cmd;
    for (const [command, commandArgs] of commands) {
      execFileSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    }
  } catch (error) {
    record(false);
    throw error;
  }
  record(true);
  console.log(`✓ ${title} (${times.at(-1)?.seconds} s)`);
};
const printTimes = () => {
  console.log('\nStep times:');
  for (const { title, seconds, ok } of times) console.log(`  ${ok ? '✓' : '✗'} ${String(seconds).padStart(4)} s  ${title}`);
  console.log(`    ${String(Math.round((Date.now() - suiteStarted) / 1000)).padStart(4)} s  total`);
};

try {
  ensureChromium();
  step('Type check (then noUncheckedIndexedAccess where it holds: tsconfig.strict.json)', [
    [bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
    [bin('tsc'), ['-p', 'tsconfig.strict.json', '--noEmit']],
  ]);
  step('Type check (Node .mjs files, JSDoc)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']);
  step('Import cycles', process.execPath, ['scripts/check-cycles.mjs']);
  step('Lint', bin('eslint'), ['.', '--cache', '--cache-location', 'node_modules/.cache/eslint/']);
  step('Formatting (Prettier)', bin('prettier'), ['--check', '--log-level', 'warn', '**/*.{ts,tsx,js,mjs,cjs,css}']);
  step('Unit, integration and component tests', bin('vitest'), ['run', '--project', 'node', '--project', 'dom', '--project', 'dom-react18']);
  step('Library build', process.execPath, ['scripts/build.mjs']);
  step('Package checks (publint, are-the-types-wrong, no tests or absolute paths in the tarball)', process.execPath, ['scripts/check-package.mjs']);
  step('Public API report (api/ matches the built declarations)', process.execPath, ['scripts/api-report.mjs']);
  step('Bundle-size budgets', process.execPath, ['scripts/check-size.mjs']);
  step('API reference (TypeDoc, no warnings)', process.execPath, ['scripts/build-docs.mjs']);
  step('Storybook build', bin('storybook'), ['build', '-o', 'storybook-static', '--quiet'], { STORYBOOK_DISABLE_TELEMETRY: '1' });
  step('Playground build', bin('vite'), ['build', '--config', 'playground/vite.config.ts', '--logLevel', 'warn']);
  step('Browser tests (headless Chromium)', bin('vitest'), ['run', '--project', 'browser']);
  step('Host matrix: pack, install from the registry, production builds', process.execPath, ['scripts/host-matrix.mjs', 'prepare']);
  step('Host matrix: the quick start in Chromium (dev and production servers)', bin('vitest'), ['run', '--project', 'hosts']);
  printTimes();
  console.log('\nAll tests passed.');
} catch (error) {
  printTimes();
  console.error(`\nnpm test failed${error && typeof error === 'object' && 'status' in error ? ` (exit ${error.status})` : ''}.`);
  process.exit(1);
}
