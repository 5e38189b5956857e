import { createContext, useContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AcpClient } from '../core/index.js';
import type { DraftStore } from './drafts.js';

/** @inline */
export interface AcpContextValue {
  client: AcpClient;
  /**
   * The host's react-query client (`<AcpProvider queryClient>`). Without one, `useSessionList`
   * makes one for this provider on first use (in `made`), so a page that never lists sessions
   * never loads react-query.
   */
  queryClient: QueryClient | undefined;
  /** What this provider made on first use; nothing here is shared with another provider. */
  made: { queryClient?: QueryClient };
  drafts: DraftStore;
  /** Distinguishes providers in react-query keys, so two panels never share cached lists. */
  instanceId: string;
}

export const AcpContext = /* @__PURE__ */ createContext<AcpContextValue | null>(null);

export function useAcpContext(): AcpContextValue {
  const value = useContext(AcpContext);
  if (!value) throw new Error('acp-react hooks must be used inside <AcpProvider>.');
  return value;
}
