// @ts-check
/**
 * The bridge server: an HTTP server that accepts WebSocket upgrades from allowed origins (and
 * with the right token, if one is set) and connects each accepted socket to an ACP agent
 * running over stdio.
 *
 * ```js
 * import { startBridge } from './bridge/server.mjs';
 * const bridge = await startBridge({ command: 'node', args: ['agent.mjs'], port: 0 });
 * console.log(bridge.url); // ws://127.0.0.1:54321
 * await bridge.close();
 * ```
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { AgentProcess, assertCommandRunnable } from './agent-process.mjs';
import { checkToken, createOriginCheck, isLoopbackHost, normalizeAllowedOrigin, selectProtocol } from './auth.mjs';
import { ClientSocket, CloseCode } from './client-socket.mjs';
import { serveDedicated } from './dedicated.mjs';
import { createStderrLogger } from './log.mjs';
import {
  DEFAULT_HOST,
  DEFAULT_KILL_TIMEOUT_MS,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_PORT,
  DEFAULT_SHARED_BUFFER_BYTES,
  TOKEN_ENV,
} from './options.mjs';
import { SharedAgent } from './shared.mjs';

const DEFAULT_PING_INTERVAL_MS = 30_000;

/**
 * @typedef {object} BridgeOptions
 * @property {string} command the agent executable (looked up on PATH)
 * @property {readonly string[]} [args] its arguments
 * @property {string} [host] interface to bind; default `127.0.0.1`
 * @property {number} [port] default 3030; `0` picks a free port
 * @property {readonly string[]} [allowOrigins] extra allowed origins (`*` for any); loopback origins and no-Origin clients are always allowed
 * @property {string} [token] required token (`?token=` or subprotocol `acp-token.<token>`)
 * @property {boolean} [shared] one agent across reconnects, one client at a time
 * @property {number} [maxMessageBytes] largest message in either direction; default 32 MiB
 * @property {number} [killTimeoutMs] SIGTERM → SIGKILL grace period; default 5000
 * @property {number} [sharedBufferBytes] with `shared`: output kept while detached; default 16 MiB
 * @property {number} [pingIntervalMs] keepalive ping interval, `0` to disable; default 30000
 * @property {NodeJS.ProcessEnv} [env] the agent's environment; default `process.env` (without `ACP_BRIDGE_TOKEN`)
 * @property {string} [cwd] the agent's working directory; default `process.cwd()`
 * @property {import('./log.mjs').Logger} [log] default: human-readable lines on stderr
 */

/**
 * @typedef {object} Bridge
 * @property {string} url e.g. `ws://127.0.0.1:3030`
 * @property {string} host
 * @property {number} port the actual port (useful with `port: 0`)
 * @property {() => number[]} agentPids pids of the agent processes currently running
 * @property {() => Promise<void>} close closes every socket (1001), stops every agent and the server
 */

/**
 * Starts the bridge and resolves once it is listening.
 * @param {BridgeOptions} options
 * @returns {Promise<Bridge>}
 * @throws {Error} `code: 'ENOENT' | 'EACCES'` when the agent command cannot be run, `EADDRINUSE` etc. when listening fails
 */
