/**
 * The README's quick start, as a newcomer copies it: the first ```tsx block under "## Quick start".
 * The host apps in hosts/ hold it verbatim as their root component (see hosts/README.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** @param {string} root the repository root */
export function readQuickStart(root) {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## Quick start$/m)[1]?.split(/^## /m)[0];
  const code = section && /^```tsx\n([\s\S]*?)^```$/m.exec(section)?.[1];
  if (!code) throw new Error('README.md has no ```tsx block under "## Quick start"');
  return code;
}

/** Where each kind of host keeps its root component. */
export const ROOT_COMPONENT = { vite: 'src/App.tsx', next: 'app/page.tsx' };
