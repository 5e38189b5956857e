import { useCallback, useEffect, useRef, useState } from 'react';
import type { AcpSnapshot } from '../../core/index.js';
import { useAcpSelector } from '../../react/hooks.js';
import type { SessionTab } from '../../components/SessionTabs/index.js';
import { displayTitle } from '../../components/shared/display-title.js';
import { format } from '../../components/shared/index.js';

export interface SessionTabsAnnouncer {
  /** "{title}" finished in the background. */
  turnFinished: string;
  /** "{title}" waits for the user's answer in the background. */
  waiting: string;
  /** The name of an untitled session, by its place in the tabs ("Session {n}"). */
  untitled: string;
}

/** Pending answers per session, counted once per version of the request lists (not per streamed chunk). */
function useWaitingCounts(): (snapshot: AcpSnapshot) => ReadonlyMap<string, number> {
  const cache = useRef<{ permissions: unknown; elicitations: unknown; counts: Map<string, number> } | null>(null);
  return useCallback((s: AcpSnapshot) => {
    const cached = cache.current;
    if (cached && cached.permissions === s.permissionRequests && cached.elicitations === s.elicitations) return cached.counts;
    const counts = new Map<string, number>();
    for (const r of s.permissionRequests) if (r.status === 'pending') counts.set(r.sessionId, (counts.get(r.sessionId) ?? 0) + 1);
    for (const e of s.elicitations) if (e.status === 'pending' && e.sessionId) counts.set(e.sessionId, (counts.get(e.sessionId) ?? 0) + 1);
    cache.current = { permissions: s.permissionRequests, elicitations: s.elicitations, counts };
    return counts;
  }, []);
}

/**
 * The panel's tabs as the store sees them (title, turn, answers waiting), re-rendering only when
 * one of those changes, never on a streamed chunk. A session in the background whose turn ends
 * is marked unseen until shown, and that, or a new question from it, is announced politely.
 */
export function useSessionTabs(openIds: readonly string[], activeId: string | null, strings: SessionTabsAnnouncer) {
  const waitingCounts = useWaitingCounts();
  const tabs = useAcpSelector(
    useCallback(
      (s: AcpSnapshot): SessionTab[] => {
        const waiting = waitingCounts(s);
        return openIds.map((sessionId) => {
          const session = s.sessions[sessionId];
          return { sessionId, title: session?.info.title ?? null, turn: session?.turn.state ?? 'idle', waiting: waiting.get(sessionId) ?? 0 };
        });
      },
      [openIds, waitingCounts],
    ),
    sameTabs,
  );

  const [unseen, setUnseen] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState<{ text: string; n: number } | null>(null);
  const previous = useRef<ReadonlyMap<string, SessionTab>>(new Map());

  useEffect(() => {
    const before = previous.current;
    previous.current = new Map(tabs.map((t) => [t.sessionId, t]));
    const finished: string[] = [];
    let message: string | null = null;
    tabs.forEach((tab, index) => {
      const was = before.get(tab.sessionId);
      if (!was || tab.sessionId === activeId) return;
      const title = displayTitle(tab.title) ?? format(strings.untitled, { n: index + 1 });
      if (was.turn !== 'idle' && tab.turn === 'idle') {
        finished.push(tab.sessionId);
        message = format(strings.turnFinished, { title });
      }
      if (tab.waiting > was.waiting) message = format(strings.waiting, { title });
    });
    if (finished.length > 0) setUnseen((set) => new Set([...set, ...finished]));
    if (message !== null) setAnnouncement((a) => ({ text: message!, n: (a?.n ?? 0) + 1 }));
  }, [tabs, activeId, strings]);

  // Showing a session is seeing it.
  useEffect(() => {
    if (activeId && unseen.has(activeId)) setUnseen((set) => new Set([...set].filter((id) => id !== activeId)));
  }, [activeId, unseen]);

  const shown = unseen.size === 0 ? tabs : tabs.map((t) => (unseen.has(t.sessionId) && t.sessionId !== activeId ? { ...t, unseen: true } : t));
  return { tabs: shown, announcement };
}

function sameTabs(a: readonly SessionTab[], b: readonly SessionTab[]): boolean {
  return (
    a.length === b.length &&
    a.every((t, i) => {
      const u = b[i]!;
      return t.sessionId === u.sessionId && t.title === u.title && t.turn === u.turn && t.waiting === u.waiting;
    })
  );
}
