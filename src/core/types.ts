/**
 * The thread model: what the core makes of everything an agent sends.
 *
 * Wire shapes (content blocks, tool call content, plans, config options...) are the SDK's own
 * types, re-exported unchanged so hosts never map between two vocabularies. The types declared
 * here are the client-side state the SDK does not have: thread items, turns, queues of pending
 * agent requests, terminals and the connection snapshot.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { PersistentList } from './persistent-list.js';

export type {
  AgentCapabilities,
  AuthMethod,
  AvailableCommand,
  ClientCapabilities,
  ContentBlock,
  Cost,
  CreateElicitationRequest,
  CreateElicitationResponse,
  ElicitationPropertySchema,
  Implementation,
  McpServer,
  PermissionOption,
  PermissionOptionKind,
  PlanEntry,
  PromptCapabilities,
  SessionConfigOption,
  SessionInfo,
  SessionModeState,
  SessionUpdate,
  StopReason,
  ToolCallContent,
  ToolCallLocation,
  ToolCallStatus,
  ToolCallUpdate,
  ToolKind,
} from '@agentclientprotocol/sdk';

/** Connection lifecycle. `reconnecting` covers the backoff wait and the re-initialize. */
export type ConnectionState = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'closed' | 'error';

/** A content block as received: a known ACP block, or one of a type this library does not know. */
export type ReceivedContentBlock = acp.ContentBlock | UnknownContentBlock;

/** A content block with a `type` outside ACP v1: kept verbatim so it can be shown as unsupported. */
export interface UnknownContentBlock {
  type: string;
  /** Marks the block as unknown to this library; the original JSON is in `raw`. */
  unsupported: true;
  raw: unknown;
}

/** Tool call status as shown: the wire values plus the client-local `cancelled` (ACP has none on the wire). */
export type ToolCallDisplayStatus = acp.ToolCallStatus | 'cancelled';

interface ItemBase {
  /** Stable local id, unique within the session: use it as a React key. */
  id: string;
}

/** The `_meta` object ACP reserves for custom data: opaque, kept as the agent sent it. */
export type Meta = Record<string, unknown>;

interface MessageItemBase extends ItemBase {
  /** The agent's `messageId` when it sent one (opaque, compared as a string). */
  messageId: string | null;
  content: ReceivedContentBlock[];
  /** Every text block of `content` joined, for copy, search and markdown rendering. */
  text: string;
  /**
   * The agent's `_meta` for the message: set by a whole-message update (absent leaves it, `null`
   * clears it, an object replaces it) and, from a v1 agent, by a chunk that carries one. Absent
   * or null when none.
   */
  _meta?: Meta | null;
}

export interface UserMessageItem extends MessageItemBase {
  kind: 'user_message';
  /** True for the client's own optimistic echo of a prompt it sent. */
  local: boolean;
  /** The turn this prompt started, when it was sent by this client. */
  turnId: string | null;
}

export interface AgentMessageItem extends MessageItemBase {
  kind: 'agent_message';
}

export interface ThoughtItem extends MessageItemBase {
  kind: 'thought';
  /** Epoch ms of the first chunk. */
  startedAt: number;
  /** Epoch ms when something else followed the thought or the turn ended; null while streaming. */
  endedAt: number | null;
}

export interface ToolCallItem extends ItemBase {
  kind: 'tool_call';
  toolCallId: string;
  title: string;
  /** Programmatic tool name, when the agent sent one. */
  name: string | null;
  toolKind: acp.ToolKind;
  status: ToolCallDisplayStatus;
  content: acp.ToolCallContent[];
  locations: acp.ToolCallLocation[];
  rawInput: unknown;
  rawOutput: unknown;
  /** True when the first thing seen for this id was a `tool_call_update` (agents may skip `tool_call`). */
  createdByUpdate: boolean;
  /**
   * The agent's custom data for the call, as last sent (for example `_meta.claudeCode` with its
   * tool name and parent tool-use id); null when it sent none.
   */
  _meta?: Meta | null;
  /**
   * The sub-agent run this tool call started (a `Task`-style tool): the messages, thoughts and
   * tool calls the agent marked as belonging to it, nested here instead of in the thread.
   * Absent (or null) while nothing has been nested under it.
   */
  run?: SubagentRun | null;
}

