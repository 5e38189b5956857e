import { memo, useEffect, useRef, useState } from 'react';
import type { PermissionRequestState, TurnRecord } from '../../core/types.js';
import { useMessages } from '../shared/index.js';
import { permissionAnnouncement, turnEndAnnouncement } from './announcements.js';
import { threadMessages } from './messages.js';

interface LiveAnnouncerProps {
  turns: readonly TurnRecord[];
  permissionRequests: readonly PermissionRequestState[];
}

const FINISHED = new Set<TurnRecord['status']>(['ended', 'failed', 'interrupted']);

/**
 * The thread's only polite live region (the log itself is `aria-live="off"`, so streamed tokens
 * are never read out). It speaks when a turn ends and when the agent asks for permission; what
 * was already there when the thread mounted is not announced. Its own state lives here, so an
 * announcement re-renders this node only.
 */
export const LiveAnnouncer = memo(function LiveAnnouncer({ turns, permissionRequests }: LiveAnnouncerProps) {
  const messages = useMessages('thread', threadMessages);
  const [announcement, setAnnouncement] = useState<{ id: number; text: string } | null>(null);
  const seenTurns = useRef<Set<string> | null>(null);
  const seenRequests = useRef<Set<string> | null>(null);
  const counter = useRef(0);

  useEffect(() => {
    const texts: string[] = [];
    if (seenTurns.current === null) {
      seenTurns.current = new Set(turns.filter((turn) => FINISHED.has(turn.status)).map((turn) => turn.turnId));
    } else {
      for (const turn of turns) {
        if (!FINISHED.has(turn.status) || seenTurns.current.has(turn.turnId)) continue;
        seenTurns.current.add(turn.turnId);
        const text = turnEndAnnouncement(turn, messages);
        if (text) texts.push(text);
      }
    }
    if (seenRequests.current === null) {
      seenRequests.current = new Set(permissionRequests.map((request) => request.requestId));
    } else {
      for (const request of permissionRequests) {
        if (seenRequests.current.has(request.requestId)) continue;
        seenRequests.current.add(request.requestId);
        if (request.status === 'pending') texts.push(permissionAnnouncement(request, messages));
      }
    }
    if (texts.length > 0) setAnnouncement({ id: ++counter.current, text: texts.join('. ') });
  }, [turns, permissionRequests, messages]);

  return (
    <div className="acp-visually-hidden" data-slot="announcer" role="status" aria-live="polite" aria-atomic="true">
      {/* A fresh node per announcement, so the same words ("Response complete") are spoken again. */}
      {announcement && <span key={announcement.id}>{announcement.text}</span>}
    </div>
  );
});
