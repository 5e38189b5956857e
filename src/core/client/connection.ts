/**
 * The connection to the agent and its reconnect loop: one SDK client connection at a time (a new
 * one per reconnect) over the tapped stream, with the client's handlers, connected once the
 * client's own `initialize` (`negotiate.ts`) settled the protocol version; a drop is noticed,
 * shown, and followed by a
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
import { isRecord } from '../guards.js';
import type { AcpErrorInfo, AcpSnapshot, AgentState } from '../types.js';
import { DEFAULT_RECONNECT, reconnectDelay } from './backoff.js';
import { agentError, createRequest, type Request } from './request.js';
import type { ExtensionCall } from './agent-requests.js';
import type { ClientTap } from './inbound.js';
import { toPeer, type AgentPeer, type HandlerApp } from './agent-peer.js';
import type { ConnectionModules } from './connection-modules.js';
import type { PermissionReader } from '../protocol/v2.js';
import { negotiate, type Handshake } from './negotiate.js';
import { addDiagnostic } from './snapshot.js';
import { canReconnect, openStream } from './transport.js';

export interface ConnectionHooks {
  /** Serves `fs/*` and `terminal/*` (with adapters) and routes child sessions on a new connection's app; null with none of them. */
  serveWorkspace: ((app: acp.ClientApp) => Promise<void>) | null;
  /** An extension notification (`_…`) that came before the `initialize` answer, before any app is connected. */
  early(notification: ExtensionCall): void;
  /** Registers the handlers of the other agent requests (permission, elicitation, extensions) on the app of the ACP version answered, with its permission reader (none: v1's). */
  register(app: HandlerApp, readPermission?: PermissionReader): void;
  /** The connection is initialized; after a reconnect, the open sessions are restored. */
  ready(isReconnect: boolean): Promise<void>;
  /** The connection dropped; `willRetry` when a reconnect follows. */
  dropped(error: AcpErrorInfo, willRetry: boolean): void;
}

