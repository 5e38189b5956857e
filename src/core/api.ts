/**
 * What a host programs against: the client's options (transport, reconnect, the adapters and the
 * permission policy it plugs in), the client itself, and its actions, declared once.
 *
 * A leaf: it imports only types that import nothing of the client, so every client module can
 * take its types from here without an import cycle.
 *
 * Adding an ACP method: one entry in `ENTRY_ACTIONS` or `ON_DEMAND_ACTIONS`, and its
 * implementation (for the first, in the client module of its concept, which the facade
 * `client/create-client.ts` spreads into the client; for the second, in
 * `client/session-actions.ts`). `AcpClient`, what `session-actions.ts` must implement, the
 * client's lazy wiring and `useAcpActions` all follow from the lists; the compiler points at
 * anything missing.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { WebSocketConstructor } from '@agentclientprotocol/sdk/experimental/ws-client';
import type { TrafficLog } from './client/traffic.js';
import type { SchedulerOption } from './store.js';
import type { AcpSnapshot, Meta, SessionState, SharedRole } from './types.js';

// --- options ---------------------------------------------------------------------------------

export interface TransportOptions {
  /** `ws(s)://…` (WebSocket) or `http(s)://…` (Streamable HTTP); see `transport`. */
  url?: string;
  stream?: acp.Stream | (() => acp.Stream);
  /**
   * How `url` is reached. Default: from its scheme, `http(s)://` → `'http'` (Streamable HTTP: POST,
   * and an SSE stream for the connection and one per session), anything else → `'websocket'`.
   * The HTTP transport's code is fetched only when it is used.
   */
  transport?: 'websocket' | 'http';
  WebSocket?: WebSocketConstructor;
  protocols?: string[];
  /**
   * In a browser, the WebSocket (without `WebSocket` given) lives in a worker, one per page: the
   * frames reach the page in batches, at most one per 8 ms while an agent streams, with runs of
   * plain text chunks joined into one frame, so a flood costs the page a few parses a frame
   * instead of one per chunk. While someone watches `traffic` every frame comes as sent. Where no
   * worker can start (a CSP without `worker-src`) the socket opens on the main thread. Default
   * true; `false` keeps the socket on the main thread.
   */
  socketWorker?: boolean;
  /** Frames longer than this (in UTF-16 code units) are refused. Default 32 MiB. */
  maxMessageBytes?: number;
  /**
   * Over HTTP: how many sessions may hold an event stream at once. Each open session holds one,
   * the connection one more, and a browser opens at most six HTTP/1.1 connections per host; past
   * that every request waits for ever. Default 4 for `http://` (the connection's stream, four
   * sessions, one connection left for requests), unlimited for `https://` (HTTP/2 multiplexes).
   * A session over the limit is refused with a `session_limit` error.
   */
  maxHttpSessions?: number;
  /**
   * Over HTTP: how long an event stream may stay silent after it opened before the client
   * concludes that something between (a proxy that buffers responses) holds it back, ms.
   * Servers send a keep-alive every 15 s. Default 20 s.
   */
  eventStreamTimeoutMs?: number;
}

/** Reconnect timing: exponential backoff with jitter, so many clients never retry in lockstep. */
export interface ReconnectOptions {
  /** Default true when the transport can be reopened (a `url` or a stream factory). */
  enabled?: boolean;
  initialDelayMs?: number;
  maxDelayMs?: number;
  factor?: number;
  /** Fraction of the delay randomized, 0..1. */
  jitter?: number;
  /** Give up after this many failed attempts (default: never). */
  maxAttempts?: number;
}

/**
 * Answers an agent's extension request (a method whose name starts with `_`). What it returns
 * (or resolves with) is the result; what it throws reaches the agent as a JSON-RPC error (an
 * `AcpClientError` or `RequestError` keeps its numeric code, anything else is -32603 with its
 * message). `signal` aborts when the agent cancels the request or the connection drops.
 */
export type ExtMethodHandler = (params: unknown, context: { signal: AbortSignal }) => unknown;
/** Receives an agent's extension notification (a method whose name starts with `_`). */
export type ExtNotificationHandler = (params: unknown) => void;