/**
 * A sub-agent's run, nested under the tool call that started it. Its items are thread items like
 * any other (a run's tool call may start a run of its own); what is nested where is decided by
 * the parent tool call id the agent sends in `_meta` (see `parentToolCallIdOf`).
 */
export interface SubagentRun {
  /** The run's own transcript, in arrival order. */
  thread: ThreadState;
  /** How many tool calls the run has made (its steps), nested runs' own steps not counted. */
  steps: number;
  /** Position in `thread` of the newest tool call (the current step); -1 before the first. */
  latestStep: number;
}

/**
 * Sub-agents (ACP "subagents"): a child session the agent exposed with `subagent_update`, kept
 * on its parent session when the client was created with `subagents: true`. Its own
 * `session/update` traffic (sent with the child's session id) feeds `session` and `run`.
 */
export interface SubagentState {
  /** The child's session id (every ACP message about it uses this id). */
  sessionId: string;
  /**
   * The session that announced it (its immediate parent): the top-level session's id for a direct
   * child, else another child's (a child may start children of its own). Every descendant is kept
   * flat on the top-level session's `subagents`.
   */
  parentSessionId: string;
  /** The parent's display title for the child; null when unset (the UI falls back to a generic label). */
  title: string | null;
  description: string | null;
  /** Its current foreground work; null while unset or cleared (not confirmed, not idle). */
  state: SubagentWorkState | null;
  /** True when the agent allows `session/cancel` for this child (`capabilities.cancel`). */
  canCancel: boolean;
  /** Where the agent placed the child; null while it inherits its immediate parent's (effective) one. */
  cwd: string | null;
  additionalDirectories: string[] | null;
  /** The child's own session as its updates built it (thread, plans, usage, ...). */
  session: SessionState;
  /** `session.thread` as a run (with its step count), shown like a tool call's sub-agent run. */
  run: SubagentRun;
  _meta: Meta | null;
}

/** A `subagent_update` state snapshot: `running`, `idle`, `requires_action`, `unknown`, or a state this client does not know. */
export interface SubagentWorkState {
  state: string;
  /** For `idle`: why the work stopped (`end_turn`, `cancelled`, `error`, ...); null when not reported. */
  stopReason: string | null;
  /** For an `idle` stop reason `error`: the failure, when the agent sent it. */
  error: AcpErrorInfo | null;
  /** For `idle`: token usage of the completed work, when reported. */
  usage: TurnUsage | null;
}

export interface NoticeItem extends ItemBase {
  kind: 'notice';
  /** `info`, `warning`, `error`, or an unknown string (render as info). */
  severity: string;
  title: string;
  description: string | null;
  /**
   * Set on the notices the client itself adds (`_meta["acp-react/notice"]`), naming what they say
   * so a panel can say it in its own language: `replay_refused` (the agent could not replay a
   * session opened from history; a new one was started).
   */
  code?: string;
}

export interface CompactionItem extends ItemBase {
  kind: 'compaction';
  compactionId: string;
  /** `in_progress`, `completed`, `failed`, `cancelled` or an unknown string. */
  status: string;
  summary: ReceivedContentBlock[];
  summaryText: string;
  error: string | null;
}

/** Anything received that this library could not interpret; kept so nothing is silently lost. */
export interface UnsupportedItem extends ItemBase {
  kind: 'unsupported';
  /** The `sessionUpdate` discriminator when there was one. */
  sessionUpdate: string | null;
  /** Why it could not be used, in one sentence. */
  reason: string;
  raw: unknown;
}

