import { forwardRef, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MentionRef } from '../../core/mentions/types.js';
import type { CreateElicitationResponse, ElicitationState, PermissionRequestState, SessionState, TerminalState, TurnRecord } from '../../core/types.js';
import { hasPlans } from '../Plan/has-plans.js';
import { PlansLoaded } from '../Plan/PlansLoaded.js';
import { cx, useMessages } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { useThreadActions } from './actions.js';
import { computeAttachments, standaloneFor } from './attachments.js';
import { TurnGrouper, type TurnGroup } from './group-turns.js';
import type { ThreadRenderItem, ThreadRenderState } from './item-props.js';
import { JumpToLatest } from './JumpToLatest.js';
import { LiveAnnouncer } from './LiveAnnouncer.js';
import { threadMessages } from './messages.js';
import { SessionMessageScopeContext, useSessionMessageScope } from '../SessionMessage/scope.js';
import { SessionStatusBanner } from './SessionStatusBanner.js';
import { SubagentList } from './SubagentList.js';
import { StandaloneRequestsView } from './StandaloneRequestsView.js';
import { TurnGroupView } from './TurnGroupView.js';
import { useLoadingPace } from './use-loading-pace.js';
import { useStickToBottom, type ThreadScrollMemory } from './use-stick-to-bottom.js';
import { virtualTurnListModule } from './lazy-virtual-turn-list.js';
import { VirtualizedTurns } from './VirtualizedTurns.js';

/** @inline */
export interface ThreadOwnProps {
  /** The session to show (`useSession(id)` or a snapshot's `sessions[id]`). */
  session: SessionState;
  /**
   * Permission requests of this session, any status. One naming a tool call in the thread is
   * shown inside that card; others at the end of the turn they arrived in.
   */
  permissionRequests?: readonly PermissionRequestState[];
  /** Elicitations of this session (and connection-wide ones); placed like permission requests. */
  elicitations?: readonly ElicitationState[];
  /** Client terminals by id (the snapshot's `terminals`), for `terminal` tool call content. */
  terminals?: Readonly<Record<string, TerminalState>>;
  /** The user picked a permission option. Called at most once per request. */
  onRespondPermission?: (requestId: string, optionId: string) => void;
  /** The user answered an elicitation. Called at most once per request. */
  onRespondElicitation?: (requestId: string, response: CreateElicitationResponse) => void;
  /** The user picked a tool call location; without it locations are plain labels. */
  onOpenLocation?: (path: string, line?: number) => void;
  /** A mention chip in a user message was clicked (open the file, focus the cell). */
  onMentionOpen?: (mention: MentionRef) => void;
  /** Load `http(s)` images in markdown without asking first. Off by default (privacy). */
  allowRemoteImages?: boolean;
  /** Replaces how items render; see `ThreadRenderItem`. Keep it stable (`useCallback`). */
  renderItem?: ThreadRenderItem;
  /**
   * Shown at the end of each turn, after how it ended (e.g. the turn's change summary). Keep it
   * stable (`useCallback`): a new function re-renders every turn. While a turn streams it is
   * called again for that turn on each chunk, so what it returns should skip rendering when its
   * props did not change (`memo`).
   */
  renderTurnFooter?: (turn: TurnRecord) => ReactNode;
  /** Shown while the thread has no items (default: "Send a message to start"). */
  emptyState?: ReactNode;
  /**
   * Above this many items, only the turns near the viewport are mounted (default 150; pass
   * `Infinity` to never virtualize). Below it every turn is in the DOM, with
   * `content-visibility: auto` skipping the layout and paint of off-screen turns, so
   * find-in-page covers everything; once virtualized, find-in-page only sees mounted turns.
   * The virtualizer is fetched on demand once the thread passes half this many items; until it
   * has arrived, a virtualized thread shows only its newest turns.
   */
  virtualizeAbove?: number;
  /**
   * Show the session's plans (`session.plans`: checklists, plan documents, plans kept in files)
   * pinned under the log, where they stay in view while the thread scrolls (default true). Turn it
   * off to place `<Plans>` (or the main checklist's `<Plan>`) elsewhere.
   */
  showPlan?: boolean;
  /**
   * Where the user left each session's log scrolled up. A thread mounting for a session with a
   * place in it opens there (with "Jump to latest"), any other at its end; unmounting records
   * the place, or forgets it if the log was following its end. Keep one map for the life of a
   * view that switches sessions (`AgentPanel` does, per panel, so a tab switched back to is
   * where the user left it). Without it a thread always opens at its end.
   */
  scrollMemory?: ThreadScrollMemory;
  /**
   * Stops a child agent's work (`client.cancelSubagent(session.sessionId, id)`). The
   * session's child agents (`session.subagents`, with the client's `subagents` opt-in) are listed
   * under the log; without this, they show no Stop button.
   */
  onCancelSubagent?: (childSessionId: string) => void;
  className?: string;
}