export interface AcpClientOptions extends TransportOptions {
  /**
   * Handlers for the agent's extension requests, by method name (`_vendor/method`); more can be
   * added with `client.onExtMethod`. Any other request gets -32601 (method not found).
   */
  extMethods?: Record<string, ExtMethodHandler>;
  /** Handlers for the agent's extension notifications, by method name; others are ignored. */
  extNotifications?: Record<string, ExtNotificationHandler>;
  clientInfo?: acp.Implementation;
  /**
   * On acp-react-bridge `--shared`: joins this running session once connected, instead of the
   * host opening one (`attachSession`): its history, then its live stream; after a dropped
   * connection, only what was missed. `role` defaults to the one the bridge gave this page.
   */
  attach?: { sessionId: string; role?: SharedRole };
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
  /** Timeout for other requests except `session/prompt` and `authenticate`, ms; 0 disables. Default 60 s. */
  requestTimeoutMs?: number;
  /**
   * Timeout for `authenticate`, ms; 0 disables. Default 5 minutes: an `agent` method may wait
   * while the user signs in elsewhere (a browser tab, a device code).
   */
  authenticateTimeoutMs?: number;
  /**
   * How many frames the traffic log keeps while someone subscribes to it (the inspector, a
   * recorder); with no subscriber it keeps only the last 100. 0 turns it off. Default 5000.
   */
  trafficCapacity?: number;
  /**
   * This page can show a sign-in terminal (the AgentPanel's dialog does): through an
   * acp-react-bridge started with `--terminal-auth`, the agent is then told
   * `clientCapabilities.auth.terminal: true` and may offer `terminal` sign-in methods
   * (`authenticateInTerminal`). The client itself still advertises `auth.terminal: false`; the opt-in
   * rides in `clientCapabilities._meta`, which the bridge takes out, so an agent reached without
   * such a bridge is offered no terminal sign-in. Default false.
   */
  terminalAuth?: boolean;
  /**
   * Child sessions (ACP "subagents"): the client advertises `clientCapabilities.subagents` and keeps
   * the child sessions the agent exposes with `subagent_update` on their parent session
   * (`session.subagents`), each child's own `session/update` traffic building its thread there.
   * The routing is part of the client. `false` turns this off: `subagent_update`s then
   * show as unsupported items and updates for child session ids are unknown-session updates.
   * Default true.
   */
  subagents?: boolean;
  /**
   * The ACP version to speak. `auto` (default): `initialize` offers the newest version this
   * build speaks and the client speaks the one the agent answers (`snapshot.agent.protocolVersion`).
   * `1` or `2` offer only that version and fail, naming both versions, against an agent that
   * answers another. This build speaks version 1 only: `protocol: 2` fails at once.
   */
  protocol?: 1 | 2 | 'auto';
  /** Clock for timestamps (tests). */
  now?: () => number;
}

// --- adapters: what a host plugs in to let the agent touch its files or run commands ----------
// The client only advertises `fs` / `terminal` capabilities for adapters the host actually
// supplied, and always checks paths against the session roots before calling one.

export interface FsRequestContext {
  sessionId: string;
  /** Normalized absolute path, already checked to be inside the session roots. */
  path: string;
  /**
   * The session's roots. An adapter that resolves links (symlinks, mounts) must check the
   * resolved target against them again: the core can only check the path it was given.
   */
  roots: readonly string[];
  /** Aborted when the agent cancels the request. */
  signal: AbortSignal;
}

export interface FsAdapter {
  /** Returns the whole file (the core applies `line`/`limit`). Throw `AcpClientError` with -32002 for a missing file. */
  readTextFile(context: FsRequestContext): Promise<string> | string;
  /** Omit to make the workspace read-only (`writeTextFile` is then not advertised). */
  writeTextFile?(context: FsRequestContext, content: string): Promise<void> | void;
  /**
   * Not an ACP request: the change review (`createChangeTracker`) calls it to undo a file the
   * agent created (rejecting it, restoring a checkpoint). Without it such a file stays in place
   * and the review says so.
   */
  deleteTextFile?(context: FsRequestContext): Promise<void> | void;
}

export interface TerminalSink {
  /** Appends output (already decoded text). */
  write(chunk: string): void;
  /** The command finished. */
  exit(status: { exitCode: number | null; signal: string | null }): void;
}

export interface TerminalProcess {
  kill(): void | Promise<void>;
}

export interface TerminalAdapter {
  /**
   * Starts `command` and returns at once; output and exit go to `sink`. The core keeps the
   * output buffer (with `outputByteLimit` truncation), so adapters stay small.
   */
  create(request: acp.CreateTerminalRequest, sink: TerminalSink): Promise<TerminalProcess> | TerminalProcess;
}

