export { AcpProvider } from './AcpProvider.js';
export type { AcpProviderProps } from './AcpProvider.js';
export { useAcp, useAcpActions } from './useAcp.js';
export type { UseAcpResult, AcpActions } from './useAcp.js';
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
export { useSessionList } from './useSessionList.js';
export type { UseSessionListResult } from './useSessionList.js';
export { useDraft } from './useDraft.js';
export type { QueuedDraft, DraftEntry } from './useDraft.js';
export { useTraffic } from './useTraffic.js';
export { useAcpContext } from './context.js';
