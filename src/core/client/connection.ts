/**
 * The connection to the agent and its reconnect loop: one SDK client connection at a time (a new
 * one per reconnect) over the tapped stream, with the client's handlers, initialized with the
 * client's capabilities; a drop is noticed, shown, and followed by a
 * reconnect with backoff while the host wants to be connected. Requests go out through
 * `request` (`request.ts`), on whichever connection is current.
 *
 * A failed attempt's reason stays in the snapshot until an attempt succeeds, so it is on screen
 * while the next one runs, and an agent that fails the same way twice in a row is not tried again
 * on a timer (see `failed`).
 */
import * as acp from '@agentclientprotocol/sdk';
import type { AcpClient, AcpClientOptions } from '../api.js';
import { AcpClientError, ErrorCodes, toAcpError } from '../errors.js';
import type { AcpErrorInfo, AcpSnapshot } from '../types.js';
import { DEFAULT_RECONNECT, reconnectDelay } from './backoff.js';
import { createRequest, type Request } from './request.js';
import type { ClientTap } from './inbound.js';
import { canReconnect, openStream, type RefusalSource } from './transport.js';

const SUPPORTED_PROTOCOL_VERSION = acp.PROTOCOL_VERSION;

export interface ConnectionHooks {
  /** Serves `fs/*` and `terminal/*` on a new connection's app; null without adapters. */
  serveWorkspace: ((app: acp.ClientApp) => Promise<void>) | null;
  /** Registers the handlers of the other agent requests (permission, elicitation). */
  register(app: acp.ClientApp): acp.ClientApp;
  /** The connection is initialized; after a reconnect, the open sessions are restored. */
  ready(isReconnect: boolean): Promise<void>;
  /** The connection dropped; `willRetry` when a reconnect follows. */
  dropped(error: AcpErrorInfo, willRetry: boolean): void;
}

export interface Connection {
  request: Request;
  /** The open, initialized connection, or a `notConnected` error. */
  requireConnection(): acp.ClientConnection;
  /** True when there is no connection, or the one there is has closed. */
  lost(): boolean;
  /** The client's methods for the connection's lifecycle. */
  actions: Pick<AcpClient, 'connect' | 'disconnect' | 'retryNow' | 'dispose'>;
}

