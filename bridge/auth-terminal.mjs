// @ts-check
/**
 * `--terminal-auth`: a `terminal` sign-in method run in a pseudo-terminal for the page, per the
 * auth-methods RFD: the agent's own command and arguments, plus the method's `args`, with the
 * method's `env` added to the agent's environment. The page shows it in a terminal emulator and
 * types into it; what the program prints reaches the page as `_acp-react/bridge/auth_terminal/*`
 * notifications, coalesced and bounded, and the agent never sees any of it.
 *
 * One sign-in terminal per connection: starting another, closing the page, or the page asking
 * (`auth_terminal/kill`, its dialog closed) ends the program with its whole process group (the pty
 * makes it a session leader, so its pid is its group's id). Keystrokes are never logged: they may
 * be a code or a password.
 */
import { constants } from 'node:os';
import { BridgeMethods, BridgeNotifications, terminalAuthMethods } from './handshake.mjs';
import { serveRequest } from './jsonrpc.mjs';
import { createOutputPump } from './output-pump.mjs';
import { signalProcessGroup } from './process-group.mjs';

const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;
/** How often output is pushed to the page, and the most it gets per push. */
const PUSH_INTERVAL_MS = 16;
const MAX_PUSH_CHARS = 64 * 1024;
/** Output waiting for a slow page beyond this is cut from the start (a login prints little). */
const MAX_WAITING_CHARS = 256 * 1024;
/** Largest keystroke message: a pasted token fits, a flood does not. */
const MAX_INPUT_CHARS = 64 * 1024;
const MIN_SIZE = 2;
const MAX_SIZE = 1000;

/** @type {Record<number, string>} */
const SIGNAL_NAMES = Object.fromEntries(Object.entries(constants.signals).map(([name, number]) => [number, name]));

/** @typedef {import('@lydell/node-pty')} NodePty */

/** @type {Promise<NodePty> | undefined} */
let ptyModule;

/**
 * Loads the pseudo-terminal package (an optional dependency, with prebuilt binaries), once.
 * @returns {Promise<NodePty>}
 * @throws {Error} saying how to install it when it is missing
 */
export function loadPty() {
  ptyModule ??= import('@lydell/node-pty').then(
    (module) => /** @type {NodePty} */ (/** @type {{ default?: NodePty }} */ (module).default ?? module),
    (error) => {
      ptyModule = undefined;
      throw new Error(
        `terminal sign-in needs the optional package @lydell/node-pty (${error instanceof Error ? error.message : String(error)}); install it next to acp-react: npm install @lydell/node-pty`,
      );
    },
  );
  return ptyModule;
}

/**
 * @typedef {object} AuthTerminalContext
 * @property {(message: Record<string, unknown>) => void} send a message to the page
 * @property {() => unknown} initializeResult the agent's latest `initialize` result (its methods)
 * @property {() => { command: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd: string }} agentLaunch how the agent is started now
 * @property {import('./log.mjs').Logger} log
 * @property {string} label the client's label, for log lines
 */

/**
 * The sign-in terminal service of one connection.
 * @param {AuthTerminalContext} context
 */
