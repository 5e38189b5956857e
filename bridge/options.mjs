// @ts-check
/**
 * Command-line parsing for `acp-react-bridge [options] -- <agent command> [args...]`.
 *
 * Everything after the first `--` is the agent command, passed through untouched, so agent
 * flags can never be mistaken for bridge flags.
 */
import { parseArgs } from 'node:util';
import { isLoopbackHost, normalizeAllowedOrigin } from './auth.mjs';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 3030;
/** Same default as the SDK's streams (`DEFAULT_MAX_MESSAGE_BYTES`): 32 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
export const DEFAULT_KILL_TIMEOUT_MS = 5000;
export const DEFAULT_SHARED_BUFFER_BYTES = 16 * 1024 * 1024;
export const TOKEN_ENV = 'ACP_BRIDGE_TOKEN';

/** A mistake in the command line: the CLI prints it with the usage text and exits with code 2. */
export class UsageError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Options of {@link import('./server.mjs').startBridge}, as produced by the CLI.
 * @typedef {object} CliBridgeOptions
 * @property {string} command
 * @property {string[]} args
 * @property {string} host
 * @property {number} port
 * @property {string[]} allowOrigins
 * @property {string | undefined} token
 * @property {string | undefined} observerToken
 * @property {boolean} shared
 * @property {boolean} terminals
 * @property {boolean} terminalAuth
 * @property {boolean} launcher
 * @property {string | undefined} registry
 * @property {number} maxMessageBytes
 * @property {number} killTimeoutMs
 * @property {number} sharedBufferBytes
 */

/**
 * What the command line asks for. `run` with `registryAgent` set starts that registry agent
 * (its command and args are filled in by the CLI from the registry).
 * @typedef {{ kind: 'help' } | { kind: 'version' } | { kind: 'list', registry: string | undefined }
 *   | { kind: 'run', options: CliBridgeOptions, registryAgent?: string, registry?: string }} CliCommand
 */

export function usage() {
  return `Usage: acp-react-bridge [options] -- <agent command> [agent args...]
       acp-react-bridge [options] --agent <id>     (an agent of the ACP registry)
       acp-react-bridge [options] --launcher       (the page picks registry agents and starts them)
       acp-react-bridge --list [--registry <file>]

Expose a stdio ACP agent to the browser over WebSocket (one JSON-RPC message per text frame) and
Streamable HTTP (POST, and an SSE stream per connection and per session), on the same endpoint.

Options:
  --host <host>                 Interface to bind (default ${DEFAULT_HOST}). A non-loopback host
                                prints a warning: anyone who can reach it can drive the agent.
  --port <port>                 Port to listen on (default ${DEFAULT_PORT}; 0 picks a free port).
  --allow-origin <origin>       Also accept browser pages from this Origin, e.g.
                                https://app.example.com (repeatable; "*" accepts any Origin).
                                Loopback origins and clients without an Origin are always accepted.
  --token <secret>              Require this secret, sent as the "token" query parameter, as the
                                WebSocket subprotocol "acp-token.<secret>" or, over HTTP, as
                                "Authorization: Bearer <secret>". Default: $${TOKEN_ENV}.
  --shared                      One agent process for any number of pages, across reconnects:
                                pages attach to its sessions, see them live and answer its
                                requests once (see "Shared sessions").
  --observer-token <secret>     With --shared and --token: a second secret, for read-only pages.
  --agent <id>                  Start this agent of the ACP registry instead of a command: npx
                                packages are installed first (before connections are accepted),
                                uvx packages run when uv is installed; binaries are not downloaded.
  --launcher                    Start no agent yet: the page lists the registry (GET /registry),
                                installs an agent (POST /agents/<id>/install, progress streamed)
                                and connects to /agents/<id>, which starts it for that connection.
  --list                        Print the registry's agents and exit.
  --registry <file>             Read this registry.json instead of the bundled, dated snapshot.
  --terminals                   Serve the agent's terminal/* requests with real processes, run as
                                you in the session's directory (off by default; not with --shared).
  --terminal-auth               Let the page run the agent's "terminal" sign-in methods (its own
                                command with the method's args) in a pseudo-terminal shown in the
                                page (off by default; loopback only; not with --shared).
  --max-message-bytes <n>       Largest message in either direction (default ${DEFAULT_MAX_MESSAGE_BYTES} = 32 MiB;
                                suffixes k, M, G = KiB, MiB, GiB).
  --kill-timeout <ms>           Grace period between SIGTERM and SIGKILL when stopping an agent
                                (default ${DEFAULT_KILL_TIMEOUT_MS}).
  --shared-buffer-bytes <n>     With --shared: the bound of each session's log (default ${DEFAULT_SHARED_BUFFER_BYTES} = 16 MiB;
                                older entries are dropped, a page that needed them must reload).
  -h, --help                    Show this help.
  -v, --version                 Show the version.

Examples:
  acp-react-bridge -- npx @agentclientprotocol/claude-agent-acp
  acp-react-bridge --port 0 --token "$(openssl rand -hex 16)" -- node my-agent.mjs
`;
}

/**
 * Parses the bridge's command line (without `node` and the script path).
 * @param {readonly string[]} argv
 * @param {Record<string, string | undefined>} [env]
 * @returns {CliCommand}
 * @throws {UsageError}
 */
