// @ts-check
/**
 * The bridge server: accepts WebSocket upgrades and Streamable HTTP connections (`http-endpoint.mjs`)
 * on the same endpoint, from allowed origins (and with the right token, if one is set), and
 * connects each to an ACP agent running over stdio.
 *
 * Two ways to run it:
 * - `startBridge(options)`: its own HTTP server, listening on loopback (the CLI uses this).
 * - `attachBridge(httpServer, { path, ...options })`: on a host's own HTTP server, at one path,
 *   next to the host's pages and other upgrade handlers (a dev server's HMR socket, say).
 *
 * ```js
 * import { startBridge } from 'acp-react/bridge';
 * const bridge = await startBridge({ command: 'node', args: ['agent.mjs'], port: 0 });
 * console.log(bridge.url, bridge.httpUrl); // ws://127.0.0.1:54321 http://127.0.0.1:54321
 * await bridge.close();
 * ```
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { AgentProcess, assertCommandRunnable } from './agent-process.mjs';
import { createRedactor, secretValues } from './agent-report.mjs';
import { checkToken, createOriginCheck, isLoopbackHost, normalizeAllowedOrigin, selectProtocol } from './auth.mjs';
import { ClientSocket, CloseCode } from './client-socket.mjs';
import { serveDedicated } from './dedicated.mjs';
import { createHttpEndpoint, DEFAULT_HTTP_IDLE_TIMEOUT_MS } from './http-endpoint.mjs';
import { createStderrLogger } from './log.mjs';
import { DEFAULT_HOST, DEFAULT_KILL_TIMEOUT_MS, DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_PORT, DEFAULT_SHARED_BUFFER_BYTES, TOKEN_ENV } from './options.mjs';
import { SharedAgent } from './shared.mjs';
import { pageRole } from './shared-roles.mjs';
import { createAuthTerminalService } from './auth-terminal.mjs';
import { createTerminalService } from './terminals.mjs';
import { createLauncher } from './launcher.mjs';
import { packageVersion } from './version.mjs';

const DEFAULT_PING_INTERVAL_MS = 30_000;

/**
 * @typedef {object} BridgeAgentOptions what both `startBridge` and `attachBridge` take
 * @property {string} [command] the agent executable (looked up on PATH); required unless `launcher`
 * @property {readonly string[]} [args] its arguments
 * @property {boolean} [launcher] launcher mode: no fixed command; the page lists the registry's agents (`GET /registry`), installs one
 *   (`POST /agents/<id>/install`) and connects to `/agents/<id>`, which starts that agent for the connection (not with `shared`)
 * @property {string} [registry] with `launcher`: the `registry.json` to read instead of the bundled snapshot
 * @property {readonly string[]} [allowOrigins] extra allowed origins (`*` for any); loopback origins and no-Origin clients are always allowed
 * @property {string} [token] required token (`?token=` or subprotocol `acp-token.<token>`)
 * @property {string} [observerToken] with `shared` and `token`: a second token, for read-only pages (observers)
 * @property {boolean} [shared] one agent for any number of pages, across reconnects; pages attach to its sessions
 * @property {boolean} [terminals] serve the agent's `terminal/*` requests with real processes in the session's directory (not with `shared`)
 * @property {boolean} [terminalAuth] run the agent's `terminal` sign-in methods in a pseudo-terminal the page drives (needs the optional
 *   package `@lydell/node-pty`; loopback only; not with `shared`)
 * @property {number} [maxMessageBytes] largest message in either direction; default 32 MiB
 * @property {number} [killTimeoutMs] SIGTERM → SIGKILL grace period; default 5000
 * @property {number} [sharedBufferBytes] with `shared`: the bound of each session's log; default 16 MiB
 * @property {number} [pingIntervalMs] keepalive ping interval, `0` to disable; default 30000
 * @property {number} [httpIdleTimeoutMs] a Streamable HTTP connection whose event stream has not been open for this long is closed (its agent stopped); default 10000
 * @property {NodeJS.ProcessEnv} [env] the agent's environment; default `process.env` (without `ACP_BRIDGE_TOKEN`)
 * @property {string} [cwd] the agent's working directory; default `process.cwd()`
 * @property {import('./log.mjs').Logger} [log] default: human-readable lines on stderr
 */

/**
 * @typedef {BridgeAgentOptions & {
 *   host?: string,
 *   port?: number,
 * }} BridgeOptions `startBridge` options: `host` to bind (default `127.0.0.1`), `port` (default 3030; `0` picks a free port)
 */

