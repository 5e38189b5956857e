export { AcpProvider } from './AcpProvider.js';
export type { AcpProviderProps } from './AcpProvider.js';
export { useAcp, useAcpActions } from './use-acp.js';
export type { UseAcpResult, AcpActions } from './use-acp.js';
export {
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
} from './hooks.js';
export { useSessionList } from './use-session-list.js';
export type { UseSessionListResult } from './use-session-list.js';
export { useDraft } from './use-draft.js';
export type { QueuedDraft, DraftEntry } from './use-draft.js';
export { useTraffic } from './use-traffic.js';
export { useChanges } from './use-changes.js';
export { useExtMethod, useExtNotification } from './use-ext-handlers.js';
export { useAcpContext } from './context.js';
export { usePromptComposer } from './use-prompt-composer.js';