export function parseCliArgs(argv, env = {}) {
  const separator = argv.indexOf('--');
  const own = separator === -1 ? [...argv] : argv.slice(0, separator);
  const agent = separator === -1 ? [] : argv.slice(separator + 1);

  let parsed;
  try {
    parsed = parseArgs({
      args: own,
      strict: true,
      allowPositionals: true,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        token: { type: 'string' },
        'observer-token': { type: 'string' },
        shared: { type: 'boolean' },
        terminals: { type: 'boolean' },
        'terminal-auth': { type: 'boolean' },
        agent: { type: 'string' },
        launcher: { type: 'boolean' },
        list: { type: 'boolean' },
        registry: { type: 'string' },
        'max-message-bytes': { type: 'string' },
        'kill-timeout': { type: 'string' },
        'shared-buffer-bytes': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  if (values.list) return { kind: 'list', registry: values.registry };

  if (positionals.length > 0) {
    throw new UsageError(`unexpected argument "${positionals[0]}": put the agent command after "--"`);
  }
  if (values.agent !== undefined && agent.length > 0) throw new UsageError('give either --agent <id> or a command after "--", not both');
  if (values.launcher && (values.agent !== undefined || agent.length > 0))
    throw new UsageError('--launcher starts the agents the page picks: give no --agent and no command after "--"');
  if (values.launcher && values.shared) throw new UsageError('--launcher cannot be combined with --shared: each connection starts the agent it names');
  if (values.agent === undefined && !values.launcher && (agent.length === 0 || agent[0] === '')) {
    throw new UsageError('missing agent command: acp-react-bridge [options] -- <agent command> [args...], --agent <id>, or --launcher');
  }

  const host = values.host ?? DEFAULT_HOST;
  if (host.trim() === '') throw new UsageError('--host must not be empty');

  const token = values.token ?? (env[TOKEN_ENV] || undefined);
  if (values.terminals && values.shared) throw new UsageError("--terminals cannot be combined with --shared: a terminal belongs to one page's connection");
  if (token !== undefined && token === '') throw new UsageError('--token must not be empty');
  const observerToken = values['observer-token'];
  if (observerToken !== undefined) {
    if (!values.shared || token === undefined)
      throw new UsageError('--observer-token needs --shared and --token (it admits read-only pages to shared sessions)');
    if (observerToken === '' || observerToken === token) throw new UsageError('--observer-token must not be empty nor the same as --token');
  }
  if (values['terminal-auth'] && values.shared)
    throw new UsageError('--terminal-auth cannot be combined with --shared: signing in restarts the agent, which other pages use');
  if (values['terminal-auth'] && !isLoopbackHost(host)) {
    throw new UsageError(`--terminal-auth is for loopback only (the page types into a program on this machine); --host is ${host}`);
  }

  return {
    kind: 'run',
    ...(values.agent !== undefined ? { registryAgent: values.agent, registry: values.registry } : {}),
    options: {
      command: agent[0] ?? '',
      args: agent.slice(1),
      host,
      port: values.port === undefined ? DEFAULT_PORT : parsePort(values.port),
      allowOrigins: (values['allow-origin'] ?? []).map((origin) => {
        try {
          return normalizeAllowedOrigin(origin);
        } catch (error) {
          throw new UsageError(`--allow-origin: ${error instanceof Error ? error.message : String(error)}`);
        }
      }),
      token,
      observerToken,
      shared: values.shared ?? false,
      terminals: values.terminals ?? false,
      terminalAuth: values['terminal-auth'] ?? false,
      launcher: values.launcher ?? false,
      registry: values.launcher ? values.registry : undefined,
      maxMessageBytes: parseSize('--max-message-bytes', values['max-message-bytes'], DEFAULT_MAX_MESSAGE_BYTES),
      killTimeoutMs: parseNonNegativeInteger('--kill-timeout', values['kill-timeout'], DEFAULT_KILL_TIMEOUT_MS),
      sharedBufferBytes: parseSize('--shared-buffer-bytes', values['shared-buffer-bytes'], DEFAULT_SHARED_BUFFER_BYTES),
    },
  };
}

/**
 * @param {string} value
 * @returns {number}
 */
export function parsePort(value) {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got "${value}"`);
  }
  return Number(value);
}

const SIZE_UNITS = /** @type {const} */ ({ '': 1, k: 1024, kib: 1024, m: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gib: 1024 ** 3 });

/**
 * Parses a byte count such as `1048576`, `64k` or `32MiB` (binary units).
 * @param {string} flag
 * @param {string | undefined} value
 * @param {number} fallback
 * @returns {number}
 */
export function parseSize(flag, value, fallback) {
  if (value === undefined) return fallback;
  const match = /^(\d+)\s*([a-z]*)$/i.exec(value.trim());
  const unit = match ? /** @type {keyof typeof SIZE_UNITS} */ (match[2].toLowerCase()) : undefined;
  const multiplier = unit !== undefined && Object.hasOwn(SIZE_UNITS, unit) ? SIZE_UNITS[unit] : undefined;
  const bytes = match && multiplier ? Number(match[1]) * multiplier : NaN;
  if (!Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new UsageError(`${flag} must be a positive byte count such as 1048576, 64k or 32M, got "${value}"`);
  }
  return bytes;
}

/**
 * @param {string} flag
 * @param {string | undefined} value
 * @param {number} fallback
 * @returns {number}
 */
function parseNonNegativeInteger(flag, value, fallback) {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${flag} must be a non-negative integer, got "${value}"`);
  }
  return Number(value);
}
