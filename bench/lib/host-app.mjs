/**
 * A host application built the way a user builds one: the package packed with `npm pack`,
 * installed from the tarball into a minimal Vite + React 19 app under `bench/.tmp/`, and built
 * for production with Vite. Used by `first-page.bench.mjs` to measure what the package costs a
 * host's page, with the host's own bundler deciding the chunks.
 *
 *  - `packWorkingTree(dir)`: builds `dist/` from the working tree and packs it.
 *  - `packCommit(ref, dir)`: the same for a commit (`git archive` into a folder that borrows the
 *    repository's node_modules), cached by commit hash.
 *  - `installHost(dir, tarball, pages)`: writes the app (package.json, one folder per page) and
 *    installs the tarball and the peers at the versions this repository is tested with.
 *  - `buildHostPage(dir, page)`: `vite build` of one page (its own build, so its chunks are its
 *    own), with the manifest and hidden source maps; returns the output's JS files with sizes.
 *  - `attribute(file)`: the minified bytes of a built chunk by package (and by `acp-react` source
 *    file, through the package's own source maps), read from the chunk's source map.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { repoRoot } from './results.mjs';
import { decodeMappings } from './source-map.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const quiet = { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' };

/** The version of a package installed in this repository (the one the tests run against). */
export function installedVersion(name) {
  return JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')).version;
}

function pack(cwd, into) {
  mkdirSync(into, { recursive: true });
  // --ignore-scripts: the build ran just before; a prepack script must not build a second time.
  const out = execFileSync(npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', into], { ...quiet, cwd });
  const name = out.trim().split('\n').pop();
  return join(into, name);
}

/** Builds the working tree's dist/ and packs it; returns the tarball path. */
export function packWorkingTree(into) {
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build.mjs')], { ...quiet, cwd: repoRoot });
  rmSync(into, { recursive: true, force: true });
  return pack(repoRoot, into);
}

/** Packs the package as it was at `ref`; cached by the commit's hash. Returns { tarball, commit }. */
export function packCommit(ref, into) {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { ...quiet, cwd: repoRoot }).trim();
  const packDir = join(into, commit.slice(0, 12));
  const existing = existsSync(packDir) ? readdirSync(packDir).find((f) => f.endsWith('.tgz')) : undefined;
  if (existing) return { tarball: join(packDir, existing), commit };
  const src = join(into, `${commit.slice(0, 12)}-src`);
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${src}"`], { ...quiet, cwd: repoRoot });
  // The commit's own build script and config, with this repository's installed tools.
  symlinkSync(join(repoRoot, 'node_modules'), join(src, 'node_modules'), 'dir');
  execFileSync(process.execPath, [join(src, 'scripts/build.mjs')], { ...quiet, cwd: src });
  const tarball = pack(src, packDir);
  rmSync(src, { recursive: true, force: true });
  return { tarball, commit };
}

/** The peers the quick start needs, pinned to the versions installed in this repository. */
function hostDependencies() {
  const names = ['react', 'react-dom', '@agentclientprotocol/sdk', '@tanstack/react-query', 'zod'];
  return Object.fromEntries(names.map((n) => [n, installedVersion(n)]));
}

/**
 * Writes the host app into `dir` and installs it. `pages` maps a page name to its files
 * (`{ 'index.html': text, 'main.tsx': text, … }`). The tarball is installed fresh every time
 * (same name and version, new content); the other packages stay installed between runs.
 */
export function installHost(dir, tarball, pages) {
  mkdirSync(dir, { recursive: true });
  const pkg = {
    name: `acp-react-bench-host-${basename(dir)}`,
    private: true,
    type: 'module',
    dependencies: { 'acp-react': `file:${relative(dir, tarball)}`, ...hostDependencies() },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  rmSync(join(dir, 'node_modules', 'acp-react'), { recursive: true, force: true });
  rmSync(join(dir, 'package-lock.json'), { force: true });
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { ...quiet, cwd: dir });
  for (const [page, files] of Object.entries(pages)) {
    const pageDir = join(dir, 'pages', page);
    rmSync(pageDir, { recursive: true, force: true });
    mkdirSync(pageDir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(pageDir, name), text);
  }
  const installed = JSON.parse(readFileSync(join(dir, 'node_modules', 'acp-react', 'package.json'), 'utf8'));
  return { version: installed.version };
}

