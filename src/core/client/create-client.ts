/**
 * `createAcpClient`: the headless ACP client. It owns one SDK client connection at a time (a new
 * one per reconnect), folds everything the agent sends into an immutable snapshot, and exposes
 * the protocol's client-side actions, each gated by the capabilities the agent advertised.
 *
 * What a page needs to connect, stream and prompt is here; the rest is fetched on demand so the
 * core entry stays small (see `on-demand.ts`): file and terminal requests (`workspace.ts`), the
 * less frequent actions and the restore after a reconnect (`session-actions.ts`), frame refusals
 * (`refused-frames.ts`, via the transport) and elicitation reading (`elicitation.ts`). The first
 * two of those come through `ConnectionModules`, which `<AcpProvider>` supplies already loaded.
 */
import * as acp from '@agentclientprotocol/sdk';
import type { FsAdapter, PermissionPolicy, TerminalAdapter } from '../adapters.js';
import { toPromptBlocks } from '../content.js';
import { AcpClientError, ErrorCodes, isAuthRequired, toAcpError } from '../errors.js';
import { isRecord, isString } from '../guards.js';
import { applySessionUpdate, cancelTurn, endTurn, startTurn } from '../reducer/index.js';
import { createSessionState } from '../session.js';
import { createStore, type SchedulerOption } from '../store.js';
import type { AcpSnapshot, SessionState } from '../types.js';
import { createPendingRequests } from './agent-requests.js';
import { DEFAULT_RECONNECT, reconnectDelay, type ReconnectOptions } from './backoff.js';
import { ON_DEMAND, type ConnectionModules } from './connection-modules.js';
import { addDiagnostic, initialSnapshot, putSession, removeSession, withSession } from './snapshot.js';
import type { TerminalManager } from './terminals.js';
import type { ClientHelpers } from './on-demand.js';
import type { SessionActions } from './session-actions.js';
import type { WorkspaceHost } from './workspace.js';
import { createTrafficLog, type TrafficLog } from './traffic.js';
import { canReconnect, openStream, type Envelope, type TransportOptions } from './transport.js';

export interface AcpClientOptions extends TransportOptions {
  clientInfo?: acp.Implementation;
  /** Serves `fs/*` requests; `fs` capabilities are advertised only when given. */
  fs?: FsAdapter;
  /** Serves `terminal/*` requests; the `terminal` capability is advertised only when given. */
  terminal?: TerminalAdapter;
  /** Answers permission requests without the user. Without one, every request waits for the user. */
  permissionPolicy?: PermissionPolicy;
  reconnect?: ReconnectOptions | false;
  /** `frame` (default): notify at most once per animation frame. `sync`: at once (tests). */
  scheduler?: SchedulerOption;
  /** Timeout for `initialize`, ms. Default 20 s. */
  initializeTimeoutMs?: number;
  /** Timeout for other requests except `session/prompt`, ms; 0 disables. Default 60 s. */
  requestTimeoutMs?: number;
  /** How many frames the traffic log keeps for the inspector; 0 disables it. Default 5000. */
  trafficCapacity?: number;
  /** Clock for timestamps (tests). */
  now?: () => number;
}

export interface NewSessionOptions {
  cwd: string;
  mcpServers?: acp.McpServer[];
  additionalDirectories?: string[];
}