export interface Connection {
  request: Request;
  /** The open, initialized connection, or a `notConnected` error. */
  requireConnection(): AgentPeer;
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
  modules: ConnectionModules,
  hooks: ConnectionHooks,
): Connection {
  /** Sets some of the snapshot's fields. */
  const set = (fields: Partial<AcpSnapshot>) => update((s) => ({ ...s, ...fields }));
  const reconnectOptions = { ...DEFAULT_RECONNECT, ...(options.reconnect || {}) };
  const reconnectEnabled = options.reconnect !== false && reconnectOptions.enabled && canReconnect(options);

  let connection: AgentPeer | null = null;
  let generation = 0;
  let wantConnected = false;
  let disposed = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let connecting: Promise<void> | null = null;
  /** Aborts the attempt's `initialize` (a `disconnect` while it waits for the answer). */
  let negotiating: AbortController | undefined;
  /** The last failed attempt's code and message, until an attempt succeeds. */
  let lastFailure = '';

  const requireConnection = (): AgentPeer => {
    if (!connection || get().status !== 'ready') {
      throw new AcpClientError(ErrorCodes.notConnected, 'Not connected to the agent.');
    }
    return connection;
  };
  const request = createRequest(requireConnection, update, options.requestTimeoutMs ?? 60_000, options.url);

  const protocol = options.protocol ?? 'auto';
  const clientInfo = options.clientInfo ?? { name: 'acp-react', version: '0.1.0' };
  /** The opt-in to terminal sign-in through acp-react-bridge, which rewrites `auth.terminal` when it can run it. */
  const bridgeMeta = options.terminalAuth ? { _meta: { 'acp-react/bridge': { terminalAuth: true } } } : {};
  /**
   * The `initialize` params offering `protocolVersion`: with `auto` and version 2, both versions'
   * fields, so a v1 agent answers 1 to the same request; `protocol: 2` sends v2's only.
   */
  const offer = (protocolVersion: 1 | 2) => ({
    protocolVersion,
    ...(protocolVersion === 2 && {
      info: clientInfo,
      // v2 has no client fs or terminals; sub-agents and plans are part of it.
      capabilities: { elicitation: { form: {}, url: {} }, ...bridgeMeta },
    }),
    ...(protocol !== 2 && {
      // What the client can serve: `fs` and `terminal` only with the host's adapters.
      clientCapabilities: {
        fs: { readTextFile: Boolean(options.fs), writeTextFile: Boolean(options.fs?.writeTextFile) },
        terminal: Boolean(options.terminal),
        elicitation: { form: {}, url: {} },
        session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
        auth: { terminal: false },
        ...bridgeMeta,
        // Plan operations (`plan_update` by id, `plan_removed`); the legacy `plan` is still read.
        plan: {},
        // Child sessions, unless the host turned them off.
        ...(options.subagents !== false && { subagents: {} }),
      },
      clientInfo,
    }),
  });

  async function openConnection(isReconnect: boolean): Promise<void> {
    const myGeneration = ++generation;
    // Disconnected (or disposed) while this attempt awaited, or replaced by a newer one: it must
    // not leave a socket open nor set a status over the one `disconnect` set.
    const stale = () => myGeneration !== generation || !wantConnected;
    set({ status: isReconnect ? 'reconnecting' : 'connecting' });
    tap.reset();
    const app = acp.client({ name: clientInfo.name });
    const aborted = (negotiating = new AbortController()).signal;
    let handshake: Handshake;
    try {
      if (hooks.serveWorkspace) await hooks.serveWorkspace(app);
      if (stale()) return;
      // The client's own `initialize`; the app, of the version answered, gets the rest.
      handshake = await negotiate(
        // A promise only over HTTP, whose code is fetched on first use.
        () => openStream(options, tap, modules),
        protocol,
        offer,
        options.initializeTimeoutMs ?? 20_000,
        aborted,
        undefined,
        hooks.early,
      );
    } catch (error) {
      if (stale()) return;
      throw agentError(error, options.url, update);
    }
    const dropRest = () => void handshake.rest.readable.cancel().catch(() => {});
    if (stale()) return dropRest();
    let conn: AgentPeer;
    let agent: AgentState;
    if (handshake.version === 2) {
      // The v2 app (fetched now: most agents speak v1) answers its own `initialize` locally.
      let v2: Awaited<ReturnType<ConnectionModules['protocolV2']>>;
      try {
        v2 = await modules.protocolV2();
        if (stale()) return dropRest();
        const v2conn = await v2.connectV2(handshake.rest, handshake.result, offer(2), (app) => hooks.register(app, v2.readPermissionV2), clientInfo.name);
        conn = toPeer(v2conn.agent, v2conn);
      } catch (error) {
        dropRest();
        if (stale()) return;
        throw agentError(error, options.url, update);
      }
      if (stale()) return conn.close();
      agent = v2.readInitializeV2(handshake.result);
    } else {
      hooks.register(app as unknown as HandlerApp);
      const v1 = app.connect(handshake.rest);
      conn = toPeer(v1.agent, v1);
      // Read leniently: no SDK parser saw the answer (it would drop the fields of another version).
      const { agentInfo, agentCapabilities, authMethods, _meta } = handshake.result;
      agent = {
        info: isRecord(agentInfo) ? (agentInfo as acp.Implementation) : null,
        capabilities: isRecord(agentCapabilities) ? agentCapabilities : {},
        authMethods: Array.isArray(authMethods) ? authMethods : [],
        protocolVersion: 1,
        _meta: _meta as AgentState['_meta'],
      };
    }
    connection = conn;
    void conn.closed.then(() => onClosed(myGeneration, conn));
    lastFailure = '';
    set({ status: 'ready', error: null, reconnect: { attempt: 0, nextAttemptAt: null }, agent });
    const { oddity } = handshake;
    if (oddity) update((s) => addDiagnostic(s, 'protocol_oddity', oddity, now(), handshake.result));
    await hooks.ready(isReconnect);
  }

  function onClosed(myGeneration: number, conn: AgentPeer) {
    // Not this attempt's connection any more (a newer one, or a disconnect), or not ready yet.
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
    negotiating?.abort();
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