/**
 * Decides a permission request without asking the user. Return an `optionId` to answer with it,
 * or `null`/`undefined` to ask the user. Nothing is ever approved automatically without one.
 */
export type PermissionPolicy = (request: acp.RequestPermissionRequest) => string | null | undefined | Promise<string | null | undefined>;

// --- the client ------------------------------------------------------------------------------

/** What a host may pass to a request it wants to be able to abort. */
export interface AbortOptions {
  /**
   * Aborting it cancels the request: the agent gets `$/cancel_request` and the call rejects with
   * an `AcpClientError` of code -32800 (`ErrorCodes.requestCancelled`).
   */
  signal?: AbortSignal;
}

/** The setup of `session/new`, `session/load` and `session/resume`. */
export interface NewSessionOptions extends AbortOptions {
  /** Absolute (`/home/me/project`, `C:\\project`); a relative path is refused. */
  cwd: string;
  /**
   * Kept with the session and sent again when a reconnect restores it. HTTP and SSE servers are
   * refused (`unsupported`) unless the agent advertised `mcpCapabilities.http` / `.sse`.
   */
  mcpServers?: acp.McpServer[];
  /** Absolute paths; sent only to an agent that advertised `sessionCapabilities.additionalDirectories`. */
  additionalDirectories?: string[];
  /**
   * Sent as the request's `_meta` (custom data for the agent; ACP reserves the field for it), and
   * kept with the session (`SessionState.setupMeta`) to be sent again when a reconnect restores it.
   */
  _meta?: Meta;
}

/** What a host may attach to an outgoing request or notification. */
export interface MetaOptions {
  /** Sent as its `_meta` (custom data for the agent; ACP reserves the field for it). */
  _meta?: Meta;
}

/** Options of `prompt`. */
export interface PromptOptions extends MetaOptions {
  /** Sent as the `session/prompt` request's `_meta`. The answer's is kept on the turn (`TurnRecord._meta`). */
  _meta?: Meta;
}

/**
 * An action's entry: its signature travels in the type; the value (0) only marks the entry, so
 * the lists cost the bundle a few bytes each.
 *
 * @inline
 */
type Action<F extends (...args: never[]) => unknown> = 0 & { readonly signature?: F };

/** The actions whose code is in the core entry: what every page needs to connect, stream and prompt. */
export const ENTRY_ACTIONS = {
  connect: 0 as Action<() => Promise<void>>,
  disconnect: 0 as Action<() => Promise<void>>,
  /** Skips the backoff wait of a pending reconnect (or reconnects after a failure). */
  retryNow: 0 as Action<() => void>,
  newSession: 0 as Action<(options: NewSessionOptions) => Promise<SessionState>>,
  prompt: 0 as Action<(sessionId: string, prompt: string | acp.ContentBlock[], options?: PromptOptions) => Promise<acp.StopReason>>,
  cancel: 0 as Action<(sessionId: string, options?: MetaOptions) => Promise<void>>,
  /** Answers a permission request; `null` answers `cancelled`. False if it was already answered. */
  respondToPermission: 0 as Action<(requestId: string, optionId: string | null) => boolean>,
  respondToElicitation: 0 as Action<(requestId: string, response: acp.CreateElicitationResponse) => boolean>,
  /**
   * Answers the agent's extension request `method` (`_vendor/…`) with `handler`,
   * replacing any handler it had; returns the function that removes it again.
   */
  onExtMethod: 0 as Action<(method: string, handler: ExtMethodHandler) => () => void>,
  /** Receives the agent's extension notification `method` (`_vendor/…`); returns the function that removes it. */
  onExtNotification: 0 as Action<(method: string, handler: ExtNotificationHandler) => () => void>,
};

/**
 * The less frequent actions, in `client/session-actions.ts`: the client fetches that module once
 * its first connection is ready (an action called before then waits for it).
 */
