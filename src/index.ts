/**
 * `acp-react`: React bindings and components for the Agent Client Protocol.
 *
 * The public surface, named one by one (api/acp-react.api.md records it; `npm test` fails when it
 * changes without the report). What a host writes against: the headless client of
 * `acp-react/core` (all of it), the provider and its hooks, each component with its props type
 * and its `messages` namespace (the English catalog and its type), the mention helpers the README
 * documents, and the types those signatures name. Helpers the components use inside (parsers,
 * reducers, validators, lazy-loading plumbing) are not part of it: tests import them by path.
 */

// The headless client: everything `acp-react/core` exports.
export {
  createAcpClient,
  AcpClientError,
  ErrorCodes,
  isAuthRequired,
  createStore,
  applySessionUpdate,
  parseSessionUpdate,
  reduceParsedUpdate,
  createSessionState,
  startTurn,
  cancelTurn,
  endTurn,
} from './core/index.js';
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
  TrafficEntry,
  TrafficLog,
  TrafficDirection,
  Store,
  SchedulerOption,
  FrameScheduler,
  TurnOutcome,
  ParsedUpdate,
  ToolCallPatch,
  PersistentList,
} from './core/index.js';
// The thread model and the SDK's wire types it names.
export type * from './core/types.js';

// Mentions without React (README, "Mentions").
export {
  parseDraft,
  mentionMarkup,
  draftDisplayText,
  draftMentions,
  createMentionSearch,
  resolveMentionBlocks,
  draftPromptBlocks,
  createFileMentionSource,
  fileUriOf,
  filePathOf,
} from './core/mentions/index.js';
export type {
  MentionRef,
  MentionItem,
  MentionGroup,
  MentionContent,
  MentionSource,
  MentionSearchOptions,
  DraftSegment,
  MentionSearch,
  MentionSearchState,
  MentionBlocks,
  MentionNote,
  ResolveMentionsOptions,
  FileMentionSourceOptions,
} from './core/mentions/index.js';

// The change review's model: every type of `acp-react/changes` (its functions stay there).
export type {
  ChangeTracker,
  ChangeTrackerOptions,
  ChangeTrackerClient,
  RestoreEntry,
  HunkSet,
  DiffChangeInfo,
  V2DiffContent,
  V2DiffFile,
  V2DiffView,
  GitPatch,
  GitPatchFile,
  PatchBlock,
  PatchLine,
  PatchLineKind,
  DiffOperation,
  ChangeCounts,
} from './core/changes/index.js';
export type * from './core/changes/types.js';

// The provider and its hooks.
export {
  AcpProvider,
  useAcp,
  useAcpActions,
  useAcpSelector,
  useClientSelector,
  useConnection,
  useSession,
  useThreadItems,
  useThreadItem,
  usePermissionRequests,
  useElicitations,
  useTerminals,
  useTerminal,
  useDiagnostics,
  useSessionList,
  useDraft,
  useTraffic,
  useChanges,
  useExtMethod,
  useExtNotification,
  usePromptComposer,
} from './react/index.js';
export type { AcpProviderProps, UseAcpResult, AcpActions, UseSessionListResult, QueuedDraft, DraftEntry } from './react/index.js';

// Strings and locale for components used without `<AcpProvider>`.
export { AcpUiProvider } from './i18n/index.js';
export type { AcpUiProviderProps, MessageCatalog, MessageOverrides } from './i18n/index.js';

// On-demand parts: fetch every one imported so far (README, "What a page loads").
export { preloadComponents } from './components/shared/lazy-module.js';

// Code highlighting: which way it runs (README, "What a page loads").
export { highlightMode, subscribeHighlightMode, highlightFallbackReason } from './highlight/index.js';
export type { HighlightMode, HighlightFallbackReason } from './highlight/index.js';

