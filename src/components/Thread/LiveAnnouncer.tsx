import { memo, useState } from 'react';
import type { PermissionRequestState, TurnRecord } from '../../core/types.js';
import { askedBy, type Subagents } from '../shared/asked-by.js';
import { useMessages } from '../shared/index.js';
import { permissionAnnouncement, turnEndAnnouncement } from './announcements.js';
import { threadMessages, type ThreadMessages } from './messages.js';
import { subagentsMessages } from './subagent-messages.js';

interface LiveAnnouncerProps {
  turns: readonly TurnRecord[];
  permissionRequests: readonly PermissionRequestState[];
  /** The session's child agents: a child's request is announced with the one that asked. */
  subagents?: Subagents;
}

const FINISHED = new Set<TurnRecord['status']>(['ended', 'failed', 'interrupted']);

interface Seen {
  turns: readonly TurnRecord[];
  permissionRequests: readonly PermissionRequestState[];
  announcement: { id: number; text: string } | null;
}

/**
 * The thread's only polite live region (the log itself is `aria-live="off"`, so streamed tokens
 * are never read out). It speaks when a turn ends and when the agent asks for permission; what
 * was already there when the thread mounted is not announced.
 *
 * The announcement is derived while rendering, from what changed since the props it last saw
 * (React's "adjust state on a prop change" pattern: a state update during render is applied
 * before the commit). Setting it from an effect cost a second commit of the thread after the
 * store notification that ended the turn.
 */
export const LiveAnnouncer = /* @__PURE__ */ memo(function LiveAnnouncer({ turns, permissionRequests, subagents }: LiveAnnouncerProps) {
  const messages = useMessages('thread', threadMessages);
  const subagentStrings = useMessages('subagents', subagentsMessages);
  const [seen, setSeen] = useState<Seen>(() => ({ turns, permissionRequests, announcement: null }));
  let { announcement } = seen;
  if (seen.turns !== turns || seen.permissionRequests !== permissionRequests) {
    const texts = [
      ...newTurnEnds(seen.turns, turns, messages),
      ...newPermissionRequests(seen.permissionRequests, permissionRequests, messages, (request) =>
        askedBy(request.subagentSessionId, subagents, subagentStrings),
      ),
    ];
    if (texts.length > 0) announcement = { id: (announcement?.id ?? 0) + 1, text: texts.join('. ') };
    setSeen({ turns, permissionRequests, announcement });
  }

  return (
    <div className="acp-visually-hidden" data-slot="thread-announcer" role="status" aria-live="polite" aria-atomic="true">
      {/* A fresh node per announcement, so the same words ("Response complete") are spoken again. */}
      {announcement && <span key={announcement.id}>{announcement.text}</span>}
    </div>
  );
});

/** What to say for turns that finished since `before` (turn records are replaced when they change). */
function newTurnEnds(before: readonly TurnRecord[], after: readonly TurnRecord[], messages: ThreadMessages): string[] {
  const texts: string[] = [];
  let finishedBefore: Set<string> | null = null;
  for (let i = 0; i < after.length; i++) {
    const turn = after[i]!;
    if (turn === before[i] || !FINISHED.has(turn.status)) continue;
    finishedBefore ??= new Set(before.filter((t) => FINISHED.has(t.status)).map((t) => t.turnId));
    if (finishedBefore.has(turn.turnId)) continue;
    const text = turnEndAnnouncement(turn, messages);
    if (text) texts.push(text);
  }
  return texts;
}

/** What to say for requests that arrived pending since `before` (a child's with the child that asked). */
function newPermissionRequests(
  before: readonly PermissionRequestState[],
  after: readonly PermissionRequestState[],
  messages: ThreadMessages,
  asker: (request: PermissionRequestState) => string | null,
): string[] {
  if (after.length === 0) return [];
  const known = new Set(before.map((request) => request.requestId));
  return after
    .filter((request) => !known.has(request.requestId) && request.status === 'pending')
    .map((request) => [permissionAnnouncement(request, messages), asker(request)].filter(Boolean).join('. '));
}