/**
 * Sub-agents (ACP "subagents"): a message between two sessions
 * (a parent and one of its children), as one view of it: the sender's transcript holds the
 * outgoing view, the recipient's the incoming one, each under its own `messageId`. Built by
 * `session_message` upserts (each field: absent keeps, `null` clears, a value replaces; content
 * `[]` clears too) and `session_message_chunk`s (one block appended), which may arrive in any order.
 */
export interface SessionMessageItem extends ItemBase {
  kind: 'session_message';
  /** Its id in this transcript. */
  messageId: string;
  /** The sending session; null while unknown (not sent yet, or cleared). */
  senderSessionId: string | null;
  /** The receiving session; null while unknown. */
  recipientSessionId: string | null;
  /** On an incoming view: the outgoing view's `messageId` in the sender's transcript. */
  senderMessageId: string | null;
  /** On an outgoing view: the incoming view's `messageId` in the recipient's transcript. */
  recipientMessageId: string | null;
  content: ReceivedContentBlock[];
  /** Every text block of `content` joined, as on a message. */
  text: string;
  /** The message's `_meta` (from upserts; a chunk's own `_meta` is the chunk's); null when none. */
  _meta: Meta | null;
}

export type ThreadItem = UserMessageItem | AgentMessageItem | ThoughtItem | ToolCallItem | NoticeItem | CompactionItem | UnsupportedItem | SessionMessageItem;

export type ThreadItemKind = ThreadItem['kind'];

/**
 * A session's transcript: an immutable list with O(1) amortized append and replace-last, plus
 * lookups by `messageId`, `toolCallId` and `compactionId`. Untouched items keep their identity.
 */
export interface ThreadState {
  readonly items: PersistentList<ThreadItem>;
  /** Append-only index shared between versions; always verified against `items`. */
  readonly index: Map<string, number>;
  /** Counter for local item ids. */
  readonly nextId: number;
  /**
   * Items nested in a sub-agent run, by thread key (`t:<toolCallId>`, `m:<kind>:<messageId>`):
   * the toolCallId of the tool call whose run holds them. Shared between versions and only ever
   * added to, like `index`; kept on the session's top-level thread only. Later updates find a
   * nested item through it even when they do not repeat the parent id.
   */
  readonly nesting?: Map<string, string>;
  /** Prefix of local item ids (`i`); a run's thread uses its tool call's id (`i7.`), so ids stay unique in the session. */
  readonly idPrefix?: string;
}

export type TurnState = 'idle' | 'running' | 'cancelling';

/** One prompt turn: from the prompt sent to the `session/prompt` response (or its failure). */
export interface TurnRecord {
  turnId: string;
  /** Thread index of the turn's first item (the user's prompt). */
  startIndex: number;
  status: 'running' | 'cancelling' | 'ended' | 'failed' | 'interrupted';
  stopReason: acp.StopReason | null;
  error: AcpErrorInfo | null;
  startedAt: number;
  endedAt: number | null;
  /** The `_meta` of the agent's `session/prompt` response, once it answered with one. */
  _meta?: Meta | null;
}

/** The current turn of a session, for status indicators and the stop button. */
export interface SessionTurn {
  state: TurnState;
  turnId: string | null;
  /** Stop reason of the last finished turn. */
  stopReason: acp.StopReason | null;
  error: AcpErrorInfo | null;
  /** ACP v2: the running turn waits for the user (`state_update` `requires_action`, e.g. a permission); unset otherwise. */
  requiresAction?: boolean;
}

export interface UsageSnapshot {
  used: number;
  size: number;
  cost: acp.Cost | null;
}

/** End-of-turn token usage (unstable ACP field, shown only when an agent reports it). */
export interface TurnUsage {
  totalTokens: number;
  inputTokens: number;
  outputTokens: number;
  thoughtTokens?: number | null;
  cachedReadTokens?: number | null;
  cachedWriteTokens?: number | null;
}

export type SessionStatus = 'active' | 'loading' | 'restoring' | 'lost' | 'closed';