export function createConnection(
  get: () => AcpSnapshot,
  update: (fn: (snapshot: AcpSnapshot) => AcpSnapshot) => void,
  now: () => number,
  options: AcpClientOptions,
  tap: ClientTap,
  modules: RefusalSource,
  hooks: ConnectionHooks,
): Connection {
  /** Sets some of the snapshot's fields. */
  const set = (fields: Partial<AcpSnapshot>) => update((s) => ({ ...s, ...fields }));
  const reconnectOptions = { ...DEFAULT_RECONNECT, ...(options.reconnect || {}) };
  const reconnectEnabled = options.reconnect !== false && reconnectOptions.enabled && canReconnect(options);

  let connection: acp.ClientConnection | null = null;
  let generation = 0;
  let wantConnected = false;
  let disposed = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let connecting: Promise<void> | null = null;
  /** The last failed attempt's code and message, until an attempt succeeds. */
  let lastFailure = '';

  const requireConnection = (): acp.ClientConnection => {
    if (!connection || get().status !== 'ready') {
      throw new AcpClientError(ErrorCodes.notConnected, 'Not connected to the agent.');
    }
    return connection;
  };
  const request = createRequest(requireConnection, update, options.requestTimeoutMs ?? 60_000, options.url);

  async function openConnection(isReconnect: boolean): Promise<void> {
    const myGeneration = ++generation;
    // Disconnected (or disposed) while this attempt awaited, or replaced by a newer one: it must
    // not leave a socket open nor set a status over the one `disconnect` set.
    const stale = () => myGeneration !== generation || !wantConnected;
    set({ status: isReconnect ? 'reconnecting' : 'connecting' });
    let conn: acp.ClientConnection;
    tap.reset();
    try {
      const app = acp.client({ name: options.clientInfo?.name ?? 'acp-react' });
      // Awaited only when there is a module to fetch: without one, the connection is in place
      // when `connect()` returns, so a `disconnect()` right after it closes that connection.
      if (hooks.serveWorkspace) await hooks.serveWorkspace(app);
      // A promise only over HTTP, whose code is fetched on first use.
      const opened = openStream(options, tap, modules);
      conn = hooks.register(app).connect(opened instanceof Promise ? await opened : opened);
    } catch (error) {
      throw toAcpError(error, options.url);
    }
    // Even when already stale, the socket is let open and initialized before it is closed
    // (below): closing one still connecting makes the `ws` package throw an error nobody hears.
    connection = conn;
    void conn.closed.then(() => onClosed(myGeneration, conn));

    let init: acp.InitializeResponse;
    try {
      init = await request<acp.InitializeResponse>(
        acp.methods.agent.initialize,
        {
          protocolVersion: SUPPORTED_PROTOCOL_VERSION,
          // What the client can serve: `fs` and `terminal` only with the host's adapters.
          clientCapabilities: {
            fs: { readTextFile: Boolean(options.fs), writeTextFile: Boolean(options.fs?.writeTextFile) },
            terminal: Boolean(options.terminal),
            elicitation: { form: {}, url: {} },
            session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
            auth: { terminal: false },
            // The opt-in to terminal sign-in through acp-react-bridge, which rewrites `auth.terminal` when it can run it.
            ...(options.terminalAuth && { _meta: { 'acp-react/bridge': { terminalAuth: true } } }),
            // Plan operations (`plan_update` by id, `plan_removed`); the legacy `plan` is still read.
            plan: {},
            // Child sessions, unless the host turned them off.
            ...(options.subagents !== false && { subagents: {} }),
          } as acp.ClientCapabilities,
          clientInfo: options.clientInfo ?? { name: 'acp-react', version: '0.1.0' },
        },
        { timeoutMs: options.initializeTimeoutMs ?? 20_000, conn },
      );
    } catch (error) {
      if (stale()) return;
      // A socket that could not open failed with its own error (`connectionFailed`); one closed
      // after it opened says so (`connectionClosed`): the agent, or what runs it, was reached.
      const reason = conn.signal.aborted ? toAcpError(conn.signal.reason ?? error, options.url) : toAcpError(error, options.url);
      await abandon(conn);
      throw reason;
    }
    if (stale()) {
      await abandon(conn);
      return;
    }
    if (init.protocolVersion !== SUPPORTED_PROTOCOL_VERSION) {
      await abandon(conn);
      throw new AcpClientError(
        ErrorCodes.unsupportedProtocolVersion,
        `The agent speaks ACP protocol version ${init.protocolVersion}; this client supports version ${SUPPORTED_PROTOCOL_VERSION}.`,
      );
    }
    lastFailure = '';
    set({
      status: 'ready',
      error: null,
      reconnect: { attempt: 0, nextAttemptAt: null },
      agent: {
        info: init.agentInfo ?? null,
        capabilities: init.agentCapabilities ?? {},
        authMethods: init.authMethods ?? [],
        protocolVersion: init.protocolVersion,
        _meta: init._meta,
      },
    });
    await hooks.ready(isReconnect);
  }

  /**
   * Closes a connection given up on during `initialize` (timeout, unsupported protocol version).
   * It is detached first: its close used to be handled as a dropped connection, which replaced
   * the real error with "connection lost" and scheduled a reconnect (for a version mismatch, a
   * reconnect loop without end). The close also waits one task, so the `$/cancel_request` the SDK
   * queued for a timed-out `initialize` is written before the socket goes.
   */
  async function abandon(conn: acp.ClientConnection) {
    if (connection === conn) connection = null;
    await new Promise((resolve) => setTimeout(resolve, 0));
    conn.close();
  }

  function onClosed(myGeneration: number, conn: acp.ClientConnection) {
    // Before it was ready, the attempt reports the close itself: its `initialize` fails with it.
    if (myGeneration !== generation || connection !== conn || get().status !== 'ready') return;
    connection = null;
    const reason = conn.signal.reason;
    const error = new AcpClientError(ErrorCodes.connectionClosed, 'The connection to the agent was lost.').toInfo();
    hooks.dropped(error, reconnectEnabled && wantConnected && !disposed);
    if (!wantConnected || disposed) {
      set({ status: 'closed' });
      return;
    }
    const detail = reason ? toAcpError(reason, options.url).message : error.message;
    if (!reconnectEnabled) {
      set({ status: 'error', error: { code: ErrorCodes.connectionClosed, message: detail } });
      return;
    }
    set({ error: { code: ErrorCodes.connectionClosed, message: detail } });
    scheduleReconnect(1);
  }

  function scheduleReconnect(attempt: number) {
    if (disposed || !wantConnected) return;
    if (attempt > reconnectOptions.maxAttempts) {
      set({ status: 'error', reconnect: { attempt: attempt - 1, nextAttemptAt: null } });
      return;
    }
    const delay = reconnectDelay(attempt, reconnectOptions);
    set({ status: 'reconnecting', reconnect: { attempt, nextAttemptAt: now() + delay } });
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void attemptReconnect(attempt);
    }, delay);
  }

  async function attemptReconnect(attempt: number) {
    if (disposed || !wantConnected) return;
    set({ reconnect: { attempt, nextAttemptAt: null } });
    try {
      connecting = openConnection(true);
      await connecting;
    } catch (error) {
      failed(error, attempt);
    } finally {
      connecting = null;
    }
  }

  /**
   * A failed attempt (`attempt` 0: the first connect): its reason is shown, and the next attempt
   * scheduled, unless another cannot help: reconnecting is off, the agent speaks another protocol
   * version, or it was reached and failed exactly as on the attempt before. A server that cannot be
   * reached (`connectionFailed`) is retried on: a bridge restarting or a network coming back is
   * worth the wait.
   */
  function failed(error: unknown, attempt: number): AcpClientError {
    const normalized = toAcpError(error, options.url);
    const failure = normalized.code + normalized.message;
    const repeated = failure === lastFailure && normalized.code !== ErrorCodes.connectionFailed;
    const retry = reconnectEnabled && !repeated && normalized.code !== ErrorCodes.unsupportedProtocolVersion;
    lastFailure = failure;
    set({ error: normalized.toInfo() });
    if (retry) scheduleReconnect(attempt + 1);
    else set({ status: 'error', ...(repeated && { reconnect: { attempt, nextAttemptAt: null, repeatedFailure: true } }) });
    return normalized;
  }

  async function connect() {
    if (disposed) throw new AcpClientError(ErrorCodes.invalidState, 'This client was disposed.');
    wantConnected = true;
    if (get().status === 'ready') return;
    if (connecting) return connecting;
    connecting = openConnection(false).catch((error) => {
      throw failed(error, 0);
    });
    try {
      await connecting;
    } finally {
      connecting = null;
    }
  }

  async function disconnect() {
    wantConnected = false;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    const conn = connection;
    if (conn) {
      conn.close();
      await conn.closed;
    }
    set({ status: 'closed', reconnect: { attempt: 0, nextAttemptAt: null } });
  }

  return {
    request,
    requireConnection,
    lost: () => !connection || connection.signal.aborted,
    actions: {
      connect,
      disconnect,

      retryNow() {
        if (disposed) return;
        wantConnected = true;
        const status = get().status;
        if (status === 'ready' || connecting) return;
        if (reconnectTimer) clearTimeout(reconnectTimer);
        reconnectTimer = null;
        const attempt = get().reconnect.attempt || 1;
        if (status === 'reconnecting' || get().agent) void attemptReconnect(attempt);
        else void connect().catch(() => {});
      },

      dispose() {
        disposed = true;
        void disconnect();
      },
    },
  };
}