export interface AcpClient {
  getSnapshot(): AcpSnapshot;
  subscribe(listener: () => void): () => void;
  readonly traffic: TrafficLog;
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  /** Skips the backoff wait of a pending reconnect (or reconnects after a failure). */
  retryNow(): void;
  authenticate(methodId: string): Promise<void>;
  logout(): Promise<void>;
  newSession(options: NewSessionOptions): Promise<SessionState>;
  loadSession(sessionId: string, options: NewSessionOptions): Promise<SessionState>;
  resumeSession(sessionId: string, options: NewSessionOptions): Promise<SessionState>;
  listSessions(params?: { cwd?: string; cursor?: string }): Promise<acp.ListSessionsResponse>;
  closeSession(sessionId: string): Promise<void>;
  deleteSession(sessionId: string): Promise<void>;
  prompt(sessionId: string, prompt: string | acp.ContentBlock[]): Promise<acp.StopReason>;
  cancel(sessionId: string): Promise<void>;
  setMode(sessionId: string, modeId: string): Promise<void>;
  setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<acp.SessionConfigOption[]>;
  /** Answers a permission request; `null` answers `cancelled`. False if it was already answered. */
  respondToPermission(requestId: string, optionId: string | null): boolean;
  respondToElicitation(requestId: string, response: acp.CreateElicitationResponse): boolean;
  /** Stops everything for good (unmount). */
  dispose(): void;
}

const SUPPORTED_PROTOCOL_VERSION = acp.PROTOCOL_VERSION;

/** "300 ms", "20 s", "1.5 s". */
function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}
const MAX_BUFFERED_UPDATES = 2000;
const MAX_BUFFERED_SESSIONS = 16;

export function createAcpClient(options: AcpClientOptions): AcpClient {
  return createClient(options, ON_DEMAND);
}