/**
 * One of the agent's plans, by id. A v1 agent has one, its `plan` update kept under the id
 * `main` (as ACP's v1-to-v2 conversion names it); `plan_update` upserts a plan by id (replacing
 * it whole) and `plan_removed` removes one. A `file` plan's `uri` is shown, never fetched.
 */
export type PlanState =
  | { planId: string; type: 'items'; entries: acp.PlanEntry[]; _meta: Meta | null }
  /** `path`: where the agent keeps the document, when it said so with an absolute path. */
  | { planId: string; type: 'markdown'; content: string; path?: string; _meta: Meta | null }
  | { planId: string; type: 'file'; uri: string; _meta: Meta | null };

export interface SessionState {
  sessionId: string;
  cwd: string;
  additionalDirectories: string[];
  /** The MCP servers the session was set up with: sent again when a reconnect restores it. */
  mcpServers: acp.McpServer[];
  /** The `_meta` the host sent with `session/new`, `load` or `resume` (null: none): sent again when a reconnect restores it. */
  setupMeta: Meta | null;
  status: SessionStatus;
  /** Why the session is `lost` (for example: the agent can neither resume nor load it). */
  statusReason: string | null;
  thread: ThreadState;
  turns: TurnRecord[];
  turn: SessionTurn;
  /** The entries of the agent's main plan (`plans.main`, a v1 agent's only plan); null when there is none. */
  plan: acp.PlanEntry[] | null;
  /** Every plan the agent keeps, by plan id (see `PlanState`). */
  plans: Readonly<Record<string, PlanState>>;
  commands: acp.AvailableCommand[];
  modes: acp.SessionModeState | null;
  configOptions: acp.SessionConfigOption[] | null;
  usage: UsageSnapshot | null;
  lastTurnUsage: TurnUsage | null;
  info: { title: string | null; updatedAt: string | null };
  /** The `_meta` of the agent's last `session/new`, `session/load` or `session/resume` answer; null when none. */
  _meta?: Meta | null;
  /** The child agents it exposed (`subagent_update`), by child session id; none with `subagents: false`. */
  subagents?: Readonly<Record<string, SubagentState>>;
  /**
   * On acp-react-bridge `--shared`: this page's role in the session (an observer reads only; the
   * bridge refuses its prompts, answers and cancels). Absent when the session is this page's alone.
   */
  role?: SharedRole;
  /** On acp-react-bridge `--shared`: the pages attached to the session, this one included (`self`). */
  attached?: readonly AttachedPage[];
}

/** A page's role in a session shared through acp-react-bridge `--shared`. */
export type SharedRole = 'controller' | 'observer';

/** A page attached to a shared session, as the bridge tells every page attached (presence). */
export interface AttachedPage {
  pageId: string;
  /** From the page's `clientInfo` (its `title`, else its `name`). */
  name: string;
  version: string | null;
  role: SharedRole;
  /** When it attached (ISO 8601). */
  since: string;
  /** This page. */
  self: boolean;
}

/** Normalized error data kept in snapshots (plain data, so snapshots stay serializable). */
export interface AcpErrorInfo {
  code: number | string;
  message: string;
  data?: unknown;
}

export type PermissionRequestStatus = 'pending' | 'answered' | 'cancelled' | 'interrupted';

export interface PermissionRequestState {
  /** Local id to answer it with (`respondToPermission`). */
  requestId: string;
  /** The session it belongs to: for a child session's request (sub-agents), the top-level session the child belongs to. */
  sessionId: string;
  /**
   * Sub-agents: the child session that asked, when it was a child's request (shown in
   * its parent's panel, `sessionId`); null (or absent) for the session's own requests.
   */
  subagentSessionId?: string | null;
  toolCall: acp.ToolCallUpdate;
  options: acp.PermissionOption[];
  /** The request's own `_meta` (the tool call's is in `toolCall._meta`); null when none. */
  _meta?: Record<string, unknown> | null;
  /** ACP v2: the request's own heading and explanation; null (or absent) on v1. */
  title?: string | null;
  description?: string | null;
  /** ACP v2: the command asked about (a `command` subject); null (or absent) otherwise. */
  command?: PermissionCommand | null;
  status: PermissionRequestStatus;
  /** The chosen option when `answered`. */
  optionId: string | null;
  /** True when a host permission policy answered it, not the user. */
  byPolicy: boolean;
  /** On acp-react-bridge `--shared`: the name of the page whose answer the agent got, when not this one's. */
  answeredBy?: string | null;
  createdAt: number;
}

