/**
 * The host matrix: three minimal apps made with the official scaffolders (hosts/), each with the
 * README's quick start pasted as its root component. `scripts/host-matrix.mjs` installs the packed
 * tarball into a copy of each and builds it; test/hosts/ drives each copy in Chromium.
 *
 * The copies live in one folder per checkout under the system's temp folder, and keep their
 * node_modules between runs (npm reconciles them with the lockfile), so a second run installs
 * little.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * @typedef {object} Host
 * @property {string} name folder under hosts/
 * @property {'vite' | 'next'} kind
 * @property {string} rootComponent where the quick start is pasted
 * @property {string} description
 */

/** @type {Host[]} */
export const HOSTS = [
  { name: 'vite-react19', kind: 'vite', rootComponent: 'src/App.tsx', description: 'Vite + React 19 (create-vite react-ts, its own CSS)' },
  { name: 'vite-react18', kind: 'vite', rootComponent: 'src/App.tsx', description: 'Vite + React 18.3 (create-vite react-ts on React 18.3)' },
  { name: 'next-app', kind: 'next', rootComponent: 'app/page.tsx', description: 'Next.js App Router (create-next-app defaults)' },
];

/** @param {string} name */
export function findHost(name) {
  const host = HOSTS.find((candidate) => candidate.name === name);
  if (!host) throw new Error(`no host named ${name}; hosts: ${HOSTS.map((h) => h.name).join(', ')}`);
  return host;
}

/** The scratch folder of this checkout: `<tmp>/acp-react-hosts-<hash of the repo path>`. */
export function hostsWorkDir() {
  return process.env.ACP_REACT_HOSTS_DIR ?? join(tmpdir(), `acp-react-hosts-${createHash('sha256').update(ROOT).digest('hex').slice(0, 10)}`);
}

/** The tarball every copy installs, as `file:../acp-react.tgz` in its package.json. */
export const TARBALL_NAME = 'acp-react.tgz';

/**
 * What `host-matrix.mjs prepare` wrote about a copy's production build, in the copy's folder.
 * @typedef {{ ok: boolean, seconds: number, error?: string }} BuildResult
 */
export const BUILD_RESULT = '.host-matrix-build.json';

/** Quiet, offline-friendly settings for the frameworks' own CLIs. */
export const HOST_ENV = { NEXT_TELEMETRY_DISABLED: '1', BROWSER: 'none', CI: '1' };

/** A free TCP port on 127.0.0.1 (asked of the OS, then released for a server to take). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The command that serves a host's copy: the framework's dev server, or its production server
 * over the build.
 * @param {Host} host
 * @param {'development' | 'production'} mode
 * @param {number} port
 * @returns {{ bin: string, args: string[] }}
 */
export function serveCommand(host, mode, port) {
  if (host.kind === 'vite') {
    const args = ['--host', '127.0.0.1', '--port', String(port), '--strictPort'];
    return { bin: 'vite', args: mode === 'development' ? args : ['preview', ...args] };
  }
  return { bin: 'next', args: [mode === 'development' ? 'dev' : 'start', '--hostname', '127.0.0.1', '--port', String(port)] };
}

/**
 * Starts a command from a copy's node_modules/.bin in its own process group (so stopping it stops
 * what it started), collecting its output.
 * @param {string} cwd
 * @param {string} bin
 * @param {string[]} args
 */
export function startBin(cwd, bin, args) {
  const env = { ...process.env, ...HOST_ENV };
  // Vitest sets NODE_ENV=test; the frameworks pick their own mode from the command.
  delete env.NODE_ENV;
  const child = spawn(join(cwd, 'node_modules/.bin', bin), args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    output: () => output,
    /** Stops the process group: SIGTERM, then SIGKILL after 5 s. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const kill = (signal) => {
        try {
          process.kill(-(/** @type {number} */ (child.pid)), signal);
        } catch {
          // already gone
        }
      };
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