/**
 * @typedef {BridgeAgentOptions & { path: string }} AttachBridgeOptions `attachBridge` options:
 *   `path` is the URL path the bridge answers upgrades on, e.g. `/acp` (the query string is ignored)
 */

/**
 * @typedef {object} Bridge
 * @property {string} url e.g. `ws://127.0.0.1:3030`
 * @property {string} httpUrl the same endpoint for Streamable HTTP, e.g. `http://127.0.0.1:3030`
 * @property {string} host
 * @property {number} port the actual port (useful with `port: 0`)
 * @property {() => number[]} agentPids pids of the agent processes currently running
 * @property {() => Promise<void>} close closes every socket (1001) and HTTP connection, stops every agent and the server
 */

/**
 * @typedef {object} AttachedBridge
 * @property {string} path the path it answers on
 * @property {() => number[]} agentPids pids of the agent processes currently running
 * @property {() => Promise<void>} close closes its sockets (1001) and HTTP connections, stops its
 *   agents and stops answering at its path; the host's server keeps running
 */

/**
 * Starts the bridge on its own HTTP server and resolves once it is listening. Every path is the
 * endpoint: WebSocket upgrades and Streamable HTTP; a plain GET gets 426 Upgrade Required.
 * @param {BridgeOptions} options
 * @returns {Promise<Bridge>}
 * @throws {Error} `code: 'ENOENT' | 'EACCES'` when the agent command cannot be run, `EADDRINUSE` etc. when listening fails
 */
export async function startBridge(options) {
  const { host = DEFAULT_HOST, port: requestedPort = DEFAULT_PORT, ...agentOptions } = options;
  if (agentOptions.terminalAuth && !isLoopbackHost(host)) {
    throw new TypeError(`startBridge: \`terminalAuth\` is for loopback only (the page types into a program on this machine); host is ${host}`);
  }
  const core = createBridgeCore(agentOptions, 'startBridge');

  const server = createServer(core.handleRequest);
  server.on('upgrade', core.handleUpgrade);

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(requestedPort, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  server.on('error', (error) => core.log('error', `server: ${error.message}`));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : requestedPort;
  const authority = `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
  const url = `ws://${authority}`;

  const warning = exposureWarning(host, core.hasToken);
  if (warning) core.log('warn', warning);

  /** @type {Promise<void> | undefined} */
  let closed;
  const close = () => {
    closed ??= (async () => {
      await core.close();
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
    })();
    return closed;
  };

  return { url, httpUrl: `http://${authority}`, host, port, agentPids: core.agentPids, close };
}

/**
 * Mounts the bridge on a host's own HTTP (or HTTPS) server: WebSocket upgrades and Streamable HTTP
 * requests to `path` are checked and connected to an agent; other upgrades are left to the
 * server's other `upgrade` listeners (refused with 404 when there are none), and other requests
 * (other paths, and a plain GET of `path`) stay the host's: its `request` listeners, registered
 * before this call, run for them. The same Origin and token checks apply: a page served by the host from a non-loopback
 * origin needs `allowOrigins`.
 *
 * ```js
 * const server = http.createServer(app);
 * const bridge = attachBridge(server, { path: '/acp', command: 'npx', args: ['@agentclientprotocol/claude-agent-acp'] });
 * server.listen(8080, '127.0.0.1');
 * // later: await bridge.close(); server.close();
 * ```
 * @param {import('node:http').Server} server
 * @param {AttachBridgeOptions} options
 * @returns {AttachedBridge}
 * @throws {TypeError} on a missing or relative `path`; `code: 'ENOENT' | 'EACCES'` when the agent command cannot be run
 */
export function attachBridge(server, options) {
  const { path, ...agentOptions } = options ?? /** @type {AttachBridgeOptions} */ ({});
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new TypeError(`attachBridge: \`path\` must be a URL path starting with "/", such as "/acp"; got ${JSON.stringify(path)}`);
  }
  // A launcher answers under the path (`<path>/registry`, `<path>/agents/<id>`…); otherwise the path itself is the endpoint.
  const core = createBridgeCore(agentOptions, 'attachBridge', agentOptions.launcher ? path.replace(/\/+$/, '') : '');
  /** @param {string} pathname */
  const owns = (pathname) => (core.launcher ? pathname.startsWith(`${path.replace(/\/+$/, '')}/`) : pathname === path);

  /** @type {(request: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => void} */
  const onUpgrade = (request, socket, head) => {
    if (owns(new URL(request.url ?? '/', 'http://localhost').pathname)) {
      core.handleUpgrade(request, socket, head);
      return;
    }
    // Another listener (a dev server's HMR socket, another bridge) may own this path. With none,
    // Node would leave the socket open forever, so answer it.
    if (server.listenerCount('upgrade') > 1) return;
    socket.on('error', () => {});
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  server.on('upgrade', onUpgrade);

  // ACP requests to `path` are the bridge's; the host's own listeners keep everything else (a plain
  // GET of the path included, as before there was an HTTP transport).
  const hostListeners = /** @type {((request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void)[]} */ (
    server.listeners('request')
  );
  /** @type {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void} */
  const onRequest = (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (owns(pathname) && (core.launcher || isAcpHttpRequest(request))) {
      core.handleRequest(request, response);
      return;
    }
    for (const listener of hostListeners) listener.call(server, request, response);
    if (hostListeners.length === 0) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not Found\n');
    }
  };
  for (const listener of hostListeners) server.off('request', listener);
  server.on('request', onRequest);

  const warnIfExposed = () => {
    const address = server.address();
    const warning = address && typeof address === 'object' ? exposureWarning(address.address, core.hasToken) : undefined;
    if (warning) core.log('warn', warning);
    if (warning && core.features.terminalAuth) {
      core.features.terminalAuth = false;
      core.log('warn', 'terminalAuth is off: the server listens beyond loopback, and a sign-in terminal is for pages on this machine only');
    }
  };
  if (server.listening) warnIfExposed();
  else server.once('listening', warnIfExposed);

  /** @type {Promise<void> | undefined} */
  let closed;
  return {
    path,
    agentPids: core.agentPids,
    close: () => {
      closed ??= (async () => {
        server.off('listening', warnIfExposed);
        await core.close();
        server.off('upgrade', onUpgrade);
        server.off('request', onRequest);
        for (const listener of hostListeners) server.on('request', listener);
      })();
      return closed;
    },
  };
}

