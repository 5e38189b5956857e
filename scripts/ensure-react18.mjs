#!/usr/bin/env node
/**
 * Installs React 18.3 for the dom-react18 test project into test/react18/node_modules, from that
 * folder's lockfile (`npm ci`, through the ordinary npm cache). A nested install, not npm aliases in
 * the root package.json: react-dom 18 and @testing-library/react must find React 18 as `react`
 * through Node's own lookup, and a root install cannot hold two `react`s where both resolve.
 *
 * Skips the install when the folder was already installed from the same lockfile. Runs from
 * `npm test` and as the project's globalSetup, so `vitest --project dom-react18` works alone.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../test/react18/', import.meta.url));
const stamp = `${dir}node_modules/.installed-from-lock`;

export function ensureReact18() {
  const lockHash = createHash('sha256')
    .update(readFileSync(`${dir}package-lock.json`))
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lockHash) return;
  console.log('Installing React 18.3 for the dom-react18 tests (test/react18)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  writeFileSync(stamp, lockHash);
}

/** Vitest globalSetup hook. */
export default function setup() {
  ensureReact18();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureReact18();
