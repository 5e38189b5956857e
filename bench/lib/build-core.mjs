/**
 * Bundles the core from `src/` (not `dist/`, so a benchmark always measures the working tree)
 * into `bench/.tmp/` and imports it. The bench entry re-exports the public core plus the few
 * internals the client itself uses on the hot path (`withSession`, `putSession`).
 * The SDK and zod stay external and resolve from node_modules.
 *
 * `patches` builds a variant with source edits applied at bundle time — to size a proposed change
 * in a file the benchmark does not own without touching it. Each patch reports whether it applied.
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const tmp = join(root, 'bench/.tmp');

const ENTRY = `
export * from './index.js';
export { withSession, putSession } from './client/snapshot.js';
`;

let counter = 0;

/**
 * @param {{ minify?: boolean, patches?: Array<{ file: string, find: string, replace: string }> }} options
 * @returns {Promise<any>} the module; with patches, `__patches` lists `{ file, applied }`.
 */
export async function loadCore({ minify = false, patches = [], srcDir = join(root, 'src/core') } = {}) {
  mkdirSync(tmp, { recursive: true });
  const outfile = join(tmp, `core-${process.pid}-${++counter}.mjs`);
  const applied = patches.map((p) => ({ file: p.file, applied: false }));
  const plugin = {
    name: 'bench-patches',
    setup(b) {
      b.onLoad({ filter: /src[\\/]core[\\/].*\.ts$/ }, (args) => {
        const rel = args.path.slice(srcDir.length + 1).replaceAll('\\', '/');
        const mine = patches.map((p, i) => [p, i]).filter(([p]) => p.file === rel);
        if (mine.length === 0) return undefined;
        let source = readFileSync(args.path, 'utf8');
        for (const [p, i] of mine) {
          if (source.includes(p.find)) {
            source = source.replace(p.find, p.replace);
            applied[i].applied = true;
          }
        }
        return { contents: source, loader: 'ts' };
      });
    },
  };
  await build({
    stdin: { contents: ENTRY, resolveDir: srcDir, loader: 'ts', sourcefile: 'bench-core-entry.ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    minifySyntax: minify,
    minifyWhitespace: minify,
    sourcemap: 'linked',
    outfile,
    external: ['@agentclientprotocol/sdk', '@agentclientprotocol/sdk/*', 'zod', 'zod/*'],
    plugins: patches.length ? [plugin] : [],
    logLevel: 'error',
  });
  process.once('exit', () => {
    rmSync(outfile, { force: true });
    rmSync(`${outfile}.map`, { force: true });
  });
  const mod = await import(pathToFileURL(outfile).href);
  return patches.length ? { ...mod, __patches: applied } : mod;
}

/**
 * The core as of a git revision (extracted with `git archive` into bench/.tmp), for a baseline row.
 * Returns null when git or the revision is unavailable.
 */
export async function loadCoreAt(rev) {
  const { execFileSync } = await import('node:child_process');
  const dir = join(tmp, `rev-${rev.replace(/[^\w.-]/g, '_')}-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    const tar = execFileSync('git', ['-C', root, 'archive', rev, 'src/core'], { maxBuffer: 64 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    const core = await loadCore({ srcDir: join(dir, 'src/core') });
    return core;
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
