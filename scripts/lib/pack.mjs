/**
 * `npm pack` of this repository into a scratch folder: the tarball a user would install. The
 * library must be built first (`dist/`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * @param {string} [destination] folder for the tarball (default: a new temporary folder)
 * @param {string} [from] the package folder (default: this repository; tests pack others)
 * @returns {{ tarball: string, files: string[] }} its path and the paths it holds
 */
export function packTarball(destination = mkdtempSync(join(tmpdir(), 'acp-react-pack-')), from = ROOT) {
  if (from === ROOT && !existsSync(join(ROOT, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` before packing.');
  const output = execFileSync(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
    cwd: from,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [result] = JSON.parse(output);
  return { tarball: join(destination, result.filename), files: result.files.map((/** @type {{ path: string }} */ file) => file.path) };
}
