// @ts-check
/**
 * Installing a registry agent's package before it is started (`--agent`, and the launcher's
 * `POST /agents/<id>/install`).
 *
 * An install is never stopped midway: a killed `npx` install leaves a cache entry that breaks later
 * runs of that package. So it runs in its own process group (a terminal's ^C does not reach it),
 * nothing here ever signals it, and whoever shuts the bridge down waits for it to end.
 */
import { spawn } from 'node:child_process';

/**
 * Runs an install to its end, passing its output on as it comes.
 * @param {{ command: string, args: string[] }} install
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, onOutput: (text: string) => void }} options
 * @returns {Promise<number | null>} its exit code (127 when it could not be started)
 */
export function runInstall(install, { env, cwd, onOutput }) {
  return new Promise((resolve) => {
    const child = spawn(install.command, install.args, { stdio: ['ignore', 'pipe', 'pipe'], env, cwd, detached: process.platform !== 'win32' });
    child.stdout.setEncoding('utf8').on('data', onOutput);
    child.stderr.setEncoding('utf8').on('data', onOutput);
    child.on('error', (error) => {
      onOutput(`${install.command}: ${error.message}\n`);
      resolve(127);
    });
    child.on('close', (code) => resolve(code));
  });
}

/**
 * One install per package at a time, shared by everyone who asks for it meanwhile (two concurrent
 * `npx` installs of one package can corrupt its cache entry as surely as a killed one), and
 * remembered once it succeeded, for the life of this bridge.
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, log: import('./log.mjs').Logger }} options
 */
export function createInstaller({ env, cwd, log }) {
  /** @type {Set<string>} */
  const installed = new Set();
  /** @type {Map<string, { done: Promise<number | null>, listeners: Set<(text: string) => void>, output: string }>} */
  const running = new Map();

  return {
    /** @param {string} key */
    isInstalled: (key) => installed.has(key),
    /**
     * Installs (or joins the install under way), reporting its output; resolves with the exit code.
     * Output printed before a late joiner arrived is replayed to it (the last 4 KiB).
     * @param {string} key what is installed, e.g. the package
     * @param {{ command: string, args: string[] }} install
     * @param {(text: string) => void} onOutput
     * @returns {Promise<number | null>}
     */
    install(key, install, onOutput) {
      if (installed.has(key)) return Promise.resolve(0);
      let entry = running.get(key);
      if (entry) {
        if (entry.output) onOutput(entry.output);
      } else {
        const created = { done: Promise.resolve(/** @type {number | null} */ (null)), listeners: new Set(), output: '' };
        log('info', `installing ${key}: ${[install.command, ...install.args].join(' ')}`);
        created.done = runInstall(install, {
          env,
          cwd,
          onOutput: (text) => {
            created.output = (created.output + text).slice(-4096);
            for (const listener of created.listeners) listener(text);
          },
        }).then((code) => {
          running.delete(key);
          if (code === 0) installed.add(key);
          log(code === 0 ? 'info' : 'warn', code === 0 ? `installed ${key}` : `installing ${key} failed (exit ${code})`);
          return code;
        });
        entry = created;
        running.set(key, entry);
      }
      const listeners = entry.listeners;
      listeners.add(onOutput);
      return entry.done.finally(() => listeners.delete(onOutput));
    },
    /** Installs under way, which a shutdown waits for. */
    pending: () => [...running.values()].map((entry) => entry.done),
  };
}