/**
 * `vite build` of one page of the host, with Vite's defaults for an app (what a stock
 * `npm create vite` project does) plus the manifest and hidden source maps (no comment is added to
 * the JS, so the sizes are the shipped ones). Returns the output folder and its JS files.
 */
export async function buildHostPage(dir, page) {
  const root = join(dir, 'pages', page);
  const outDir = join(dir, 'dist', page);
  await build({
    configFile: false,
    root,
    logLevel: 'error',
    mode: 'production',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: 'hidden', chunkSizeWarningLimit: 8192 },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const files = new Map();
  for (const file of readdirSync(join(outDir, 'assets'))) {
    if (!file.endsWith('.js')) continue;
    const bytes = readFileSync(join(outDir, 'assets', file));
    files.set(`assets/${file}`, { file: `assets/${file}`, min: bytes.length, gzip: gzipSync(bytes).length });
  }
  const css = readdirSync(join(outDir, 'assets'))
    .filter((f) => f.endsWith('.css'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(outDir, 'assets', f))).length, 0);
  const entry = Object.values(manifest).find((m) => m.isEntry);
  /** The entry and what it imports statically: what the HTML loads before any code runs. */
  const initial = new Set();
  const visit = (key) => {
    const m = manifest[key];
    if (!m || initial.has(m.file)) return;
    initial.add(m.file);
    for (const i of m.imports ?? []) visit(i);
  };
  visit(Object.keys(manifest).find((k) => manifest[k] === entry));
  return { outDir, files, initial, entry: entry.file, cssGzip: css };
}

// --- where the bytes come from -------------------------------------------------------------------

const packageOf = (source) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source.replaceAll('\\', '/'));
  return m ? { name: m[1], path: m[2] } : null;
};

const mapCache = new Map();
function readMap(file) {
  if (!mapCache.has(file)) mapCache.set(file, existsSync(`${file}.map`) ? JSON.parse(readFileSync(`${file}.map`, 'utf8')) : null);
  return mapCache.get(file);
}

/** For a position in a file of the installed package, the package's own source file (via its .map). */
function originalSource(distFile, line, column) {
  const map = readMap(distFile);
  if (!map) return null;
  let lines = map.__decoded;
  if (!lines) lines = map.__decoded = decodeMappings(map.mappings);
  const segments = lines[line] ?? [];
  let best = null;
  for (const s of segments) {
    if (s.generatedColumn > column) break;
    best = s;
  }
  if (!best || best.source === undefined) return null;
  return map.sources[best.source].replace(/^(\.\.\/)+/, '');
}

/**
 * The minified bytes of `file` (a built chunk) by where they come from: a package name, or for
 * this package its source file (`acp-react:src/…`). Each mapped segment counts up to the next one.
 */
export function attribute(file) {
  const code = readFileSync(file, 'utf8');
  const map = readMap(file);
  const bytes = new Map();
  // Rolldown writes no map for a chunk of bare re-exports (a shiki language facade).
  if (!map) return new Map([['(bundler glue)', code.length]]);
  const lines = code.split('\n');
  const decoded = decodeMappings(map.mappings);
  const add = (key, n) => bytes.set(key, (bytes.get(key) ?? 0) + n);
  let mapped = 0;
  decoded.forEach((segments, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    segments.forEach((s, i) => {
      const end = i + 1 < segments.length ? segments[i + 1].generatedColumn : text.length;
      const n = end - s.generatedColumn;
      if (n <= 0) return;
      mapped += n;
      if (s.source === undefined) return add('(bundler glue)', n);
      const source = resolve(dirname(file), map.sourceRoot ?? '', map.sources[s.source]);
      const pkg = packageOf(source);
      if (!pkg) return add('(the page itself)', n);
      if (pkg.name !== 'acp-react') return add(pkg.name, n);
      const original = originalSource(source, s.originalLine, s.originalColumn);
      add(`acp-react:${original ?? pkg.path}`, n);
    });
  });
  add('(unmapped)', Math.max(0, code.length - mapped));
  return bytes;
}
