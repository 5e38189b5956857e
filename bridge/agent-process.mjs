// @ts-check
/**
 * One agent subprocess speaking ACP over stdio: spawns it, frames its stdout into JSON-RPC
 * messages, prefixes its stderr, writes messages to its stdin, and stops it.
 *
 * On POSIX the agent runs in its own process group, so stopping it also stops whatever it
 * started (`npx` → node → the real agent, MCP servers, shells): SIGTERM to the group, then
 * SIGKILL after a grace period.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { StderrTail } from './agent-report.mjs';
import { LineFramer } from './line-framer.mjs';
import { isObject, preview, toLine } from './jsonrpc.mjs';
import { signalProcessGroup } from './process-group.mjs';

const IS_WINDOWS = process.platform === 'win32';
/** After the agent exits, how long to wait for the rest of its stdout before giving up on it. */
const STDOUT_DRAIN_AFTER_EXIT_MS = 1000;
/** Longest stderr line passed through in one piece; longer ones are split. */
const MAX_STDERR_LINE_CHARS = 16 * 1024;

/**
 * @typedef {object} AgentExit
 * @property {number | null} code
 * @property {NodeJS.Signals | null} signal
 * @property {Error} [error] set when the process could not be started
 * @property {string} description e.g. "agent exited with code 1"
 */

/**
 * @typedef {object} AgentProcessOptions
 * @property {string} command
 * @property {readonly string[]} args
 * @property {NodeJS.ProcessEnv} env
 * @property {string} [cwd]
 * @property {number} maxMessageBytes
 * @property {import('./log.mjs').Logger} log
 * @property {(text: string) => string} [redact] hides the bridge's secrets in what the page may see of its stderr ({@link AgentProcess#stderrTail})
 * @property {(text: string, message: Record<string, unknown>) => void} onMessage one stdout line that is a JSON object
 * @property {() => void} [onStderr] it wrote a line to stderr
 * @property {(info: { limit: number }) => void} onOversized a stdout line over `maxMessageBytes` was dropped
 * @property {(exit: AgentExit) => void} onExit the process is gone and its stdout fully read
 */

export class AgentProcess {
  /** @type {import('node:child_process').ChildProcessWithoutNullStreams} */
  #child;
  #options;
  #label;
  /** @type {AgentExit | undefined} */
  #exit;
  /** @type {Promise<AgentExit>} */
  exited;
  /** @type {(exit: AgentExit) => void} */
  #resolveExited = () => {};
  /** @type {NodeJS.Timeout | undefined} */
  #killTimer;
  #stdinOpen = true;
  #stderrTail;

