/**
 * The public `Thread`: the conversation (turns, messages, markdown, thoughts, plans, tool calls,
 * permission prompts) is fetched as one chunk (`../conversation.ts`) the first time a thread has
 * something to show, so a page that has not prompted yet loads none of it. AgentPanel starts the
 * fetch earlier, as soon as the user focuses the panel. Until it arrives the thread keeps its
 * frame: the empty state, the session's status, and the messages as plain text.
 */
import { forwardRef, useRef } from 'react';
import type { ThreadItem } from '../../core/types.js';
import type { ElementRest } from '../shared/root-props.js';
import { conversationModule } from '../load-conversation.js';
import { messageMessages } from '../Message/messages.js';
import { hasPlans } from '../Plan/has-plans.js';
import { cx, format, useMessages } from '../shared/index.js';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import { threadMessages } from './messages.js';
import { SessionStatusBanner } from './SessionStatusBanner.js';
import type { ThreadProps } from './ThreadLoaded.js';

/** Starts fetching the conversation (once per page); a failure shows, with Retry, in the thread. */
export function prefetchThread(): void {
  conversationModule.load().catch(() => {});
}

/** Whether the thread has anything its fallback would only show in part. */
function hasContent({ session, permissionRequests, elicitations }: ThreadProps): boolean {
  return session.thread.items.size > 0 || hasPlans(session.plans) || Boolean(permissionRequests?.length) || Boolean(elicitations?.length);
}

/**
 * The newest items the fallback shows. A long session opened before the conversation chunk has
 * arrived must not mount its whole history as text in one task; the loaded thread shows it all.
 */
const FALLBACK_ITEMS = 60;

/** Exported for its story; the public `Thread` shows it by itself until the conversation chunk arrives. */
export const ThreadFallback = /* @__PURE__ */ forwardRef<HTMLDivElement, ThreadProps & { state: OnDemandState }>(function ThreadFallback(props, ref) {
  const {
    session,
    emptyState,
    className,
    state,
    permissionRequests: _permissionRequests,
    elicitations: _elicitations,
    terminals: _terminals,
    onRespondPermission: _onRespondPermission,
    onRespondElicitation: _onRespondElicitation,
    onOpenLocation: _onOpenLocation,
    onMentionOpen: _onMentionOpen,
    allowRemoteImages: _allowRemoteImages,
    renderItem: _renderItem,
    renderTurnFooter: _renderTurnFooter,
    virtualizeAbove: _virtualizeAbove,
    showPlan: _showPlan,
    onCancelSubagent: _onCancelSubagent,
    scrollMemory: _scrollMemory,
    ...rest
  } = props;
  const messages = useMessages('thread', threadMessages);
  const items = session.thread.items;
  const waiting = hasContent(props);
  const first = Math.max(0, items.size - FALLBACK_ITEMS);
  const shown: ThreadItem[] = [];
  for (let i = first; i < items.size; i++) {
    const item = items.get(i);
    if (item) shown.push(item);
  }
  const logRef = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  // The log opens at its end and stays there as the turn streams, as the loaded thread's does,
  // unless the reader scrolled up.
  useIsomorphicLayoutEffect(() => {
    const log = logRef.current;
    if (log && atEnd.current) log.scrollTop = log.scrollHeight;
  });
  return (
    <div
      className={cx('acp-thread', className)}
      data-slot="thread"
      data-turn={session.turn.state}
      data-status={session.status}
      aria-busy={waiting && !state.error ? true : undefined}
      {...(rest satisfies ElementRest<typeof rest, 'div'>)}
      ref={ref}
    >
      <SessionStatusBanner status={session.status} reason={session.statusReason} messages={messages} />
      <div className="acp-thread__viewport" data-slot="thread-viewport">
        <div
          className="acp-thread__log acp-focusable"
          data-slot="thread-log"
          role="log"
          aria-live="off"
          aria-label={messages.log_label}
          tabIndex={0}
          ref={logRef}
          onScroll={(event) => {
            const log = event.currentTarget;
            atEnd.current = log.scrollHeight - log.scrollTop - log.clientHeight < 2;
          }}
        >
          <div className="acp-thread__content" data-slot="thread-content">
            {items.size === 0 && (
              <div className="acp-thread__empty" data-slot="thread-empty">
                {emptyState ?? <p>{messages.empty}</p>}
              </div>
            )}
            {first > 0 && (
              <p className="acp-thread__earlier" data-slot="thread-earlier">
                {format(messages.earlier_items, { count: first })}
              </p>
            )}
            {shown.map((item) => (
              <PlainItem key={item.id} item={item} />
            ))}
            {waiting && <OnDemandStatus state={state} />}
          </div>
        </div>
      </div>
    </div>
  );
});

export const Thread = /* @__PURE__ */ onDemandComponent('Thread', conversationModule, (loaded) => loaded.ThreadLoaded, ThreadFallback, hasContent);

/** What the fallback knows of an item without the renderers: messages and titles, as text. */
function PlainItem({ item }: { item: ThreadItem }) {
  const messages = useMessages('message', messageMessages);
  if (item.kind === 'user_message' || item.kind === 'agent_message') {
    const user = item.kind === 'user_message';
    return (
      <article
        className="acp-message"
        data-slot="message"
        data-role={user ? 'user' : 'agent'}
        aria-label={user ? messages.user_message : messages.agent_message}
      >
        <div className="acp-message__body" data-slot="message-body">
          <div className="acp-message__plain" data-slot="message-text">
            {item.text}
          </div>
        </div>
      </article>
    );
  }
  if (item.kind === 'tool_call' || item.kind === 'notice') {
    return <p className="acp-message__plain">{item.title}</p>;
  }
  return null;
}