export const ON_DEMAND_ACTIONS = {
  /**
   * Signs in with one of the agent's `authMethods`. For an `env_var` method, `values` are its
   * variables: acp-react-bridge restarts the agent with them in its environment (kept only in the
   * bridge's memory), then the client authenticates and restores the open sessions (marked lost
   * when it cannot). Without `values`, the agent is expected to have them already.
   */
  authenticate: 0 as Action<(methodId: string, values?: Record<string, string>, options?: AbortOptions & MetaOptions) => Promise<void>>,
  /**
   * Starts a `terminal` sign-in method in a pseudo-terminal run by acp-react-bridge (started with
   * `--terminal-auth`; the client must be created with `terminalAuth: true`). The handle streams
   * the program's output to a terminal emulator and takes its keystrokes; when the program ends
   * with status 0 the bridge restarts the agent, the client authenticates and restores the open
   * sessions (`result`). `kill()` stops the program (the dialog closed).
   */
  authenticateInTerminal: 0 as Action<(methodId: string, size?: { cols: number; rows: number }) => Promise<TerminalSignIn>>,
  logout: 0 as Action<() => Promise<void>>,
  loadSession: 0 as Action<(sessionId: string, options: NewSessionOptions) => Promise<SessionState>>,
  resumeSession: 0 as Action<(sessionId: string, options: NewSessionOptions) => Promise<SessionState>>,
  /**
   * acp-react-bridge `--shared`: joins a session the agent runs for another page (or this one,
   * again): the session appears with its history, then streams live; `attached` lists the pages.
   * `role: 'observer'` reads only. Rejects when the bridge holds no such session, or (`afterSeq`)
   * no longer holds what came after it.
   */
  attachSession: 0 as Action<(sessionId: string, options?: { role?: SharedRole; afterSeq?: number } & AbortOptions) => Promise<SessionState>>,
  /** Resolves with the agent's answer as it is (`_meta` included); `params._meta` is sent as the request's. */
  listSessions: 0 as Action<(params?: { cwd?: string; cursor?: string; _meta?: Meta }, options?: AbortOptions) => Promise<acp.ListSessionsResponse>>,
  closeSession: 0 as Action<(sessionId: string, options?: MetaOptions) => Promise<void>>,
  deleteSession: 0 as Action<(sessionId: string, options?: MetaOptions) => Promise<void>>,
  /**
   * Cancels a child agent's current work with `session/cancel` for
   * its session id, without ending it. Refused unless the agent granted `capabilities.cancel` for
   * that child (`SubagentState.canCancel`).
   */
  cancelSubagent: 0 as Action<(parentSessionId: string, childSessionId: string, options?: MetaOptions) => Promise<void>>,
  setMode: 0 as Action<(sessionId: string, modeId: string, options?: MetaOptions) => Promise<void>>,
  setConfigOption: 0 as Action<(sessionId: string, configId: string, value: string | boolean, options?: MetaOptions) => Promise<acp.SessionConfigOption[]>>,
  /**
   * Sends an extension request (`method` must start with `_`, as ACP reserves the rest) and
   * resolves with the agent's result; an agent without it answers -32601.
   */
  extMethod: 0 as Action<(method: string, params?: Record<string, unknown>, options?: AbortOptions) => Promise<unknown>>,
  /** Sends an extension notification (`method` must start with `_`). */
  extNotification: 0 as Action<(method: string, params?: Record<string, unknown>) => Promise<void>>,
};

/** A running terminal sign-in (`authenticateInTerminal`). */
export interface TerminalSignIn {
  readonly terminalId: string;
  /** The program's output (with terminal escapes): what came before the first listener, then live. Returns an unsubscribe function. */
  onData(listener: (data: string) => void): () => void;
  /** Keystrokes (as a terminal emulator produces them). */
  write(data: string): void;
  resize(cols: number, rows: number): void;
  /** Stops the program and its process group (a wrong code keeps a login program asking). */
  kill(): void;
  /** How the program ended. */
  readonly exit: Promise<{ exitCode: number | null; signal: string | null }>;
  /** Resolves once signed in (after the restart and `authenticate`); rejects with what went wrong, also put in `auth.error`. */
  readonly result: Promise<void>;
}

/**
 * The methods a list of actions declares.
 *
 * @inline
 */
type Signatures<List> = { -readonly [K in keyof List]: List[K] extends Action<infer F> ? F : never };

export type EntryActions = Signatures<typeof ENTRY_ACTIONS>;
export type OnDemandActions = Signatures<typeof ON_DEMAND_ACTIONS>;
/**
 * Every action of the client (what `useAcpActions` returns, with the client).
 *
 * @useDeclaredType
 */
export type AcpActions = EntryActions & OnDemandActions;

export interface AcpClient extends AcpActions {
  getSnapshot(): AcpSnapshot;
  subscribe(listener: () => void): () => void;
  readonly traffic: TrafficLog;
  /** Stops everything for good (unmount). */
  dispose(): void;
}
