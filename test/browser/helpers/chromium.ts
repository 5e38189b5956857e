/**
 * Debian's Chromium driven by playwright-core: no test tool downloads a browser. The flags keep
 * Chromium off the network (this machine's network is closed) and working as root.
 */
import { chromium, type Browser } from 'playwright-core';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: more Chromium switches, e.g. a proxy (test/hosts routes the quick start's agent URL through one). */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}. Run \`npm test\` (it installs it as root) or: sudo apt-get install -y chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}
