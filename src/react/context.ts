import { createContext, useContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AcpClient } from '../core/index.js';
import type { DraftStore } from './drafts.js';

export interface AcpContextValue {
  client: AcpClient;
  queryClient: QueryClient;
  drafts: DraftStore;
  /** Distinguishes providers in react-query keys, so two panels never share cached lists. */
  instanceId: string;
}

export const AcpContext = createContext<AcpContextValue | null>(null);

export function useAcpContext(): AcpContextValue {
  const value = useContext(AcpContext);
  if (!value) throw new Error('acp-react hooks must be used inside <AcpProvider>.');
  return value;
}
