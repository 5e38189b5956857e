// @ts-check
/**
 * `--terminals`: the agent's `terminal/*` requests served with real processes, per the protocol's
 * terminals page. Each terminal runs its command (no shell: `command` and `args` as given) in the
 * session's working directory unless the request names one, in its own process group so `kill`
 * and `release` end everything it started.
 *
 * Output (stdout and stderr together) is kept up to the request's `outputByteLimit` (at most
 * {@link MAX_OUTPUT_BYTES}), cut from the start at a character boundary, at O(1) per chunk: the
 * buffer runs up to a quarter over its limit before it is cut back. The page sees the output live
 * through the bridge's notifications (`_acp-react/bridge/terminal/*`), coalesced and bounded
 * (`output-pump.mjs`), so a runaway command cannot flood the socket.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { isObject, serveRequest } from './jsonrpc.mjs';
import { createOutputPump } from './output-pump.mjs';
import { signalProcessGroup } from './process-group.mjs';

/** Output kept per terminal when the agent sets no limit, or a larger one. */
export const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
/** How often output is pushed to the page, the most it gets per push, the most that waits (the latest is kept). */
const PUSH_INTERVAL_MS = 50;
const MAX_PUSH_CHARS = 64 * 1024;
const MAX_WAITING_CHARS = 256 * 1024;
const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;

export const TerminalNotifications = /** @type {const} */ ({
  created: '_acp-react/bridge/terminal/created',
  output: '_acp-react/bridge/terminal/output',
  exit: '_acp-react/bridge/terminal/exit',
});

/**
 * @typedef {object} ExitStatus
 * @property {number | null} exitCode
 * @property {string | null} signal
 */

/**
 * @typedef {object} Terminal
 * @property {string} sessionId
 * @property {import('node:child_process').ChildProcess} child
 * @property {number} limit
 * @property {string} output
 * @property {number} bytes UTF-8 bytes of `output`
 * @property {boolean} truncated
 * @property {ExitStatus | undefined} exitStatus
 * @property {Promise<ExitStatus>} exited
 * @property {import('./output-pump.mjs').OutputPump} live the output on its way to the page
 * @property {boolean} orphaned the agent process that created it was replaced: unknown to the new one, removed once it has ended
 */

/**
 * The `terminal/*` service of one connection.
 * @param {{
 *   send: (message: Record<string, unknown>) => void,
 *   sessionCwd: (sessionId: string) => string | undefined,
 *   cwd: string,
 *   env: NodeJS.ProcessEnv,
 *   log: import('./log.mjs').Logger,
 *   label: string,
 * }} context
 */
