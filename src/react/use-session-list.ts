import { useCallback, useMemo } from 'react';
import { QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@agentclientprotocol/sdk';
import type { AcpSnapshot } from '../core/index.js';
import { useAcpContext } from './context.js';
import { useAcpSelector } from './hooks.js';

export interface UseSessionListResult {
  /** Every page so far, with live titles and update times from `session_info_update`. */
  sessions: SessionInfo[];
  /** False when the agent does not advertise `session/list`. */
  supported: boolean;
  isLoading: boolean;
  error: Error | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  refetch: () => void;
}

/**
 * `session/list` through react-query, with cursor pagination. Uses the provider's `queryClient`,
 * or one made here for the provider on first use (so react-query loads only with this hook).
 */
export function useSessionList(options: { cwd?: string } = {}): UseSessionListResult {
  const { client, queryClient: given, made, instanceId } = useAcpContext();
  const queryClient = given ?? (made.queryClient ??= new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  const ready = useAcpSelector(useCallback((s: AcpSnapshot) => s.status === 'ready', []));
  const supported = useAcpSelector(useCallback((s: AcpSnapshot) => Boolean(s.agent?.capabilities.sessionCapabilities?.list), []));
  const live = useAcpSelector(useCallback((s: AcpSnapshot) => s.sessions, []));

  const query = useInfiniteQuery(
    {
      queryKey: ['acp', instanceId, 'session/list', options.cwd ?? null],
      // TanStack's signal aborts a page nobody waits for any more (unmounted, refetched): the
      // agent is told to stop (`$/cancel_request`).
      queryFn: ({ pageParam, signal }) => client.listSessions({ cwd: options.cwd, cursor: pageParam ?? undefined }, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? null,
      enabled: ready && supported,
    },
    queryClient,
  );

  const sessions = useMemo(() => {
    const seen = new Set<string>();
    const out: SessionInfo[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const info of page.sessions) {
        if (seen.has(info.sessionId)) continue;
        seen.add(info.sessionId);
        const open = live[info.sessionId];
        out.push(open ? { ...info, title: open.info.title ?? info.title, updatedAt: open.info.updatedAt ?? info.updatedAt } : info);
      }
    }
    return out;
  }, [query.data, live]);

  const { fetchNextPage, refetch } = query;
  return {
    sessions,
    supported,
    isLoading: query.isLoading,
    error: query.error,
    hasMore: Boolean(query.hasNextPage),
    loadingMore: query.isFetchingNextPage,
    loadMore: useCallback(() => void fetchNextPage(), [fetchNextPage]),
    refetch: useCallback(() => void refetch(), [refetch]),
  };
}