/**
 * What both entry points share: the checks on an upgrade, the agents and sockets, and shutdown.
 * @param {BridgeAgentOptions} options
 * @param {string} caller for error messages
 * @param {string} [basePath] in launcher mode, the prefix of its routes (attachBridge's `path`)
 */
function createBridgeCore(options, caller, basePath = '') {
  /** @param {import('node:http').IncomingMessage} request the launcher route a request names */
  const routeOf = (request) => new URL(request.url ?? '/', 'http://localhost').pathname.slice(basePath.length);
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const killTimeoutMs = options.killTimeoutMs ?? DEFAULT_KILL_TIMEOUT_MS;
  const log = options.log ?? createStderrLogger();
  const token = options.token;
  const observerToken = options.observerToken;
  const allowOrigins = (options.allowOrigins ?? []).map(normalizeAllowedOrigin);
  const env = { ...(options.env ?? process.env) };
  delete env[TOKEN_ENV]; // the agent has no business knowing the bridge's secret
  const cwd = options.cwd ?? process.cwd();

  if (!options.command && !options.launcher) throw new TypeError(`${caller}: \`command\` is required (or \`launcher: true\`)`);
  if (options.command && options.launcher) throw new TypeError(`${caller}: give either \`command\` or \`launcher\`, not both`);
  if (options.launcher && options.shared)
    throw new TypeError(`${caller}: \`launcher\` cannot be combined with \`shared\` (each connection starts the agent it names)`);
  if (!Number.isSafeInteger(maxMessageBytes) || maxMessageBytes <= 0) throw new RangeError('maxMessageBytes must be a positive integer');
  if (token !== undefined && token === '') throw new TypeError('token must not be empty');
  if (observerToken !== undefined) {
    if (!options.shared || token === undefined) throw new TypeError(`${caller}: \`observerToken\` needs \`shared\` and \`token\` (it admits read-only pages)`);
    if (observerToken === '' || observerToken === token) throw new TypeError('observerToken must not be empty nor the same as token');
  }
  /**
   * The token check of a request; with `shared`, the page's role too (`shared-roles.mjs`).
   * @param {import('node:http').IncomingMessage} request
   * @returns {import('./http-endpoint.mjs').AccessVerdict}
   */
  const checkAccess = (request) => (options.shared ? pageRole({ token, observerToken }, request) : checkToken(token, request));
  if (options.terminals && options.shared)
    throw new TypeError(`${caller}: \`terminals\` cannot be combined with \`shared\` (a terminal belongs to one page's connection)`);
  if (options.terminalAuth && options.shared)
    throw new TypeError(`${caller}: \`terminalAuth\` cannot be combined with \`shared\` (signing in restarts the agent, which other pages use)`);
  if (options.command) assertCommandRunnable(options.command, { env, cwd });
  const launcher = options.launcher ? createLauncher({ registry: options.registry, hasUvx: () => isRunnable('uvx', env, cwd), env, cwd, log }) : undefined;
  /** The agent of every connection, without a launcher. @type {import('./launcher.mjs').LaunchTarget} */
  const fixedTarget = { command: options.command ?? '', args: [...(options.args ?? [])], env: {}, label: options.command ?? '' };

  const checkOrigin = createOriginCheck(allowOrigins);
  /** @type {Set<import('./client-socket.mjs').BridgeClient>} */
  const clients = new Set();
  /** @type {Set<AgentProcess>} */
  const agents = new Set();
  let closing = false;
  let connectionCount = 0;

  /**
   * Starts processes of one agent (the fixed command, or the registry agent a launcher connection names).
   * @param {import('./launcher.mjs').LaunchTarget} target
   * @returns {import('./dedicated.mjs').AgentFactory}
   */
  const agentFactory =
    (target) =>
    (handlers, extraEnv = {}) => {
      // Sign-in values (extraEnv) live in this process's memory only, for the life of this agent.
      const agentEnv = Object.keys(target.env).length || Object.keys(extraEnv).length ? { ...env, ...target.env, ...extraEnv } : env;
      // What the page may be shown of its stderr hides every secret the bridge holds for it.
      const redact = createRedactor(secretValues({ env: agentEnv, extraEnv, token }));
      const agent = new AgentProcess({ command: target.command, args: target.args, env: agentEnv, cwd, maxMessageBytes, log, redact, ...handlers });
      if (agent.pid !== undefined) log('info', `agent ${agent.pid} started: ${[target.command, ...target.args].join(' ')}`);
      agents.add(agent);
      void agent.exited.then(() => agents.delete(agent));
      return agent;
    };
  const createAgent = agentFactory(fixedTarget);
  const version = packageVersion();
  /** @type {import('./handshake.mjs').BridgeFeatures} */
  const features = {
    // A shared agent outlives its pages: one page's sign-in values must not restart it under another.
    envVarAuth: !options.shared,
    terminalAuth: Boolean(options.terminalAuth),
    terminals: Boolean(options.terminals),
  };
  /** @type {((connection: import('./dedicated.mjs').ConnectionView, target: import('./launcher.mjs').LaunchTarget) => import('./dedicated.mjs').BridgeServices) | undefined} */
  const services =
    options.terminals || options.terminalAuth
      ? (connection, target) => {
          /** @type {import('./dedicated.mjs').BridgeServices[]} */
          const list = [];
          if (options.terminals)
            list.push(createTerminalService({ send: connection.send, sessionCwd: connection.sessionCwd, cwd, env, log, label: connection.label }));
          // Read per request: a bridge attached to a server that turns out to listen beyond loopback turns it off.
          if (options.terminalAuth) {
            const agentLaunch = () => ({ command: target.command, args: target.args, env: { ...env, ...target.env, ...connection.extraEnv() }, cwd });
            const service = createAuthTerminalService({ ...connection, agentLaunch, log });
            list.push({ ...service, fromPage: (message, reply) => features.terminalAuth && service.fromPage(message, reply) });
          }
          return combineServices(list);
        }
      : undefined;
  const shared = options.shared
    ? new SharedAgent({ createAgent, killTimeoutMs, sharedBufferBytes: options.sharedBufferBytes ?? DEFAULT_SHARED_BUFFER_BYTES, log, features, version })
    : undefined;

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: maxMessageBytes,
    perMessageDeflate: false,
    clientTracking: false,
    handleProtocols: (protocols) => selectProtocol(protocols, token) || (observerToken !== undefined && selectProtocol(protocols, observerToken)),
  });

  /** @type {(request: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => void} */
  const handleUpgrade = (request, socket, head) => {
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
    const tokenVerdict = checkAccess(request);
    if (!tokenVerdict.ok) return refuse(401, tokenVerdict.reason);
    const { role } = tokenVerdict;
    /** @type {import('./launcher.mjs').TargetVerdict} */
    const verdict = launcher ? launcher.target(routeOf(request)) : { ok: true, target: fixedTarget };
    if (!verdict.ok) return refuse(verdict.status, verdict.reason);
    const { target } = verdict;

    wss.handleUpgrade(request, socket, head, (ws) => {
      const label = `client #${++connectionCount} from ${who}`;
      const client = new ClientSocket(ws, { label, maxMessageBytes, pingIntervalMs: options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS, log });
      ws.on('close', (code, reason) => log('info', `${label}: disconnected (${code}${reason.length ? ` ${reason}` : ''})`));
      if (closing) {
        clients.add(client);
        void client.closed.then(() => clients.delete(client));
        client.close(CloseCode.GOING_AWAY, 'the bridge is shutting down');
        return;
      }
      log('info', `${label}: connected${launcher ? ` to ${target.label}` : ''}`);
      serve(client, target, role);
    });
  };

  /**
   * Connects a client (a WebSocket or a Streamable HTTP connection) to its agent.
   * @param {import('./client-socket.mjs').BridgeClient} client
   * @param {import('./launcher.mjs').LaunchTarget} target
   * @param {import('./shared-roles.mjs').PageRole} [role] with `shared`, from the token or the address
   */
  const serve = (client, target, role) => {
    clients.add(client);
    void client.closed.then(() => clients.delete(client));
    if (!shared) {
      const connectionServices = services && ((/** @type {import('./dedicated.mjs').ConnectionView} */ connection) => services(connection, target));
      serveDedicated(client, {
        createAgent: target === fixedTarget ? createAgent : agentFactory(target),
        killTimeoutMs,
        log,
        features,
        version,
        services: connectionServices,
      });
    } else shared.attach(client, role ?? 'controller');
  };

  const http = createHttpEndpoint({
    checkOrigin,
    checkToken: checkAccess,
    isClosing: () => closing,
    serve: (channel, target, role) => serve(channel, /** @type {import('./launcher.mjs').LaunchTarget | undefined} */ (target) ?? fixedTarget, role),
    label: (who) => `client #${++connectionCount} from ${who}`,
    maxMessageBytes,
    idleTimeoutMs: options.httpIdleTimeoutMs ?? DEFAULT_HTTP_IDLE_TIMEOUT_MS,
    log,
  });

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
      await Promise.all([...stopping, ...[...clients].map((client) => client.closed), http.close()]);
      // An install is never stopped midway (a killed npx install breaks later runs of the package).
      const installs = launcher?.pendingInstalls() ?? [];
      if (installs.length) {
        log('info', `waiting for ${installs.length} install(s) to finish before stopping (stopping one midway would break later runs)`);
        await Promise.all(installs);
      }
      process.off('exit', killAgentsOnExit);
    })();
    return closed;
  };

  /**
   * An HTTP request to the endpoint: Streamable HTTP, and in launcher mode the launcher's routes.
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  const handleRequest = (request, response) => {
    if (!launcher) return http.handle(request, response);
    const admitted = http.admit(request, response);
    if (!admitted) return;
    const pathname = routeOf(request);
    if (launcher.serve(request, response, pathname)) return;
    const verdict = launcher.target(pathname);
    if (!verdict.ok) return admitted.answer(verdict.status, verdict.reason, verdict.status === 404);
    http.serve(request, response, admitted, verdict.target);
  };

  return {
    log,
    features,
    launcher,
    hasToken: token !== undefined,
    handleUpgrade,
    handleRequest,
    agentPids: () => [...agents].filter((agent) => !agent.hasExited).map((agent) => /** @type {number} */ (agent.pid)),
    close,
  };
}