  /** @param {AgentProcessOptions} options */
  constructor(options) {
    this.#options = options;
    this.#stderrTail = new StderrTail(options.redact ?? ((text) => text));
    this.exited = new Promise((resolve) => {
      this.#resolveExited = resolve;
    });
    this.#child = spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: !IS_WINDOWS,
      windowsHide: true,
    });
    this.#label = `agent ${this.#child.pid ?? '(not started)'}`;
    this.#wireStdout();
    this.#wireStderr();
    this.#wireLifecycle();
    this.#child.stdin.on('error', (error) => {
      // EPIPE after the agent exited: its exit is reported separately.
      this.#stdinOpen = false;
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EPIPE') options.log('warn', `${this.#label}: stdin: ${error.message}`);
    });
  }

  /** The process id, or `undefined` if spawning failed. */
  get pid() {
    return this.#child.pid;
  }

  get hasExited() {
    return this.#exit !== undefined;
  }

  /** The last lines it wrote to stderr, bounded and redacted, for the page (`agent-report.mjs`). */
  stderrTail() {
    return this.#stderrTail.lines();
  }

  /**
   * Writes one message to the agent's stdin as a single line.
   * @param {unknown} message
   * @returns {boolean} `false` when stdin is congested: wait for {@link onceDrained} before sending more
   */
  send(message) {
    if (!this.#stdinOpen || this.#exit || this.#child.stdin.destroyed || this.#child.stdin.writableEnded) return true;
    return this.#child.stdin.write(toLine(message));
  }

  /** @param {() => void} callback called once stdin can take more data */
  onceDrained(callback) {
    if (!this.#stdinOpen || this.#exit) callback();
    else this.#child.stdin.once('drain', callback);
  }

  /** Stops reading stdout (the socket is congested). */
  pauseOutput() {
    this.#child.stdout.pause();
  }

  resumeOutput() {
    this.#child.stdout.resume();
  }

  /**
   * Stops the agent: closes its stdin, sends SIGTERM to its process group and, if it is still
   * running after `graceMs`, SIGKILL.
   * @param {number} graceMs
   * @returns {Promise<AgentExit>}
   */
  stop(graceMs) {
    if (this.#exit || this.#killTimer) return this.exited;
    this.#stdinOpen = false;
    this.#child.stdin.end();
    this.#signal('SIGTERM');
    this.#killTimer = setTimeout(() => this.#signal('SIGKILL'), graceMs);
    this.#killTimer.unref();
    return this.exited;
  }

  /** Last-resort synchronous cleanup, for `process.on('exit')`. */
  killNow() {
    if (!this.#exit) this.#signal('SIGKILL');
  }

  /** @param {NodeJS.Signals} signal */
  #signal(signal) {
    signalProcessGroup(this.#child.pid, signal, (one) => this.#child.kill(one));
  }

  #wireStdout() {
    const { log, maxMessageBytes, onMessage, onOversized } = this.#options;
    const framer = new LineFramer({
      maxLineBytes: maxMessageBytes,
      onLine: (text) => {
        let message;
        try {
          message = JSON.parse(text);
        } catch {
          log('warn', `${this.#label} wrote a non-JSON line to stdout (not forwarded; ACP agents must log to stderr): ${preview(text)}`);
          return;
        }
        if (!isObject(message)) {
          log('warn', `${this.#label} wrote a line to stdout that is not a JSON-RPC message object (not forwarded): ${preview(text)}`);
          return;
        }
        onMessage(text, message);
      },
      onOversizedLine: ({ limit }) => {
        log('error', `${this.#label} wrote a message larger than ${limit} bytes to stdout; dropped it (raise --max-message-bytes to allow it)`);
        onOversized({ limit });
      },
    });
    this.#child.stdout.on('data', (/** @type {Buffer} */ chunk) => framer.push(chunk));
    this.#child.stdout.on('end', () => framer.end());
  }

  #wireStderr() {
    const { log, onStderr } = this.#options;
    const decoder = new StringDecoder('utf8');
    let partial = '';
    /** Set while the rest of a line split below comes: the tail keeps only a line's start. */
    let continued = false;
    /** @param {string} line @param {boolean} [split] the line goes on in the next piece */
    const emit = (line, split = false) => {
      const text = line.replace(/\r$/, '');
      log('agent', `[${this.#label}] ${text}`);
      if (!continued) this.#stderrTail.push(text);
      continued = split;
      onStderr?.();
    };
    this.#child.stderr.on('data', (/** @type {Buffer} */ chunk) => {
      const lines = (partial + decoder.write(chunk)).split('\n');
      partial = /** @type {string} */ (lines.pop());
      for (const line of lines) emit(line);
      while (partial.length > MAX_STDERR_LINE_CHARS) {
        emit(partial.slice(0, MAX_STDERR_LINE_CHARS), true);
        partial = partial.slice(MAX_STDERR_LINE_CHARS);
      }
    });
    this.#child.stderr.on('end', () => {
      const rest = partial + decoder.end();
      partial = '';
      if (rest !== '') emit(rest);
    });
  }

  #wireLifecycle() {
    const child = this.#child;
    child.on('error', (error) => {
      // A spawn failure (ENOENT, EACCES) arrives here, with no pid and no 'exit' event.
      if (child.pid === undefined) {
        this.#finish({ code: null, signal: null, error, description: `agent failed to start: ${error.message}` });
      } else {
        this.#options.log('warn', `${this.#label}: ${error.message}`);
      }
    });
    child.on('exit', (code, signal) => {
      const description = signal ? `agent was killed by ${signal}` : `agent exited with code ${code}`;
      const done = () => this.#finish({ code, signal, description });
      if (child.stdout.readableEnded || child.stdout.destroyed) {
        done();
        return;
      }
      // Deliver what the agent wrote just before exiting. A grandchild that inherited stdout
      // can keep it open indefinitely, so do not wait for it forever.
      const timer = setTimeout(done, STDOUT_DRAIN_AFTER_EXIT_MS);
      timer.unref();
      child.stdout.once('close', () => {
        clearTimeout(timer);
        done();
      });
      child.stdout.resume();
    });
  }

  /** @param {AgentExit} exit */
  #finish(exit) {
    if (this.#exit) return;
    this.#exit = exit;
    this.#stdinOpen = false;
    clearTimeout(this.#killTimer);
    // Leftovers of the agent's process group (helpers it started) have no owner any more.
    if (exit.error === undefined) this.#signal('SIGTERM');
    this.#options.onExit(exit);
    this.#resolveExited(exit);
  }
}

/**
 * Checks before listening that the agent command can be run, so a typo fails immediately with
 * a clear message rather than on the first connection.
 * @param {string} command
 * @param {{ env: NodeJS.ProcessEnv, cwd?: string }} context
 * @throws {Error & { code: string }} `ENOENT` when not found, `EACCES` when not executable
 */
export function assertCommandRunnable(command, { env, cwd = process.cwd() }) {
  const hasDirectory = command.includes('/') || (IS_WINDOWS && command.includes('\\'));
  const candidates = hasDirectory
    ? [path.resolve(cwd, command)]
    : (env.PATH ?? env.Path ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .flatMap((dir) => {
          const base = path.resolve(cwd, dir, command);
          const extensions = IS_WINDOWS ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';')] : [''];
          return extensions.map((extension) => base + extension.toLowerCase());
        });
  let notExecutable;
  for (const candidate of candidates) {
    try {
      if (!statSync(candidate).isFile()) continue;
    } catch {
      continue;
    }
    if (IS_WINDOWS) return;
    try {
      accessSync(candidate, constants.X_OK);
      return;
    } catch {
      notExecutable = candidate;
    }
  }
  const error = /** @type {Error & { code: string }} */ (
    notExecutable
      ? new Error(`agent command "${command}" is not executable (${notExecutable})`)
      : new Error(
          hasDirectory ? `agent command "${command}" not found (${path.resolve(cwd, command)} does not exist)` : `agent command "${command}" not found on PATH`,
        )
  );
  error.code = notExecutable ? 'EACCES' : 'ENOENT';
  throw error;
}
