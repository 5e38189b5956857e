// @ts-check
/**
 * The `acp-react-bridge` command: parses arguments, starts the bridge, prints where it listens,
 * and shuts down cleanly on SIGINT/SIGTERM.
 *
 * Exit codes: 0 after a signal-initiated shutdown (or --help/--version), 1 when the server
 * cannot start (port in use...), 2 for usage errors, 126 when the agent command is not
 * executable, 127 when it is not found.
 */
import { assertCommandRunnable } from './agent-process.mjs';
import { runInstall } from './install.mjs';
import { loadPty } from './auth-terminal.mjs';
import { parseCliArgs, usage, UsageError } from './options.mjs';
import { createStderrLogger } from './log.mjs';
import { findAgent, formatList, installCommand, launchCommand, loadRegistry, RegistryError } from './registry.mjs';
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
  if (command.kind === 'list') {
    try {
      io.stdout.write(formatList(loadRegistry(command.registry)));
      return 0;
    } catch (error) {
      io.stderr.write(`acp-react-bridge: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
  }

  const { options } = command;
  const log = createStderrLogger(io.stderr);
  /** @type {Record<string, string>} */
  let agentEnv = {};
  if (command.registryAgent !== undefined) {
    let launch;
    try {
      const agent = findAgent(loadRegistry(command.registry), command.registryAgent);
      launch = launchCommand(agent, { hasUvx: onPath('uvx', io.env) });
      log('info', `installing ${agent.id} ${agent.version} with ${launch.kind} before accepting connections (a first download can take minutes)`);
    } catch (error) {
      if (!(error instanceof RegistryError)) throw error;
      io.stderr.write(`acp-react-bridge: ${error.message}\n`);
      return 2;
    }
    const install = installCommand(launch);
    if (install) {
      // A signal meanwhile does not stop the install (its own process group, so a terminal's ^C
      // does not reach it either): the bridge exits once it is done.
      let interrupted = false;
      const unsubscribe = io.onSignal((signal) => {
        interrupted = true;
        io.stderr.write(`acp-react-bridge: ${signal}: waiting for the install to finish (stopping it midway would break later runs), then exiting\n`);
      });
      const code = await runInstall(install, { onOutput: (text) => io.stderr.write(text) });
      unsubscribe();
      if (interrupted) return 0;
      if (code !== 0) {
        io.stderr.write(
          `acp-react-bridge: ${launch.kind} could not install ${launch.args[1]} (exit ${code}: offline, or no such package?); ` +
            `run the agent by hand to see why: ${[launch.command, ...launch.args].join(' ')}\n`,
        );
        return 1;
      }
      log('info', `installed ${launch.args[1]}`);
    }
    options.command = launch.command;
    options.args = launch.args;
    agentEnv = launch.env;
  }
  if (options.terminalAuth) {
    try {
      await loadPty();
    } catch (error) {
      io.stderr.write(`acp-react-bridge: --terminal-auth: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
  }
  let bridge;
  try {
    if (options.launcher) {
      const { command: _command, args: _args, ...launcherOptions } = options;
      bridge = await startBridge({ ...launcherOptions, log });
    } else bridge = await startBridge({ ...options, ...(Object.keys(agentEnv).length ? { env: { ...process.env, ...agentEnv } } : {}), log });
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
    if (error instanceof RegistryError) {
      io.stderr.write(`acp-react-bridge: ${message}\n`);
      return 2;
    }
    io.stderr.write(`acp-react-bridge: cannot start: ${message}\n`);
    return 1;
  }

  if (options.launcher) {
    log(
      'info',
      `launcher: the registry's agents at ${bridge.httpUrl}/registry; each connection to ${bridge.url}/agents/<id> starts that agent ` +
        `(npx agents installed first with POST ${bridge.httpUrl}/agents/<id>/install)`,
    );
  } else {
    const agentLine = [options.command, ...options.args].join(' ');
    log('info', `agent: ${agentLine} (${options.shared ? 'one shared process, any number of pages' : 'one process per connection'})`);
  }
  log(
    'info',
    `allowed origins: http(s)://localhost, 127.0.0.1 and [::1] on any port, clients without an Origin` +
      (options.allowOrigins.length ? `, ${options.allowOrigins.join(', ')}` : ''),
  );
  if (options.token !== undefined) log('info', 'token required: ?token=<token> or subprotocol acp-token.<token>');
  if (options.shared) {
    log(
      'info',
      options.token === undefined
        ? 'shared sessions: pages from this machine are controllers, others observers (set --token and --observer-token to choose)'
        : `shared sessions: the token makes a controller${options.observerToken !== undefined ? ', the observer token an observer (read-only)' : ''}`,
    );
  }
  if (options.terminals) {
    log(
      'warn',
      "--terminals: the agent's terminal/* commands run on this machine, as you, in the session's directory; anyone allowed to connect can have the agent run commands",
    );
  }
  if (options.terminalAuth) {
    log(
      'warn',
      "--terminal-auth: pages allowed to connect can run the agent's sign-in programs (its own command with the arguments its terminal methods name) in a pseudo-terminal on this machine, as you, and type into them",
    );
  }
  log('info', `Streamable HTTP on the same endpoint: ${bridge.httpUrl}`);
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

/**
 * @param {string} name
 * @param {Record<string, string | undefined>} env
 */
function onPath(name, env) {
  try {
    assertCommandRunnable(name, { env });
    return true;
  } catch {
    return false;
  }
}
