// @ts-check
/**
 * The `acp-react-bridge` command: parses arguments, starts the bridge, prints where it listens,
 * and shuts down cleanly on SIGINT/SIGTERM.
 *
 * Exit codes: 0 after a signal-initiated shutdown (or --help/--version), 1 when the server
 * cannot start (port in use...), 2 for usage errors, 126 when the agent command is not
 * executable, 127 when it is not found.
 */
import { parseCliArgs, usage, UsageError } from './options.mjs';
import { createStderrLogger } from './log.mjs';
import { startBridge } from './server.mjs';
import { packageVersion } from './version.mjs';

/**
 * @typedef {object} CliIo
 * @property {Record<string, string | undefined>} env
 * @property {{ write(text: string): unknown }} stdout
 * @property {{ write(text: string): unknown }} stderr
 * @property {(handler: (signal: string) => void) => () => void} onSignal subscribes to SIGINT/SIGTERM; returns an unsubscribe function
 */

/** @type {CliIo} */
const processIo = {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  onSignal: (handler) => {
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
    return () => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    };
  },
};

export { packageVersion };

/**
 * Runs the CLI until the bridge is shut down.
 * @param {readonly string[]} argv arguments after the script name
 * @param {CliIo} [io]
 * @returns {Promise<number>} the exit code
 */
export async function main(argv, io = processIo) {
  let command;
  try {
    command = parseCliArgs(argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`acp-react-bridge: ${error.message}\n\n${usage()}`);
    return 2;
  }
  if (command.kind === 'help') {
    io.stdout.write(usage());
    return 0;
  }
  if (command.kind === 'version') {
    io.stdout.write(`${packageVersion()}\n`);
    return 0;
  }

  const { options } = command;
  const log = createStderrLogger(io.stderr);
  let bridge;
  try {
    bridge = await startBridge({ ...options, log });
  } catch (error) {
    const { code, message } = /** @type {NodeJS.ErrnoException} */ (error);
    if (code === 'ENOENT' || code === 'EACCES') {
      io.stderr.write(`acp-react-bridge: cannot start the agent: ${message}\n`);
      return code === 'ENOENT' ? 127 : 126;
    }
    if (code === 'EADDRINUSE') {
      io.stderr.write(`acp-react-bridge: ${options.host}:${options.port} is already in use; choose another port with --port (0 picks a free one)\n`);
      return 1;
    }
    io.stderr.write(`acp-react-bridge: cannot start: ${message}\n`);
    return 1;
  }

  const agentLine = [options.command, ...options.args].join(' ');
  log('info', `agent: ${agentLine} (${options.shared ? 'one shared process, one client at a time' : 'one process per connection'})`);
  log(
    'info',
    `allowed origins: http(s)://localhost, 127.0.0.1 and [::1] on any port, clients without an Origin` +
      (options.allowOrigins.length ? `, ${options.allowOrigins.join(', ')}` : ''),
  );
  if (options.token !== undefined) log('info', 'token required: ?token=<token> or subprotocol acp-token.<token>');
  if (options.terminals) {
    log('warn', "--terminals: the agent's terminal/* commands run on this machine, as you, in the session's directory; anyone allowed to connect can have the agent run commands");
  }
  io.stdout.write(`acp-react-bridge listening on ${bridge.url}\n`);

  await new Promise((resolve) => {
    let stopping = false;
    const unsubscribe = io.onSignal((signal) => {
      if (stopping) {
        io.stderr.write(`acp-react-bridge: ${signal} again; exiting without waiting for agents\n`);
        process.exit(1);
      }
      stopping = true;
      log('info', `${signal}: shutting down`);
      void bridge.close().then(() => {
        unsubscribe();
        resolve(undefined);
      });
    });
  });
  return 0;
}
