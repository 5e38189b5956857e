/**
 * AgentPanel's session history: `session/list` through react-query (`useSessionList`) and the
 * list itself. It is fetched on demand (`SessionHistory.tsx`) when the user first opens the
 * history, so react-query, which nothing else on the page needs, stays off the first page too.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { AcpSnapshot } from '../../core/index.js';
import { useAcpSelector } from '../../react/hooks.js';
import { useSessionList } from '../../react/use-session-list.js';
import type { OpenHow } from '../../components/SessionList/SessionItem.js';
import { SessionListLoaded as SessionList, type SessionListCapabilities } from '../../components/SessionList/SessionListLoaded.js';

export interface SessionHistoryProps {
  cwd: string;
  activeSessionId: string | null;
  capabilities: SessionListCapabilities;
  connected: boolean;
  onOpen: (sessionId: string, how: OpenHow) => void;
  onClose: (sessionId: string) => Promise<unknown>;
  onDelete: (sessionId: string) => Promise<unknown>;
  className?: string;
}

export function SessionHistoryLoaded({ cwd, activeSessionId, capabilities, connected, onOpen, onClose, onDelete, className }: SessionHistoryProps) {
  const list = useSessionList({ cwd });
  // The sessions open on this connection: a new id list only when one opens or closes.
  const openSessionIds = useAcpSelector(
    useCallback((s: AcpSnapshot) => Object.keys(s.sessions), []),
    sameIds,
  );
  const { refetch } = list;
  // Opening the history fetches the list (react-query refetches a stale list on mount); a session
  // started or switched to while it is open (a new session's title comes with its first prompt),
  // and a reconnect, fetch it again. Compared with what this component last saw, so a mount
  // (StrictMode's second one included) adds no fetch of its own.
  const seen = useRef({ activeSessionId, connected });
  useEffect(() => {
    const before = seen.current;
    seen.current = { activeSessionId, connected };
    if (before.activeSessionId === activeSessionId && before.connected === connected) return;
    if (connected) refetch();
  }, [activeSessionId, connected, refetch]);

  return (
    <SessionList
      className={className}
      sessions={list.sessions}
      activeSessionId={activeSessionId}
      openSessionIds={openSessionIds}
      capabilities={capabilities}
      loading={list.isLoading}
      hasMore={list.hasMore}
      loadingMore={list.loadingMore}
      error={list.error}
      onLoadMore={list.loadMore}
      onRetry={refetch}
      onOpen={onOpen}
      onClose={(id) => void onClose(id).then(refetch, () => {})}
      onDelete={(id) => void onDelete(id).then(refetch, () => {})}
    />
  );
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