export function createAuthTerminalService(context) {
  /** @type {{ id: string, pty: import('@lydell/node-pty').IPty, live: import('./output-pump.mjs').OutputPump, exited: boolean } | undefined} */
  let current;
  let count = 0;

  /** Ends the current program and its process group. */
  const kill = () => {
    const terminal = current;
    if (terminal && !terminal.exited) signalProcessGroup(terminal.pty.pid, 'SIGKILL', (signal) => terminal.pty.kill(signal));
  };

  /** @param {Record<string, unknown>} params */
  const lookup = (params) => {
    if (!current || current.exited || params.terminalId !== current.id) {
      throw Object.assign(new Error(`No running sign-in terminal ${String(params.terminalId)}`), { code: RESOURCE_NOT_FOUND });
    }
    return current;
  };

  /** @param {unknown} value @param {number} fallback */
  const size = (value, fallback) => (typeof value === 'number' && Number.isInteger(value) ? Math.min(MAX_SIZE, Math.max(MIN_SIZE, value)) : fallback);

  /** @type {Record<string, (params: Record<string, unknown>) => unknown>} */
  const handlers = {
    [BridgeMethods.authTerminalStart]: async (params) => {
      const methods = terminalAuthMethods(context.initializeResult());
      const method = typeof params.methodId === 'string' ? methods.get(params.methodId) : undefined;
      if (!method) {
        const known = [...methods.keys()];
        throw Object.assign(
          new Error(`The agent offers no terminal sign-in method "${String(params.methodId)}"${known.length ? ` (it offers: ${known.join(', ')})` : ''}`),
          { code: INVALID_PARAMS },
        );
      }
      const pty = await loadPty();
      kill();
      // The page shows the new program from here on: what the old one still had waiting is dropped.
      current?.live.cancel();
      const launch = context.agentLaunch();
      const id = `sign-in-${++count}`;
      const spawned = pty.spawn(launch.command, [...launch.args, ...method.args], {
        name: 'xterm-256color',
        cols: size(params.cols, 80),
        rows: size(params.rows, 24),
        cwd: launch.cwd,
        env: { ...launch.env, TERM: 'xterm-256color', COLORTERM: 'truecolor', ...method.env },
      });
      const live = createOutputPump({
        intervalMs: PUSH_INTERVAL_MS,
        maxChunkChars: MAX_PUSH_CHARS,
        maxPendingChars: MAX_WAITING_CHARS,
        // An xterm at the other end: nothing to tell it when older output was dropped.
        push: (data) => context.send({ jsonrpc: '2.0', method: BridgeNotifications.authTerminalOutput, params: { terminalId: id, data } }),
      });
      const terminal = { id, pty: spawned, live, exited: false };
      current = terminal;
      context.log(
        'info',
        `${context.label}: sign-in terminal ${id} (pid ${spawned.pid}) runs the agent with ${method.args.join(' ') || 'no extra arguments'} for "${params.methodId}"`,
      );
      spawned.onData((data) => {
        if (current === terminal) live.write(data);
      });
      spawned.onExit(({ exitCode, signal }) => {
        terminal.exited = true;
        if (current === terminal) live.drain();
        const signalName = signal ? (SIGNAL_NAMES[signal] ?? String(signal)) : null;
        context.log('info', `${context.label}: sign-in terminal ${id} ended (${signalName ? `killed by ${signalName}` : `exit ${exitCode}`})`);
        context.send({
          jsonrpc: '2.0',
          method: BridgeNotifications.authTerminalExit,
          params: { terminalId: id, exitCode: signalName ? null : exitCode, signal: signalName },
        });
      });
      return { terminalId: id };
    },
    [BridgeMethods.authTerminalInput]: (params) => {
      const terminal = lookup(params);
      if (typeof params.data !== 'string' || params.data.length > MAX_INPUT_CHARS) {
        throw Object.assign(new Error(`Invalid params: data must be a string of at most ${MAX_INPUT_CHARS} characters`), { code: INVALID_PARAMS });
      }
      terminal.pty.write(params.data);
      return {};
    },
    [BridgeMethods.authTerminalResize]: (params) => {
      const terminal = lookup(params);
      terminal.pty.resize(size(params.cols, terminal.pty.cols), size(params.rows, terminal.pty.rows));
      return {};
    },
    [BridgeMethods.authTerminalKill]: (params) => {
      // Killing a program that already ended is not an error: the dialog may close as it ends.
      if (current && params.terminalId === current.id) kill();
      return {};
    },
  };

  return {
    /**
     * Serves one of the page's `auth_terminal/*` requests.
     * @param {Record<string, unknown>} message
     * @param {(response: Record<string, unknown>) => void} reply
     * @returns {boolean}
     */
    fromPage(message, reply) {
      return serveRequest(handlers, message, reply);
    },
    /** The connection is gone: end the program. */
    close() {
      current?.live.cancel();
      kill();
    },
  };
}
