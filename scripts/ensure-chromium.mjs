/**
 * The browser tests need Debian's Chromium at /usr/bin/chromium. No test tool downloads its own
 * browser: when it is missing, install it with apt-get (as root), or stop and say how.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `\nThe browser tests need Chromium at ${CHROMIUM}, and it is not installed.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(or point CHROMIUM_PATH at a Chromium binary), then run npm test again.\n',
    );
    process.exit(1);
  }
  console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} still does not exist.`);
    process.exit(1);
  }
  return CHROMIUM;
}
