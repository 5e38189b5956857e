/**
 * Builds the Vite-template host page (test/browser/fixtures/vite-template: the stock template's
 * global CSS with the README's quick start pasted in) with Vite's production build, the way a
 * new user's `npm run build` does, into a temporary directory. `acp-react` resolves to this
 * repository's source and `acp-react/styles.css` to the same set of sheets dist/styles.css holds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = fileURLToPath(new URL('../fixtures/vite-template/', import.meta.url));

export interface BuiltPage {
  dir: string;
  remove(): void;
}

export async function buildViteTemplate(): Promise<BuiltPage> {
  const dir = mkdtempSync(join(tmpdir(), 'acp-vite-template-'));
  await build({
    configFile: false,
    root: fixture,
    logLevel: 'warn',
    plugins: [react()],
    resolve: {
      alias: [
        { find: /^acp-react\/styles\.css$/, replacement: join(repo, 'src/styles/index.ts') },
        { find: /^acp-react$/, replacement: join(repo, 'src/index.ts') },
      ],
    },
    // The highlighter's grammars make big chunks, as in any host; their size is not at issue here.
    build: { outDir: dir, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 100_000 },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
