#!/usr/bin/env node
/**
 * The host matrix (see hosts/README.md): the packed tarball installed into three scaffolded apps,
 * built for production, then the README's quick start driven in Chromium in each.
 *
 *   node scripts/host-matrix.mjs                    prepare, then the browser checks
 *   node scripts/host-matrix.mjs prepare            pack, install into a copy of each host, build
 *   node scripts/host-matrix.mjs test               the browser checks (vitest --project hosts)
 *   node scripts/host-matrix.mjs update-lockfiles   re-resolve hosts/<host>/package-lock.json
 *
 * Host names after the command (`prepare vite-react19`) limit it to those hosts.
 *
 * Needs the library built (`npm run build`). Installs come from the npm registry through the
 * ordinary npm cache, all hosts at once; the copies keep their node_modules between runs.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BUILD_RESULT, HOST_ENV, HOSTS, ROOT, TARBALL_NAME, findHost, hostsWorkDir } from './lib/hosts.mjs';
import { FIRST_PAGE_HOST, buildFirstPages } from './lib/first-page.mjs';
import { NPM, packTarball } from './lib/pack.mjs';
import { readQuickStart } from './lib/quick-start.mjs';

const run = promisify(execFile);
/** @param {number} since */
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** A failure that names the host and the stage, with the tail of the tool's output. */
class HostFailure extends Error {}

/**
 * @param {import('./lib/hosts.mjs').Host} host
 * @param {string} stage
 * @param {string} cwd
 * @param {string} cmd
 * @param {string[]} args
 */