/** An ACP v2 permission request's `command` subject: what would run, and where. */
export interface PermissionCommand {
  command: string;
  cwd: string;
  /** The agent-owned terminal it would run in, when named. */
  terminalId: string | null;
}

export type ElicitationStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'interrupted' | 'completed';

export interface ElicitationState {
  requestId: string;
  /** `form`, `url`, or an unknown mode string (answered with -32602 by the core). */
  mode: string;
  message: string;
  /** The session it belongs to (for a child session's request, the top-level session the child belongs to); null when none. */
  sessionId: string | null;
  /** Sub-agents: the child session that asked; null (or absent) for the session's own requests. */
  subagentSessionId?: string | null;
  toolCallId: string | null;
  /** Set for request-scoped elicitations (tied to an outstanding client request). */
  scopeRequestId: string | number | null;
  requestedSchema: Extract<acp.CreateElicitationRequest, { mode: 'form' }>['requestedSchema'] | null;
  url: string | null;
  elicitationId: string | null;
  /** The request's `_meta`; null when none. */
  _meta?: Record<string, unknown> | null;
  status: ElicitationStatus;
  /** The response sent (for `accepted` forms, the submitted content). */
  response: acp.CreateElicitationResponse | null;
  /** On acp-react-bridge `--shared`: the name of the page whose answer the agent got, when not this one's (its values stay there). */
  answeredBy?: string | null;
  createdAt: number;
}

export interface TerminalState {
  terminalId: string;
  /** The session that created it: for a child session's terminal (sub-agents), the top-level session the child belongs to. */
  sessionId: string;
  /** Sub-agents: the child session that created it (and may use it); null (or absent) for the session's own. */
  subagentSessionId?: string | null;
  command: string;
  args: string[];
  cwd: string | null;
  output: string;
  truncated: boolean;
  exitStatus: { exitCode: number | null; signal: string | null } | null;
  released: boolean;
  /**
   * An ACP v2 agent-owned terminal: the first bytes of a UTF-8 character split across two
   * `terminal_output_chunk`s, kept until the rest arrives; absent when none.
   */
  pendingBytes?: number[];
}

export interface AgentState {
  info: acp.Implementation | null;
  capabilities: acp.AgentCapabilities;
  authMethods: acp.AuthMethod[];
  /** The ACP version the connection speaks, as the agent answered `initialize`. */
  protocolVersion: 1 | 2;
  /**
   * What this connection's ACP version offers at all, so components hide things by capability,
   * never by version number. Absent means all true (an ACP v1 connection).
   */
  surface?: AgentSurface;
  /** ACP v2: the agent's `capabilities` as answered (the `capabilities` view above is mapped from them); absent on v1. */
  v2Capabilities?: unknown;
  /** The acp-react-bridge in between, when the page reaches the agent through one; else null (or absent). */
  bridge?: BridgeState | null;
  /** The `_meta` of the agent's `initialize` answer; null when none. */
  _meta?: Meta | null;
}

/** Parts of ACP that one protocol version has and the other lacks: all true on v1, false on v2. */
export interface AgentSurface {
  /** Session modes (`session/set_mode`); v2 offers them as a config option of category `mode`. */
  modes: boolean;
  /** The agent may ask the client to read and write files (`fs/*`, the host's `FsAdapter`). */
  clientFs: boolean;
  /** The agent may run terminals through the client (`terminal/*`); v2 agents report their own. */
  clientTerminals: boolean;
  /** MCP servers over stdio may be passed to `session/new` (v2: only when the agent advertises it). */
  mcpStdio: boolean;
}