/** The thread's own props and the rest of its root `<div>`'s. */
export type ThreadProps = RootProps<ThreadOwnProps>;

const NO_PERMISSIONS: readonly PermissionRequestState[] = [];
const NO_ELICITATIONS: readonly ElicitationState[] = [];
const NO_TERMINALS: Readonly<Record<string, TerminalState>> = {};
const NONE_DISMISSED: ReadonlySet<string> = new Set();
/** Newest groups kept mounted when virtualized (the running turn and the one before it). */
const KEEP_LAST = 2;

/**
 * One session's conversation: prompts and answers grouped by turn, thoughts, tool call cards
 * with their permission prompts and forms inside, notices, compaction markers, and how each turn
 * ended. Presentational: the session comes in as props and answers go out through callbacks.
 *
 * The log sticks to its end while the agent streams and lets go when the user scrolls up; a
 * "Jump to latest" button brings them back. Streamed text is not announced; a separate polite
 * live region announces when a turn ends and when the agent asks for permission.
 */
export const ThreadLoaded = /* @__PURE__ */ forwardRef<HTMLDivElement, ThreadProps>(function ThreadLoaded(
  {
    session: live,
    permissionRequests = NO_PERMISSIONS,
    elicitations = NO_ELICITATIONS,
    terminals = NO_TERMINALS,
    onRespondPermission,
    onRespondElicitation,
    onOpenLocation,
    onMentionOpen,
    allowRemoteImages = false,
    renderItem,
    renderTurnFooter,
    emptyState,
    virtualizeAbove = 150,
    showPlan = true,
    onCancelSubagent,
    scrollMemory,
    className,
    ...rest
  },
  ref,
) {
  const messages = useMessages('thread', threadMessages);
  const session = useLoadingPace(live);
  const { thread, turns } = session;
  const items = thread.items;

  // A cache: groups depend on (thread, turns) alone; the grouper only saves rescanning.
  const grouper = useRef<TurnGrouper | null>(null);
  grouper.current ??= new TurnGrouper();
  const groups = useMemo(() => grouper.current!.group(thread, turns), [thread, turns]);
  const attachments = useMemo(() => computeAttachments(thread, groups, permissionRequests, elicitations), [thread, groups, permissionRequests, elicitations]);

  const scroll = useStickToBottom([items, turns, attachments], { memory: scrollMemory, key: session.sessionId, version: items });
  const { scrollRef } = scroll;
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(NONE_DISMISSED);
  const dismissNotice = useCallback(
    (itemId: string) => {
      setDismissed((previous) => new Set(previous).add(itemId));
      // The banner and its button are gone; keep keyboard focus in the log.
      scrollRef.current?.focus({ preventScroll: true });
    },
    [scrollRef],
  );
  const actions = useThreadActions({ onRespondPermission, onRespondElicitation, onOpenLocation, onMentionOpen, onDismissNotice: dismissNotice });

  const lastGroup = groups.length > 0 ? groups[groups.length - 1]! : null;
  const streamingIndex = streamingItemIndex(lastGroup, items.size, items.last()?.kind);
  const state = useMemo<ThreadRenderState>(
    () => ({
      items,
      streamingIndex,
      attachments,
      terminals,
      cwd: session.cwd,
      actions,
      dismissed,
      allowRemoteImages,
      renderItem,
    }),
    [items, streamingIndex, attachments, terminals, session.cwd, actions, dismissed, allowRemoteImages, renderItem],
  );

  const renderGroup = (group: TurnGroup, index: number, shown?: number) => (
    <TurnGroupView
      key={group.key}
      group={group}
      state={state}
      last={index === groups.length - 1}
      standalone={standaloneFor(attachments, group.key)}
      footer={renderTurnFooter}
      subagents={session.subagents}
      shown={shown}
    />
  );
  // While a session loads its history, only its newest turn is mounted whatever the thread's
  // size (the replay may bring thousands of turns): the rest mounts once the load is over.
  const loading = session.status === 'loading';
  const virtualized = items.size > (loading ? 0 : virtualizeAbove);
  // Fetch the virtualizer before the thread needs it, so it is there when the thread crosses
  // the threshold (a failed fetch is retried when the list mounts and shows its fallback).
  const approaching = loading || items.size > virtualizeAbove / 2;
  useEffect(() => {
    if (approaching) virtualTurnListModule.load().catch(() => {});
  }, [approaching]);
  // A session still loading is not empty yet: its status says so instead of "Send a message to start".
  const empty = items.size === 0 && !loading;
  const orphans = attachments.orphans;
  const messageScope = useSessionMessageScope(session.sessionId, session.subagents);

  const root = (
    <div
      className={cx('acp-thread', className)}
      data-slot="thread"
      data-turn={session.turn.state}
      data-status={session.status}
      data-virtualized={virtualized ? 'true' : undefined}
      {...rest}
      ref={ref}
    >
      <SessionStatusBanner status={session.status} reason={session.statusReason} messages={messages} />
      <div className="acp-thread__viewport" data-slot="thread-viewport">
        <div
          ref={scrollRef}
          className="acp-thread__log acp-focusable"
          data-slot="thread-log"
          role="log"
          aria-live="off"
          aria-label={messages.log_label}
          // Focusable so keyboard users can scroll it; everything inside stays in tab order.
          tabIndex={0}
          {...scroll.handlers}
        >
          <div ref={scroll.contentRef} className="acp-thread__content" data-slot="thread-content">
            {empty && (
              <div className="acp-thread__empty" data-slot="thread-empty">
                {emptyState ?? <p>{messages.empty}</p>}
              </div>
            )}
            {virtualized ? (
              <VirtualizedTurns groups={groups} scrollRef={scrollRef} renderGroup={renderGroup} keepLast={loading ? 1 : KEEP_LAST} paused={loading} />
            ) : (
              groups.map((group, index) => renderGroup(group, index))
            )}
            <StandaloneRequestsView requests={orphans} actions={actions} subagents={session.subagents} />
          </div>
        </div>
        {scroll.away && <JumpToLatest unseen={scroll.unseen} onJump={scroll.jumpToLatest} messages={messages} />}
      </div>
      {session.subagents && <SubagentList subagents={session.subagents} terminals={terminals} onOpenLocation={onOpenLocation} onCancel={onCancelSubagent} />}
      {showPlan && hasPlans(session.plans) && (
        <div className="acp-thread__plan" data-slot="thread-plan">
          <PlansLoaded plans={session.plans} onOpenLocation={onOpenLocation} allowRemoteImages={allowRemoteImages} />
        </div>
      )}
      <LiveAnnouncer turns={turns} permissionRequests={permissionRequests} subagents={session.subagents} />
    </div>
  );
  // Who the messages between sessions in its transcripts are to or from (sub-agents).
  return <SessionMessageScopeContext.Provider value={messageScope}>{root}</SessionMessageScopeContext.Provider>;
});

/**
 * The item receiving chunks: the last one, while its turn runs, if it is text that streams (an
 * agent message, a thought or a message between sessions). Only one item is ever streaming, so only one re-renders per chunk.
 */
function streamingItemIndex(lastGroup: TurnGroup | null, size: number, lastKind: string | undefined): number {
  const turn = lastGroup?.turn;
  if (!turn || (turn.status !== 'running' && turn.status !== 'cancelling')) return -1;
  if (lastGroup.end !== size || size === 0) return -1;
  return lastKind === 'agent_message' || lastKind === 'thought' || lastKind === 'session_message' ? size - 1 : -1;
}