async function inHost(host, stage, cwd, cmd, args) {
  try {
    return await run(cmd, args, { cwd, env: { ...process.env, ...HOST_ENV }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
    const output = `${stdout ?? ''}${stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new HostFailure(`host ${host.name} (${host.description}): ${stage} failed: ${cmd} ${args.join(' ')}\n${output}`);
  }
}

/**
 * The lockfile as committed: acp-react's integrity is left out, since every pack has its own.
 * @param {string} text
 */
function normalizedLock(text) {
  const lock = JSON.parse(text);
  delete lock.packages?.['node_modules/acp-react']?.integrity;
  return `${JSON.stringify(lock, null, 2)}\n`;
}

/** Each host's root component must be the README's quick start, byte for byte. */
function checkQuickStart() {
  const quickStart = readQuickStart(ROOT);
  const stale = HOSTS.filter((host) => readFileSync(join(ROOT, 'hosts', host.name, host.rootComponent), 'utf8') !== quickStart);
  if (stale.length > 0) {
    throw new HostFailure(
      `${stale.map((host) => `hosts/${host.name}/${host.rootComponent}`).join(', ')} differ(s) from the README's quick start; ` +
        'paste the ```tsx block under "## Quick start" over them (the hosts hold it verbatim).',
    );
  }
}

/**
 * Copies hosts/<name> over the scratch copy, keeping its node_modules, and drops the installed
 * acp-react so npm installs the new tarball (its version does not change between packs), and
 * every cache built from the old one.
 */
function syncCopy(/** @type {import('./lib/hosts.mjs').Host} */ host, /** @type {string} */ work) {
  const copy = join(work, host.name);
  mkdirSync(copy, { recursive: true });
  for (const entry of readdirSync(copy)) if (entry !== 'node_modules') rmSync(join(copy, entry), { recursive: true, force: true });
  rmSync(join(copy, 'node_modules/acp-react'), { recursive: true, force: true });
  // Vite's pre-bundled dependencies are keyed on the lockfile, which a new pack does not change;
  // `tsc -b` keeps its build info there too.
  for (const cache of ['.vite', '.tmp']) rmSync(join(copy, 'node_modules', cache), { recursive: true, force: true });
  cpSync(join(ROOT, 'hosts', host.name), copy, { recursive: true, filter: (src) => !/[\\/](node_modules|dist|\.next)$/.test(src) });
  return copy;
}

/**
 * `npm install` in the copy: from its lockfile, with what the cache has (`--prefer-offline`); or,
 * with `freshLock`, from nothing (no lockfile, no node_modules, current registry metadata).
 * @param {import('./lib/hosts.mjs').Host} host
 * @param {string} copy
 * @param {{ freshLock?: boolean }} [options]
 */
async function install(host, copy, { freshLock = false } = {}) {
  if (freshLock) {
    rmSync(join(copy, 'package-lock.json'), { force: true });
    rmSync(join(copy, 'node_modules'), { recursive: true, force: true });
  }
  const args = ['install', '--no-audit', '--no-fund', '--loglevel=error', ...(freshLock ? [] : ['--prefer-offline'])];
  await inHost(host, 'npm install', copy, NPM, args);
}

/** @param {{ updateLockfiles?: boolean, hosts?: import('./lib/hosts.mjs').Host[] }} [options] */
async function prepare({ updateLockfiles = false, hosts = HOSTS } = {}) {
  const started = Date.now();
  checkQuickStart();
  const work = hostsWorkDir();
  mkdirSync(work, { recursive: true });
  const { tarball } = packTarball(work);
  renameSync(tarball, join(work, TARBALL_NAME));
  console.log(`packed ${TARBALL_NAME} into ${work} (${seconds(started)})`);

  const results = await Promise.allSettled(
    hosts.map(async (host) => {
      const copy = syncCopy(host, work);
      const t0 = Date.now();
      await install(host, copy, { freshLock: updateLockfiles });
      const installTime = seconds(t0);
      const committed = join(ROOT, 'hosts', host.name, 'package-lock.json');
      const lock = normalizedLock(readFileSync(join(copy, 'package-lock.json'), 'utf8'));
      if (updateLockfiles) {
        writeFileSync(committed, lock);
        console.log(`${host.name}: wrote hosts/${host.name}/package-lock.json (${installTime})`);
        return;
      }
      if (!existsSync(committed) || normalizedLock(readFileSync(committed, 'utf8')) !== lock) {
        console.warn(
          `${host.name}: npm resolved differently from hosts/${host.name}/package-lock.json (acp-react's dependencies changed?); ` +
            'run `node scripts/host-matrix.mjs update-lockfiles` and commit the result.',
        );
      }
      // A failed build is recorded, not thrown: the browser checks report it as the host's
      // "production build" test, and still drive its dev server.
      const t1 = Date.now();
      /** @type {import('./lib/hosts.mjs').BuildResult} */
      let build;
      try {
        await inHost(host, 'the production build', copy, NPM, ['run', 'build', '--silent']);
        // The first-page check's two single-page builds (test/hosts/first-page.test.ts).
        if (host.name === FIRST_PAGE_HOST) {
          await buildFirstPages(copy, HOST_ENV).catch((error) => {
            throw new HostFailure(`host ${host.name}: the first-page builds failed: ${error instanceof Error ? error.message : String(error)}`);
          });
        }
        build = { ok: true, seconds: (Date.now() - t1) / 1000 };
        console.log(`${host.name}: installed in ${installTime}, built for production in ${seconds(t1)}`);
      } catch (error) {
        build = { ok: false, seconds: (Date.now() - t1) / 1000, error: error instanceof Error ? error.message : String(error) };
        console.error(`${host.name}: installed in ${installTime}; ✗ the production build failed (${seconds(t1)}); the browser checks report it`);
      }
      writeFileSync(join(copy, BUILD_RESULT), `${JSON.stringify(build, null, 2)}\n`);
    }),
  );
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (failures.length > 0) {
    for (const failure of failures) console.error(`\n✗ ${failure instanceof Error ? failure.message : String(failure)}`);
    throw new HostFailure(`${failures.length} host(s) failed to install`);
  }
  console.log(`host matrix prepared in ${seconds(started)}`);
}

const command = process.argv[2] ?? 'all';
if (!['all', 'prepare', 'test', 'update-lockfiles'].includes(command)) {
  console.error(`unknown command ${command}: use prepare, test or update-lockfiles (or nothing for prepare + test)`);
  process.exit(2);
}
try {
  const names = process.argv.slice(3);
  const hosts = names.length > 0 ? names.map(findHost) : HOSTS;
  if (command === 'prepare' || command === 'all') await prepare({ hosts });
  if (command === 'update-lockfiles') await prepare({ updateLockfiles: true, hosts });
  if (command === 'test' || command === 'all') {
    const files = names.map((name) => `test/hosts/${name}.test.ts`);
    execFileSync(join(ROOT, 'node_modules/.bin/vitest'), ['run', '--project', 'hosts', ...files], { cwd: ROOT, stdio: 'inherit' });
  }
} catch (error) {
  if (error instanceof HostFailure) console.error(`\nhost matrix: ${error.message}`);
  else if (!(error && typeof error === 'object' && 'status' in error)) console.error(error);
  process.exit(1);
}
