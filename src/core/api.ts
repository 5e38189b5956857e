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
import type { AcpSnapshot, SessionState } from './types.js';

// --- options ---------------------------------------------------------------------------------

export interface TransportOptions {
  url?: string;
  stream?: acp.Stream | (() => acp.Stream);
  WebSocket?: WebSocketConstructor;
  protocols?: string[];
  /** Frames longer than this (in UTF-16 code units) are refused. Default 32 MiB. */
  maxMessageBytes?: number;
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
  /**
   * How many frames the traffic log keeps while someone subscribes to it (the inspector, a
   * recorder); with no subscriber it keeps only the last 100. 0 turns it off. Default 5000.
   */
  trafficCapacity?: number;
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

export interface NewSessionOptions {
  cwd: string;
  mcpServers?: acp.McpServer[];
  additionalDirectories?: string[];
}

/**
 * An action's entry: its signature travels in the type; the value (0) only marks the entry, so
 * the lists cost the bundle a few bytes each.
 */
type Action<F extends (...args: never[]) => unknown> = 0 & { readonly signature?: F };

/** The actions whose code is in the core entry: what every page needs to connect, stream and prompt. */
export const ENTRY_ACTIONS = {
  connect: 0 as Action<() => Promise<void>>,
  disconnect: 0 as Action<() => Promise<void>>,
  /** Skips the backoff wait of a pending reconnect (or reconnects after a failure). */
  retryNow: 0 as Action<() => void>,
  newSession: 0 as Action<(options: NewSessionOptions) => Promise<SessionState>>,
  prompt: 0 as Action<(sessionId: string, prompt: string | acp.ContentBlock[]) => Promise<acp.StopReason>>,
  cancel: 0 as Action<(sessionId: string) => Promise<void>>,
  /** Answers a permission request; `null` answers `cancelled`. False if it was already answered. */
  respondToPermission: 0 as Action<(requestId: string, optionId: string | null) => boolean>,
  respondToElicitation: 0 as Action<(requestId: string, response: acp.CreateElicitationResponse) => boolean>,
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
  authenticate: 0 as Action<(methodId: string, values?: Record<string, string>) => Promise<void>>,
  logout: 0 as Action<() => Promise<void>>,
  loadSession: 0 as Action<(sessionId: string, options: NewSessionOptions) => Promise<SessionState>>,
  resumeSession: 0 as Action<(sessionId: string, options: NewSessionOptions) => Promise<SessionState>>,
  listSessions: 0 as Action<(params?: { cwd?: string; cursor?: string }) => Promise<acp.ListSessionsResponse>>,
  closeSession: 0 as Action<(sessionId: string) => Promise<void>>,
  deleteSession: 0 as Action<(sessionId: string) => Promise<void>>,
  setMode: 0 as Action<(sessionId: string, modeId: string) => Promise<void>>,
  setConfigOption: 0 as Action<(sessionId: string, configId: string, value: string | boolean) => Promise<acp.SessionConfigOption[]>>,
};

/** The methods a list of actions declares. */
type Signatures<List> = { -readonly [K in keyof List]: List[K] extends Action<infer F> ? F : never };

export type EntryActions = Signatures<typeof ENTRY_ACTIONS>;
export type OnDemandActions = Signatures<typeof ON_DEMAND_ACTIONS>;
/** Every action of the client (what `useAcpActions` returns, with the client). */
export type AcpActions = EntryActions & OnDemandActions;

export interface AcpClient extends AcpActions {
  getSnapshot(): AcpSnapshot;
  subscribe(listener: () => void): () => void;
  readonly traffic: TrafficLog;
  /** Stops everything for good (unmount). */
  dispose(): void;
}