export function createTerminalService(context) {
  /** @type {Map<string, Terminal>} */
  const terminals = new Map();
  let count = 0;

  /** @param {Record<string, unknown>} params */
  const lookup = (params) => {
    const terminal = typeof params.terminalId === 'string' ? terminals.get(params.terminalId) : undefined;
    if (!terminal || terminal.orphaned || terminal.sessionId !== params.sessionId) {
      throw Object.assign(new Error(`Unknown terminal: ${String(params.terminalId)}`), { code: RESOURCE_NOT_FOUND });
    }
    return terminal;
  };

  /** @param {Terminal} terminal */
  const killTree = (terminal) => {
    if (!terminal.exitStatus) signalProcessGroup(terminal.child.pid, 'SIGKILL', (signal) => terminal.child.kill(signal));
  };

  /** @type {Record<string, (params: Record<string, unknown>) => unknown>} */
  const handlers = {
    'terminal/create': (params) => {
      if (typeof params.sessionId !== 'string' || typeof params.command !== 'string' || params.command === '') {
        throw Object.assign(new Error('terminal/create needs a sessionId and a command'), { code: INVALID_PARAMS });
      }
      const args = Array.isArray(params.args) ? params.args.map(String) : [];
      /** @type {Record<string, string>} */
      const extraEnv = {};
      if (Array.isArray(params.env))
        for (const entry of params.env) if (isObject(entry) && typeof entry.name === 'string') extraEnv[entry.name] = String(entry.value ?? '');
      const cwd = typeof params.cwd === 'string' && path.isAbsolute(params.cwd) ? params.cwd : (context.sessionCwd(params.sessionId) ?? context.cwd);
      const requested = typeof params.outputByteLimit === 'number' && params.outputByteLimit >= 0 ? Math.floor(params.outputByteLimit) : MAX_OUTPUT_BYTES;
      const limit = Math.min(requested, MAX_OUTPUT_BYTES);
      const terminalId = `bridge-term-${++count}`;
      const child = spawn(params.command, args, {
        cwd,
        env: { ...context.env, ...extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
      /** @type {(status: ExitStatus) => void} */
      let resolveExit = () => {};
      const sessionId = params.sessionId;
      const live = createOutputPump({
        intervalMs: PUSH_INTERVAL_MS,
        maxChunkChars: MAX_PUSH_CHARS,
        maxPendingChars: MAX_WAITING_CHARS,
        push: (data, dropped) =>
          context.send({ jsonrpc: '2.0', method: TerminalNotifications.output, params: { sessionId, terminalId, data, truncated: dropped } }),
      });
      /** @type {Terminal} */
      const terminal = {
        sessionId: params.sessionId,
        child,
        limit,
        output: '',
        bytes: 0,
        truncated: false,
        exitStatus: undefined,
        exited: new Promise((resolve) => (resolveExit = resolve)),
        live,
        orphaned: false,
      };
      terminals.set(terminalId, terminal);
      context.log('info', `${context.label}: terminal ${terminalId} (pid ${child.pid ?? 'none'}) runs ${[params.command, ...args].join(' ')} in ${cwd}`);
      context.send({
        jsonrpc: '2.0',
        method: TerminalNotifications.created,
        params: { sessionId: params.sessionId, terminalId, command: params.command, args, cwd },
      });

      const slack = Math.max(4096, limit >> 2);
      const decoder = new StringDecoder('utf8');
      /** @param {string} text */
      const append = (text) => {
        if (text === '') return;
        terminal.output += text;
        terminal.bytes += Buffer.byteLength(text);
        if (terminal.bytes > terminal.limit + slack) {
          const cut = truncateFromStart(terminal.output, terminal.limit);
          terminal.output = cut.output;
          terminal.truncated ||= cut.truncated;
          terminal.bytes = Buffer.byteLength(terminal.output);
        }
        live.write(text);
      };
      child.stdout?.on('data', (chunk) => append(decoder.write(chunk)));
      child.stderr?.on('data', (chunk) => append(decoder.write(chunk)));
      /** @param {ExitStatus} status */
      const finish = (status) => {
        if (terminal.exitStatus) return;
        append(decoder.end());
        terminal.exitStatus = status;
        live.drain();
        context.send({ jsonrpc: '2.0', method: TerminalNotifications.exit, params: { sessionId: terminal.sessionId, terminalId, ...status } });
        if (terminal.orphaned) terminals.delete(terminalId);
        resolveExit(status);
      };
      child.on('error', (error) => {
        append(`${error.message}\n`);
        finish({ exitCode: 127, signal: null });
      });
      // 'close': the exit status and all of the output are in.
      child.on('close', (code, signal) => finish({ exitCode: code, signal }));
      return { terminalId };
    },
    'terminal/output': (params) => {
      const terminal = lookup(params);
      const { output, truncated } = truncateFromStart(terminal.output, terminal.limit);
      return { output, truncated: terminal.truncated || truncated, ...(terminal.exitStatus ? { exitStatus: terminal.exitStatus } : {}) };
    },
    'terminal/wait_for_exit': (params) => lookup(params).exited,
    'terminal/kill': (params) => {
      killTree(lookup(params));
      return {};
    },
    'terminal/release': (params) => {
      const terminal = lookup(params);
      killTree(terminal);
      terminal.live.drain();
      terminals.delete(/** @type {string} */ (params.terminalId));
      return {};
    },
  };

  return {
    /**
     * Serves one agent request if it is a `terminal/*` method.
     * @param {Record<string, unknown>} message
     * @param {(response: Record<string, unknown>) => void} reply
     * @returns {boolean}
     */
    fromAgent(message, reply) {
      return serveRequest(handlers, message, reply);
    },
    /**
     * The agent process was replaced (restarted to sign in): the commands it started are ended now,
     * not when the page leaves, since no process is left to wait for, read or release them. The page
     * still gets their last output and exit status; their ids are unknown from here on.
     */
    agentReplaced() {
      for (const [terminalId, terminal] of terminals) {
        if (terminal.exitStatus) {
          terminals.delete(terminalId);
          continue;
        }
        terminal.orphaned = true;
        killTree(terminal);
      }
    },
    /** The connection is gone: end every command. */
    close() {
      for (const terminal of terminals.values()) {
        terminal.live.cancel();
        killTree(terminal);
      }
      terminals.clear();
    },
  };
}

/**
 * Keeps the last `limit` UTF-8 bytes of `text`, cut at a character boundary.
 * @param {string} text
 * @param {number} limit
 * @returns {{ output: string, truncated: boolean }}
 */
export function truncateFromStart(text, limit) {
  if (text.length * 3 <= limit) return { output: text, truncated: false };
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return { output: text, truncated: false };
  let start = bytes.length - limit;
  // Skip continuation bytes (10xxxxxx): start on a character's first byte.
  while (start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++;
  return { output: bytes.subarray(start).toString('utf8'), truncated: true };
}