/** `createAcpClient` with the connection's modules supplied (see `connection-modules.ts`). */
export function createClient(options: AcpClientOptions, modules: ConnectionModules): AcpClient {
  const now = options.now ?? Date.now;
  const store = createStore<AcpSnapshot>(initialSnapshot(), options.scheduler ?? 'frame');
  const traffic = createTrafficLog(options.trafficCapacity ?? 5000, now);
  const reconnectOptions = { ...DEFAULT_RECONNECT, ...(options.reconnect || {}) };
  const reconnectEnabled = options.reconnect !== false && reconnectOptions.enabled && canReconnect(options);
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000;

  const get = store.getSnapshot;
  const update = (fn: (s: AcpSnapshot) => AcpSnapshot) => store.setState(fn(get()));
  const diagnose = (kind: Parameters<typeof addDiagnostic>[1], message: string, raw?: unknown) =>
    update((s) => addDiagnostic(s, kind, message, now(), raw));

  /** Made on the first connection (with the workspace module); it outlives reconnects. */
  let terminals: TerminalManager | undefined;

  const pending = createPendingRequests({
    get,
    update,
    now,
    diagnose,
    permissionPolicy: options.permissionPolicy as PermissionPolicy | undefined,
    connectionLost: () => !connection || connection.signal.aborted,
    sessionOfRequest: (id) => outstanding.get(id) ?? null,
  });

  let connection: acp.ClientConnection | null = null;
  let generation = 0;
  let wantConnected = false;
  let disposed = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let connecting: Promise<void> | null = null;
  /** Updates for sessions not known yet (e.g. sent just before the `session/new` response). */
  const strayUpdates = new Map<string, unknown[]>();
  /** Sessions this client closed or deleted (their late updates are ignored). */
  const endedSessions = new Set<string>();
  let turnCounter = 0;

  // --- inbound session updates -----------------------------------------------------------------

  const handleSessionUpdate = (params: unknown) => {
    if (!isRecord(params) || !isString(params.sessionId)) {
      diagnose('invalid_update', 'A session/update without a sessionId was ignored.', params);
      return;
    }
    const { sessionId } = params;
    if (!get().sessions[sessionId]) {
      // Late updates for a session this client closed or deleted are expected; drop them quietly.
      if (endedSessions.has(sessionId)) return;
      const buffered = strayUpdates.get(sessionId);
      if (!buffered) {
        // Bounded: an agent inventing session ids cannot grow the client's memory.
        if (strayUpdates.size >= MAX_BUFFERED_SESSIONS) {
          diagnose('unknown_session', `Update for an unknown session ${sessionId} was dropped (too many unknown sessions).`, params);
          return;
        }
        diagnose('unknown_session', `Update for an unknown session ${sessionId}; kept until the session appears.`, params);
        strayUpdates.set(sessionId, [params.update]);
        return;
      }
      if (buffered.length < MAX_BUFFERED_UPDATES) buffered.push(params.update);
      return;
    }
    const at = now();
    update((s) => withSession(s, sessionId, (session) => applySessionUpdate(session, params.update, at)));
  };

  const adoptStrayUpdates = (session: SessionState): SessionState => {
    const buffered = strayUpdates.get(session.sessionId);
    if (!buffered) return session;
    strayUpdates.delete(session.sessionId);
    const at = now();
    return buffered.reduce<SessionState>((acc, u) => applySessionUpdate(acc, u, at), session);
  };

  /**
   * Ids of the requests sent on the current connection and not answered yet. A response to any
   * other id (never sent, or answered twice) used to reach the SDK, which only logs it to the
   * console: it is refused here instead, with a diagnostic and an error in the traffic log.
   * Each maps to the session its params named, so a request-scoped elicitation (scoped to, say,
   * a running `session/prompt`) can be tied to its session.
   */
  let outstanding = new Map<string | number, string | null>();

  const tap = {
    refused(raw: string, reason: string, envelope?: Envelope): acp.AnyMessage | null {
      traffic.record({ dir: 'in', raw, error: reason });
      diagnose('malformed_frame', reason, raw.slice(0, 2000));
      // A refused (oversized) response still settles its request, as an error and at once:
      // otherwise the request waited for its timeout, or for ever (`session/prompt`).
      if (envelope?.id !== undefined && envelope.method === undefined && outstanding.delete(envelope.id)) {
        const error = { code: ErrorCodes.invalidRequest, message: reason, data: { reason: ErrorCodes.messageTooLarge } };
        return { jsonrpc: '2.0', id: envelope.id, error } as acp.AnyMessage;
      }
      return null;
    },
    malformed(raw: string) {
      traffic.record({ dir: 'in', raw, error: 'Not valid JSON.' });
      diagnose('malformed_frame', 'The agent sent a frame that is not valid JSON; it was ignored.', raw.slice(0, 2000));
    },
    message(msg: acp.AnyMessage) {
      if (!('method' in msg) && 'id' in msg) {
        const id = (msg as { id: unknown }).id;
        if (typeof id !== 'string' && typeof id !== 'number') {
          const error = (msg as { error?: { message?: unknown } }).error;
          const reason = `The agent reported an error for a message it could not identify${isString(error?.message) ? `: ${error.message}` : '.'}`;
          traffic.record({ dir: 'in', msg, error: reason });
          diagnose('protocol_error', reason, msg);
          return true;
        }
        if (!outstanding.delete(id)) {
          const reason = `The agent answered request id ${JSON.stringify(id)}, which is not pending; the response was ignored.`;
          traffic.record({ dir: 'in', msg, error: reason });
          diagnose('protocol_error', reason, msg);
          return true;
        }
      }
      traffic.record({ dir: 'in', msg });
      if ('method' in msg && msg.method === acp.methods.client.session.update && !('id' in msg && msg.id != null)) {
        handleSessionUpdate((msg as { params?: unknown }).params);
        return true;
      }
      return false;
    },
    outbound(msg: acp.AnyMessage) {
      const id = (msg as { id?: unknown }).id;
      if ('method' in msg && (typeof id === 'string' || typeof id === 'number')) {
        const params = (msg as { params?: unknown }).params;
        outstanding.set(id, isRecord(params) && isString(params.sessionId) ? params.sessionId : null);
      }
      traffic.record({ dir: 'out', msg });
    },
  };

  // --- requests --------------------------------------------------------------------------------

  const requireConnection = (): acp.ClientConnection => {
    if (!connection || get().status !== 'ready') {
      throw new AcpClientError(ErrorCodes.notConnected, 'Not connected to the agent.');
    }
    return connection;
  };

  async function request<T>(
    method: string,
    params: unknown,
    { timeoutMs = requestTimeoutMs, conn }: { timeoutMs?: number; conn?: acp.ClientConnection } = {},
  ): Promise<T> {
    const c = conn ?? requireConnection();
    const controller = new AbortController();
    const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(), timeoutMs) : null;
    try {
      return (await c.agent.request(method, params as never, {
        cancellationSignal: controller.signal,
        stopWaitingOnCancel: true,
      })) as T;
    } catch (error) {
      if (controller.signal.aborted) {
        // Formatted so a sub-second timeout does not read "within 0 s".
        throw new AcpClientError(ErrorCodes.timeout, `The agent did not answer ${method} within ${formatDuration(timeoutMs)}.`);
      }
      let normalized = toAcpError(error, options.url);
      // A refused oversized response is replaced by an error marked this way (see `tap.refused`).
      if (isRecord(normalized.data) && normalized.data.reason === ErrorCodes.messageTooLarge) {
        normalized = new AcpClientError(ErrorCodes.messageTooLarge, normalized.message, normalized.data);
      }
      if (isAuthRequired(normalized)) {
        update((s) => ({ ...s, auth: { ...s.auth, required: true, error: normalized.toInfo() } }));
      }
      throw normalized;
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  const capabilities = () => get().agent?.capabilities ?? {};

  const sessionParams = (opts: NewSessionOptions) => {
    const params: Record<string, unknown> = { cwd: opts.cwd, mcpServers: opts.mcpServers ?? [] };
    const extra = [...new Set(opts.additionalDirectories ?? [])].filter((d) => d && d !== opts.cwd);
    // Only sent when advertised, as the spec requires.
    if (extra.length > 0 && capabilities().sessionCapabilities?.additionalDirectories) params.additionalDirectories = extra;
    return params;
  };

  const applySetupResponse = (session: SessionState, response: unknown): SessionState => {
    const r = isRecord(response) ? response : {};
    return {
      ...session,
      modes: isRecord(r.modes) ? (r.modes as unknown as acp.SessionModeState) : session.modes,
      configOptions: Array.isArray(r.configOptions) ? (r.configOptions as acp.SessionConfigOption[]) : session.configOptions,
    };
  };

  // --- connection lifecycle --------------------------------------------------------------------

  const clientCapabilities = (): acp.ClientCapabilities => ({
    fs: { readTextFile: Boolean(options.fs), writeTextFile: Boolean(options.fs?.writeTextFile) },
    terminal: Boolean(options.terminal),
    elicitation: { form: {}, url: {} },
    session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
    auth: { terminal: false },
  } as acp.ClientCapabilities);

  async function openConnection(isReconnect: boolean): Promise<void> {
    const myGeneration = ++generation;
    update((s) => ({ ...s, status: isReconnect ? 'reconnecting' : 'connecting', error: null }));
    let conn: acp.ClientConnection;
    outstanding = new Map();
    try {
      const app = acp.client({ name: options.clientInfo?.name ?? 'acp-react' });
      if (options.fs || options.terminal) await serveWorkspace(app);
      conn = pending.register(app).connect(openStream(options, tap, modules));
    } catch (error) {
      throw toAcpError(error, options.url);
    }
    connection = conn;
    void conn.closed.then(() => onClosed(myGeneration, conn));

    let init: acp.InitializeResponse;
    try {
      init = await request<acp.InitializeResponse>(
        acp.methods.agent.initialize,
        {
          protocolVersion: SUPPORTED_PROTOCOL_VERSION,
          clientCapabilities: clientCapabilities(),
          clientInfo: options.clientInfo ?? { name: 'acp-react', version: '0.1.0' },
        },
        { timeoutMs: options.initializeTimeoutMs ?? 20_000, conn },
      );
    } catch (error) {
      const reason = conn.signal.aborted ? toAcpError(conn.signal.reason ?? error, options.url) : toAcpError(error, options.url);
      await abandon(conn);
      throw reason.code === ErrorCodes.connectionClosed
        ? new AcpClientError(ErrorCodes.connectionFailed, `Could not connect to the agent${options.url ? ` at ${options.url}` : ''}.`)
        : reason;
    }
    if (myGeneration !== generation) return;
    if (init.protocolVersion !== SUPPORTED_PROTOCOL_VERSION) {
      await abandon(conn);
      throw new AcpClientError(
        ErrorCodes.unsupportedProtocolVersion,
        `The agent speaks ACP protocol version ${init.protocolVersion}; this client supports version ${SUPPORTED_PROTOCOL_VERSION}.`,
      );
    }
    update((s) => ({
      ...s,
      status: 'ready',
      error: null,
      reconnect: { attempt: 0, nextAttemptAt: null },
      agent: {
        info: init.agentInfo ?? null,
        capabilities: init.agentCapabilities ?? {},
        authMethods: init.authMethods ?? [],
        protocolVersion: init.protocolVersion,
      },
    }));
    // Fetched now, while the connection is known to work, not first when it has dropped.
    const restore = actions();
    if (isReconnect) await (await restore).restoreSessions();
    else restore.catch(() => {});
  }

  const helpers: ClientHelpers = {
    get,
    update,
    error: (code, message, data) => new AcpClientError(ErrorCodes[code], message, data),
    normalize: (error) => toAcpError(error),
  };

  /** File and terminal requests: their code is fetched only for hosts that supplied an adapter. */
  async function serveWorkspace(app: acp.ClientApp) {
    const workspace = await import('./workspace.js');
    const host: WorkspaceHost = { ...helpers, diagnose: (message) => diagnose('adapter_error', message) };
    if (options.fs) workspace.serveFs(app, options.fs, host);
    if (options.terminal) workspace.serveTerminals(app, (terminals ??= workspace.createTerminalManager(options.terminal, host)), host);
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
    if (myGeneration !== generation || connection !== conn) return;
    connection = null;
    const reason = conn.signal.reason;
    terminals?.disposeAll();
    pending.interruptAll();
    const at = now();
    const error = new AcpClientError(ErrorCodes.connectionClosed, 'The connection to the agent was lost.').toInfo();
    // Running turns can never get their response now.
    update((s) => {
      let next = s;
      for (const session of Object.values(s.sessions)) {
        if (session.turn.state !== 'idle' && session.turn.turnId) {
          next = withSession(next, session.sessionId, (ss) => endTurn(ss, ss.turn.turnId!, { error, interrupted: true }, at));
        }
        // Until a reconnect resumes or reloads it, the session cannot take prompts.
        if (session.status === 'active') {
          const willRetry = reconnectEnabled && wantConnected && !disposed;
          next = withSession(next, session.sessionId, (ss) => ({
            ...ss,
            status: willRetry ? 'restoring' : 'lost',
            statusReason: willRetry ? null : 'The connection to the agent closed.',
          }));
        }
      }
      return next;
    });
    if (!wantConnected || disposed) {
      update((s) => ({ ...s, status: 'closed' }));
      return;
    }
    const detail = reason ? toAcpError(reason, options.url).message : error.message;
    if (!reconnectEnabled) {
      update((s) => ({ ...s, status: 'error', error: { code: ErrorCodes.connectionClosed, message: detail } }));
      return;
    }
    update((s) => ({ ...s, error: { code: ErrorCodes.connectionClosed, message: detail } }));
    scheduleReconnect(1);
  }

  function scheduleReconnect(attempt: number) {
    if (disposed || !wantConnected) return;
    if (attempt > reconnectOptions.maxAttempts) {
      update((s) => ({ ...s, status: 'error', reconnect: { attempt: attempt - 1, nextAttemptAt: null } }));
      return;
    }
    const delay = reconnectDelay(attempt, reconnectOptions);
    update((s) => ({ ...s, status: 'reconnecting', reconnect: { attempt, nextAttemptAt: now() + delay } }));
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void attemptReconnect(attempt);
    }, delay);
  }

  async function attemptReconnect(attempt: number) {
    if (disposed || !wantConnected) return;
    update((s) => ({ ...s, reconnect: { attempt, nextAttemptAt: null } }));
    try {
      connecting = openConnection(true);
      await connecting;
    } catch (error) {
      const normalized = toAcpError(error, options.url);
      update((s) => ({ ...s, error: normalized.toInfo() }));
      if (normalized.code === ErrorCodes.unsupportedProtocolVersion) {
        update((s) => ({ ...s, status: 'error' }));
        return;
      }
      scheduleReconnect(attempt + 1);
    } finally {
      connecting = null;
    }
  }

  // --- sessions --------------------------------------------------------------------------------

  async function newSession(opts: NewSessionOptions): Promise<SessionState> {
    const response = await request<acp.NewSessionResponse>(acp.methods.agent.session.new, sessionParams(opts));
    let session = createSessionState(response.sessionId, {
      cwd: opts.cwd,
      additionalDirectories: (sessionParams(opts).additionalDirectories as string[] | undefined) ?? [],
    });
    session = adoptStrayUpdates(applySetupResponse(session, response));
    update((s) => putSession(s, session));
    return get().sessions[session.sessionId]!;
  }

  // --- the less frequent actions (session-actions.ts, fetched once the first connection is ready) ---

  let loadingActions: Promise<SessionActions> | undefined;
  const actions = () =>
    (loadingActions ??= modules.sessionActions().then(
      (module) =>
        module.createSessionActions({
          ...helpers,
          request,
          sessionParams,
          withSetup: applySetupResponse,
          createSessionState,
          putSession,
          removeSession,
          withSession,
          endedSessions,
        }),
      (error) => {
        // Fetched again by the next call.
        loadingActions = undefined;
        throw toAcpError(error);
      },
    ));
  /** A client method that runs once the module has loaded. */
  const later = <K extends Exclude<keyof SessionActions, 'restoreSessions'>>(name: K): SessionActions[K] =>
    ((...args: unknown[]) => actions().then((loaded) => (loaded[name] as (...a: unknown[]) => unknown)(...args))) as SessionActions[K];

  // --- turns -----------------------------------------------------------------------------------

  const MIME_CAPABILITY: Record<string, keyof acp.PromptCapabilities> = {
    image: 'image',
    audio: 'audio',
    resource: 'embeddedContext',
  };

  async function prompt(sessionId: string, input: string | acp.ContentBlock[]): Promise<acp.StopReason> {
    const conn = requireConnection();
    const session = get().sessions[sessionId];
    if (!session) throw new AcpClientError(ErrorCodes.invalidState, `Unknown session: ${sessionId}`);
    if (session.status !== 'active') throw new AcpClientError(ErrorCodes.invalidState, `The session is ${session.status}; it cannot take a prompt now.`);
    if (session.turn.state !== 'idle') throw new AcpClientError(ErrorCodes.invalidState, 'A turn is already running in this session.');
    const blocks = toPromptBlocks(input);
    const promptCaps = capabilities().promptCapabilities ?? {};
    for (const block of blocks) {
      const needed = MIME_CAPABILITY[block.type];
      if (needed && !promptCaps[needed]) {
        throw new AcpClientError(ErrorCodes.unsupported, `The agent does not accept ${block.type} content in prompts.`);
      }
    }
    const turnId = `turn-${++turnCounter}`;
    update((s) => withSession(s, sessionId, (ss) => startTurn(ss, turnId, blocks, now())));
    try {
      const response = await request<acp.PromptResponse>(acp.methods.agent.session.prompt, { sessionId, prompt: blocks }, { timeoutMs: 0, conn });
      const usage = isRecord((response as { usage?: unknown }).usage) ? ((response as { usage?: unknown }).usage as SessionState['lastTurnUsage']) : undefined;
      update((s) => withSession(s, sessionId, (ss) => endTurn(ss, turnId, { stopReason: response.stopReason, usage }, now())));
      return response.stopReason;
    } catch (error) {
      const normalized = toAcpError(error);
      const cancelling = get().sessions[sessionId]?.turn.state === 'cancelling';
      // Agents must answer a cancelled turn with stopReason "cancelled"; some answer with an
      // error instead. After our own cancel, that is still a cancellation, not a failure.
      if (cancelling && normalized.code === ErrorCodes.requestCancelled) {
        update((s) => withSession(s, sessionId, (ss) => endTurn(ss, turnId, { stopReason: 'cancelled' }, now())));
        return 'cancelled';
      }
      // A dropped connection interrupts the turn; the agent may still have finished it.
      const interrupted = conn.signal.aborted || normalized.code === ErrorCodes.connectionClosed;
      update((s) => withSession(s, sessionId, (ss) => endTurn(ss, turnId, { error: normalized.toInfo(), interrupted }, now())));
      throw normalized;
    }
  }

  async function cancel(sessionId: string): Promise<void> {
    const session = get().sessions[sessionId];
    if (!session || session.turn.state !== 'running') return;
    // Check the connection first: without it no session/cancel can go out, and the turn must not
    // be left showing "cancelling".
    const conn = requireConnection();
    update((s) => withSession(s, sessionId, cancelTurn));
    pending.cancelSession(sessionId);
    await conn.agent.notify(acp.methods.agent.session.cancel, { sessionId });
  }

  // --- the client object -------------------------------------------------------------------------

  const client: AcpClient = {
    getSnapshot: get,
    subscribe: store.subscribe,
    traffic,

    async connect() {
      if (disposed) throw new AcpClientError(ErrorCodes.invalidState, 'This client was disposed.');
      wantConnected = true;
      if (get().status === 'ready') return;
      if (connecting) return connecting;
      connecting = openConnection(false).catch((error) => {
        const normalized = toAcpError(error, options.url);
        update((s) => ({ ...s, status: 'error', error: normalized.toInfo() }));
        if (reconnectEnabled && wantConnected && normalized.code !== ErrorCodes.unsupportedProtocolVersion) {
          scheduleReconnect(1);
        }
        throw normalized;
      });
      try {
        await connecting;
      } finally {
        connecting = null;
      }
    },

    async disconnect() {
      wantConnected = false;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const conn = connection;
      if (conn) {
        conn.close();
        await conn.closed;
      }
      update((s) => ({ ...s, status: 'closed', reconnect: { attempt: 0, nextAttemptAt: null } }));
    },

    retryNow() {
      if (disposed) return;
      wantConnected = true;
      const status = get().status;
      if (status === 'ready' || connecting) return;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const attempt = get().reconnect.attempt || 1;
      if (status === 'reconnecting' || get().agent) void attemptReconnect(attempt);
      else void client.connect().catch(() => {});
    },



    newSession,
    authenticate: later('authenticate'),
    logout: later('logout'),
    loadSession: later('loadSession'),
    resumeSession: later('resumeSession'),
    listSessions: later('listSessions'),
    closeSession: later('closeSession'),
    deleteSession: later('deleteSession'),
    setMode: later('setMode'),
    setConfigOption: later('setConfigOption'),




    prompt,
    cancel,



    respondToPermission(requestId, optionId) {
      return pending.answerPermission(requestId, { optionId });
    },

    respondToElicitation(requestId, response) {
      return pending.answerElicitation(requestId, response);
    },

    dispose() {
      disposed = true;
      void client.disconnect();
    },
  };
  return client;
}