// The components, with their props and strings.
export { AgentPicker } from './components/AgentPicker/index.js';
export type { AgentPickerAgent, AgentPickerLaunch, AgentPickerProps, AgentPickerMessages } from './components/AgentPicker/index.js';
export { AuthPanel, authPanelMessages } from './components/AuthPanel/index.js';
export type { AuthPanelProps, AuthPanelMessages, EnvVarSpec } from './components/AuthPanel/index.js';
export { ChangeReview, ChangeSummary } from './components/ChangeReview/index.js';
export type { ChangeReviewProps, ChangeSummaryProps, ChangeReviewMessages, ChangeSummaryMessages } from './components/ChangeReview/index.js';
export { CodeBlock, CopyButton, codeBlockMessages } from './components/CodeBlock/index.js';
export type { CodeBlockProps, CopyButtonProps, CodeBlockMessages } from './components/CodeBlock/index.js';
export { ConfigOptions, ModeSelector, configOptionsMessages } from './components/ConfigOptions/index.js';
export type { ConfigOptionsProps, ModeSelectorProps, ConfigOptionsMessages } from './components/ConfigOptions/index.js';
export { ConnectionStatus, connectionStatusMessages } from './components/ConnectionStatus/index.js';
export type { ConnectionStatusProps, ConnectionStatusMessages } from './components/ConnectionStatus/index.js';
export { Diff, PatchDiffs, diffMessages } from './components/Diff/index.js';
export type { DiffProps, PatchDiffsProps, DiffViewMode, DiffFileState, DiffMessages } from './components/Diff/index.js';
export { ElicitationForm, elicitationMessages } from './components/ElicitationForm/index.js';
export type { ElicitationFormProps, ElicitationMessages } from './components/ElicitationForm/index.js';
export { ProtocolInspector } from './components/Inspector/index.js';
export type { ProtocolInspectorProps } from './components/Inspector/index.js';
export { Markdown, markdownMessages } from './components/Markdown/index.js';
export type { MarkdownProps, MarkdownMessages } from './components/Markdown/index.js';
export { MentionMenu, MentionChip } from './components/MentionMenu/index.js';
export type { MentionMenuProps, MentionChipProps, MentionMessages } from './components/MentionMenu/index.js';
export { Message, messageMessages } from './components/Message/index.js';
export type { MessageProps, MessageMessages } from './components/Message/index.js';
export { PermissionPrompt, PermissionQueue, permissionMessages } from './components/PermissionPrompt/index.js';
export type { PermissionPromptProps, PermissionQueueProps, PermissionMessages } from './components/PermissionPrompt/index.js';
export { Plan, Plans, planMessages } from './components/Plan/index.js';
export type { PlanProps, PlansProps, PlanStatus, PlanPriority, PlanMessages } from './components/Plan/index.js';
export { PromptInput, promptInputMessages } from './components/PromptInput/index.js';
export type { PromptInputProps, PromptAttachment, QueuedPrompt, PromptInputMessages } from './components/PromptInput/index.js';
export { SessionList, sessionListMessages } from './components/SessionList/index.js';
export type { SessionListProps, SessionListCapabilities, OpenHow, SessionListMessages } from './components/SessionList/index.js';
export { SessionTabs, sessionTabsMessages } from './components/SessionTabs/index.js';
export type { SessionTabsProps, SessionTab, SessionTabStatus, SessionTabsMessages } from './components/SessionTabs/index.js';
export { SignInTerminalDialog, signInTerminalMessages } from './components/SignInTerminal/index.js';
export type { SignInTerminalDialogProps, SignInTerminalMessages } from './components/SignInTerminal/index.js';
export { SlashCommandMenu, SlashCommandStatus, slashCommandMessages } from './components/SlashCommandMenu/index.js';
export type { SlashCommandMenuProps, SlashCommandStatusProps, SlashCommandMessages } from './components/SlashCommandMenu/index.js';
export { TerminalOutput, terminalMessages } from './components/TerminalOutput/index.js';
export type { TerminalOutputProps, TerminalRunState, TerminalMessages } from './components/TerminalOutput/index.js';
export { Thought, thoughtMessages } from './components/Thought/index.js';
export type { ThoughtProps, ThoughtMessages } from './components/Thought/index.js';
export { Thread, threadMessages } from './components/Thread/index.js';
export type {
  ThreadProps,
  ThreadScrollMemory,
  ThreadScrollPlace,
  ThreadItemRenderContext,
  ThreadRenderItem,
  ThreadMessages,
} from './components/Thread/index.js';
export { ToolCall, toolCallMessages } from './components/ToolCall/index.js';
export type { ToolCallProps, ToolCallMessages } from './components/ToolCall/index.js';
export { UsageMeter, usageMeterMessages } from './components/UsageMeter/index.js';
export type { UsageMeterProps, UsageLevel, UsageMeterMessages } from './components/UsageMeter/index.js';

// The wired panels.
export { AgentPanel, agentPanelMessages } from './panels/AgentPanel/index.js';
export type { AgentPanelProps, PanelSlot } from './panels/AgentPanel/index.js';
export { AcpInspector } from './panels/AcpInspector/index.js';
export type { AcpInspectorProps } from './panels/AcpInspector/index.js';
