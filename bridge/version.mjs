// @ts-check
import { readFileSync } from 'node:fs';

/** The package's version (for `--version` and the handshake). */
export function packageVersion() {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}