/**
 * One connection's services as one: a message goes to the first that takes it.
 * @param {import('./dedicated.mjs').BridgeServices[]} list
 * @returns {import('./dedicated.mjs').BridgeServices}
 */
function combineServices(list) {
  return {
    fromPage: (message, reply) => list.some((service) => service.fromPage?.(message, reply) ?? false),
    fromAgent: (message, reply) => list.some((service) => service.fromAgent?.(message, reply) ?? false),
    agentReplaced: () => list.forEach((service) => service.agentReplaced?.()),
    close: () => list.forEach((service) => service.close?.()),
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

/**
 * Whether a request is Streamable HTTP (anything but a plain GET: a POST, DELETE, CORS preflight,
 * or a GET of an event stream).
 * @param {import('node:http').IncomingMessage} request
 */
function isAcpHttpRequest(request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  return request.headers['acp-connection-id'] !== undefined || /text\/event-stream/i.test(String(request.headers.accept ?? ''));
}

/** @type {Record<number, string>} */
const STATUS_TEXT = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Content', 503: 'Service Unavailable' };

/**
 * @param {string} command
 * @param {NodeJS.ProcessEnv} env
 * @param {string} cwd
 */
function isRunnable(command, env, cwd) {
  try {
    assertCommandRunnable(command, { env, cwd });
    return true;
  } catch {
    return false;
  }
}
