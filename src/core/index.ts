/**
 * `acp-react/core`: the headless ACP client. No React anywhere below this entry, so plain
 * TypeScript hosts, other frameworks and tests can drive it. Demo and test aids (transcript
 * replay, the in-memory workspace, the simulated terminal) live in `acp-react/devtools`.
 */
export { createAcpClient } from './client/create-client.js';
export type {
  AcpClient,
  AcpClientOptions,
  NewSessionOptions,
  PromptOptions,
  MetaOptions,
  AbortOptions,
  ReconnectOptions,
  TransportOptions,
  FsAdapter,
  FsRequestContext,
  TerminalAdapter,
  TerminalSink,
  TerminalProcess,
  PermissionPolicy,
  ExtMethodHandler,
  ExtNotificationHandler,
  TerminalSignIn,
} from './api.js';
export type { TrafficEntry, TrafficLog, TrafficDirection } from './client/traffic.js';

export { AcpClientError, ErrorCodes, isAuthRequired } from './errors.js';
export { createStore } from './store.js';
export type { Store, SchedulerOption, FrameScheduler } from './store.js';

export { applySessionUpdate, reduceParsedUpdate, startTurn, cancelTurn, endTurn } from './reducer/index.js';
export type { TurnOutcome } from './reducer/index.js';
export { parseSessionUpdate } from './parse-update.js';
export type { ParsedUpdate, ToolCallPatch } from './parse-update.js';
export { createSessionState } from './session.js';
// The thread's list type: hosts read it (`ThreadState.items`), the client builds it.
export type { PersistentList } from './persistent-list.js';

export type * from './types.js';