/** What an acp-react-bridge between the page and the agent can do (from its handshake). */
export interface BridgeState {
  /** The bridge's package version. */
  version: string;
  features: {
    /** Restarts the agent with an `env_var` sign-in method's values (`authenticate(methodId, values)`). */
    envVarAuth: boolean;
    /** Runs a `terminal` sign-in method in a pseudo-terminal. */
    terminalAuth: boolean;
    /** Serves the agent's `terminal/*` requests with real processes (`--terminals`). */
    terminals: boolean;
    /** `--shared`: several pages share the agent's sessions; this page's role and id (null: not shared). */
    shared: { role: SharedRole; pageId: string } | null;
  };
}

export interface AuthState {
  /** True after a request failed with -32000, until `authenticate` succeeds. */
  required: boolean;
  /** The method being authenticated, while `authenticate` runs. */
  pendingMethodId: string | null;
  /** Why the last sign-in attempt failed; cleared when one starts. */
  error: AcpErrorInfo | null;
  /**
   * The agent's answer that asked for sign-in (`-32000` to a prompt, a session request, or a v2
   * turn's idle error), when that is what set `required`; cleared by a successful sign-in.
   */
  reason?: AcpErrorInfo | null;
}

export interface ReconnectState {
  attempt: number;
  /** Epoch ms of the next attempt (for a countdown), or null when none is scheduled. */
  nextAttemptAt: number | null;
  /**
   * True when reconnecting stopped because the last two attempts failed the same way (`error`
   * says how): the agent was reached and failed, and trying again on a timer would only repeat
   * it. `retryNow()` tries again. Unset otherwise.
   */
  repeatedFailure?: boolean;
}

/**
 * What acp-react-bridge reported of the agent's process (`_acp-react/bridge/agent_process`): while
 * it had not answered `initialize`, or when it died. Kept until a connection succeeds.
 */
export interface AgentProcessState {
  /** How it ended; null while it runs (it has not answered `initialize` yet). */
  exit: {
    code: number | null;
    signal: string | null;
    /** The bridge's words, e.g. `agent exited with code 1`, or why it could not start. */
    description: string;
  } | null;
  /** The last lines it wrote to stderr (the bridge bounds them and redacts its secrets). */
  stderr: string[];
}

/**
 * `protocol_oddity`: the agent sent something another ACP version defines (a v1 kind on a v2
 * connection, or the reverse); it was used anyway, and the diagnostic carries the raw message.
 */
export type DiagnosticKind =
  | 'malformed_frame'
  | 'invalid_update'
  | 'unknown_session'
  | 'unknown_request'
  | 'unsupported_elicitation_mode'
  | 'protocol_error'
  | 'protocol_oddity'
  | 'adapter_error';

/** Something the agent sent that could not be used; also visible in the inspector. */
export interface Diagnostic {
  id: number;
  kind: DiagnosticKind;
  message: string;
  at: number;
  raw?: unknown;
}

export interface AcpSnapshot {
  status: ConnectionState;
  error: AcpErrorInfo | null;
  agent: AgentState | null;
  auth: AuthState;
  reconnect: ReconnectState;
  /** Why the agent is silent, from acp-react-bridge, until a connection succeeds; null (or absent) otherwise. */
  agentProcess?: AgentProcessState | null;
  sessions: Readonly<Record<string, SessionState>>;
  /** Every permission request seen, oldest first; `status` tells which still need an answer. */
  permissionRequests: PermissionRequestState[];
  elicitations: ElicitationState[];
  terminals: Readonly<Record<string, TerminalState>>;
  /** Most recent first-class problems (bounded). */
  diagnostics: Diagnostic[];
}