export async function startBridge(options) {
  const host = options.host ?? DEFAULT_HOST;
  const requestedPort = options.port ?? DEFAULT_PORT;
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const killTimeoutMs = options.killTimeoutMs ?? DEFAULT_KILL_TIMEOUT_MS;
  const log = options.log ?? createStderrLogger();
  const token = options.token;
  const allowOrigins = (options.allowOrigins ?? []).map(normalizeAllowedOrigin);
  const env = { ...(options.env ?? process.env) };
  delete env[TOKEN_ENV]; // the agent has no business knowing the bridge's secret
  const cwd = options.cwd ?? process.cwd();

  if (!options.command) throw new TypeError('startBridge: `command` is required');
  if (!Number.isSafeInteger(maxMessageBytes) || maxMessageBytes <= 0) throw new RangeError('maxMessageBytes must be a positive integer');
  if (token !== undefined && token === '') throw new TypeError('token must not be empty');
  assertCommandRunnable(options.command, { env, cwd });

  const checkOrigin = createOriginCheck(allowOrigins);
  /** @type {Set<ClientSocket>} */
  const clients = new Set();
  /** @type {Set<AgentProcess>} */
  const agents = new Set();
  let closing = false;
  let connectionCount = 0;

  /** @type {import('./dedicated.mjs').AgentFactory} */
  const createAgent = (handlers) => {
    const agent = new AgentProcess({ command: options.command, args: options.args ?? [], env, cwd, maxMessageBytes, log, ...handlers });
    if (agent.pid !== undefined) log('info', `agent ${agent.pid} started: ${[options.command, ...(options.args ?? [])].join(' ')}`);
    agents.add(agent);
    void agent.exited.then(() => agents.delete(agent));
    return agent;
  };
  const shared = options.shared
    ? new SharedAgent({ createAgent, killTimeoutMs, sharedBufferBytes: options.sharedBufferBytes ?? DEFAULT_SHARED_BUFFER_BYTES, log })
    : undefined;

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: maxMessageBytes,
    perMessageDeflate: false,
    clientTracking: false,
    handleProtocols: (protocols) => selectProtocol(protocols, token),
  });

  const server = createServer((request, response) => {
    const body = 'This is an ACP bridge (acp-react-bridge): connect to it with a WebSocket.\n';
    response.writeHead(426, { 'Content-Type': 'text/plain; charset=utf-8', Upgrade: 'websocket', Connection: 'Upgrade' });
    response.end(request.method === 'HEAD' ? undefined : body);
  });

  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => {});
    const origin = request.headers.origin;
    const who = `${request.socket.remoteAddress ?? 'unknown'}${origin ? ` (Origin ${origin})` : ''}`;
    /** @param {number} status @param {string} reason */
    const refuse = (status, reason) => {
      log('warn', `refused connection from ${who}: ${status} ${reason}`);
      const body = `${reason}\n`;
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    };
    if (closing) return refuse(503, 'the bridge is shutting down');
    const originVerdict = checkOrigin(origin);
    if (!originVerdict.ok) return refuse(403, originVerdict.reason);
    const tokenVerdict = checkToken(token, request);
    if (!tokenVerdict.ok) return refuse(401, tokenVerdict.reason);

    wss.handleUpgrade(request, socket, head, (ws) => {
      const label = `client #${++connectionCount} from ${who}`;
      const client = new ClientSocket(ws, { label, maxMessageBytes, pingIntervalMs: options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS, log });
      clients.add(client);
      void client.closed.then(() => clients.delete(client));
      ws.on('close', (code, reason) => log('info', `${label}: disconnected (${code}${reason.length ? ` ${reason}` : ''})`));
      if (closing) {
        client.close(CloseCode.GOING_AWAY, 'the bridge is shutting down');
        return;
      }
      log('info', `${label}: connected`);
      if (!shared) {
        serveDedicated(client, { createAgent, killTimeoutMs, log });
      } else if (!shared.attach(client)) {
        log('warn', `${label}: refused (1013): another client is attached to the shared agent`);
        client.close(CloseCode.TRY_AGAIN_LATER, 'busy: another client is using the shared agent; retry after it disconnects');
      }
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(requestedPort, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  server.on('error', (error) => log('error', `server: ${error.message}`));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : requestedPort;
  const url = `ws://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;

  const warning = exposureWarning(host, token !== undefined);
  if (warning) log('warn', warning);

  // If the process ends without close() (an uncaught error, process.exit), do not leave agents behind.
  const killAgentsOnExit = () => {
    for (const agent of agents) agent.killNow();
  };
  process.on('exit', killAgentsOnExit);

  /** @type {Promise<void> | undefined} */
  let closed;
  const close = () => {
    closed ??= (async () => {
      closing = true;
      for (const client of clients) client.close(CloseCode.GOING_AWAY, 'the bridge is shutting down');
      /** @type {Promise<unknown>[]} */
      const stopping = [...agents].map((agent) => agent.stop(killTimeoutMs));
      if (shared) stopping.push(shared.stop());
      await Promise.all([...stopping, ...[...clients].map((client) => client.closed)]);
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
      process.off('exit', killAgentsOnExit);
    })();
    return closed;
  };

  return {
    url,
    host,
    port,
    agentPids: () => [...agents].filter((agent) => !agent.hasExited).map((agent) => /** @type {number} */ (agent.pid)),
    close,
  };
}

/**
 * The warning printed when the bridge listens beyond this machine, or `undefined` on loopback.
 * @param {string} host
 * @param {boolean} hasToken
 * @returns {string | undefined}
 */
export function exposureWarning(host, hasToken) {
  if (isLoopbackHost(host)) return undefined;
  return (
    `listening on ${host}, which is not a loopback address: anyone who can reach this machine can drive the agent, ` +
    `which can read and write your files and run commands. ${hasToken ? 'Put' : 'Set --token, and put'} ` +
    `a TLS reverse proxy (wss://) in front of it.`
  );
}

/** @type {Record<number, string>} */
const STATUS_TEXT = { 401: 'Unauthorized', 403: 'Forbidden', 503: 'Service Unavailable' };
