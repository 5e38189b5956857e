import { memo, type ReactNode } from 'react';
import type { TurnRecord } from '../../core/types.js';
import { useMessages } from '../shared/index.js';
import type { Subagents } from '../shared/asked-by.js';
import type { StandaloneRequests } from './attachments.js';
import type { TurnGroup } from './group-turns.js';
import { itemPropsAt, sameItemProps, type ThreadRenderState } from './item-props.js';
import { threadMessages } from './messages.js';
import { sameRequests, StandaloneRequestsView } from './StandaloneRequestsView.js';
import { ThreadItemView } from './ThreadItemView.js';
import { TurnStatusLine } from './TurnStatusLine.js';

interface TurnGroupViewProps {
  group: TurnGroup;
  state: ThreadRenderState;
  /** The newest group (live roles, the running turn). */
  last: boolean;
  standalone: StandaloneRequests;
  /** The thread's `renderTurnFooter`. */
  footer: ((turn: TurnRecord) => ReactNode) | undefined;
  /** The session's child agents, for the requests they sent (see `StandaloneRequestsView`). */
  subagents: Subagents | undefined;
  /**
   * While the turn mounts across tasks (a virtualized thread, see `use-reveal-in-slices.ts`), how
   * many of its items to render yet; the rest, its requests and how it ended come once it is whole.
   */
  shown?: number;
}

/** A refused turn is left out of the agent's next prompt; it stays visible, marked as such. */
export function isExcluded(turn: TurnRecord | null): boolean {
  return turn !== null && turn.status === 'ended' && turn.stopReason === 'refusal';
}

/**
 * One turn: its items in order, requests without a card, then how it ended. Memoized on what
 * its own items would render from, so a chunk streaming into the newest turn skips every other.
 */
export const TurnGroupView = /* @__PURE__ */ memo(function TurnGroupView({ group, state, last, standalone, footer, subagents, shown }: TurnGroupViewProps) {
  const messages = useMessages('thread', threadMessages);
  const children: ReactNode[] = [];
  const mounting = shown !== undefined && group.start + shown < group.end;
  const end = mounting ? group.start + shown : group.end;
  for (let index = group.start; index < end; index++) {
    const props = itemPropsAt(state, index, last);
    if (props) children.push(<ThreadItemView key={props.item.id} {...props} />);
  }
  const excluded = isExcluded(group.turn);
  return (
    <div
      className="acp-thread__turn"
      data-slot="thread-turn"
      data-status={group.turn ? group.turn.status : 'history'}
      data-stop-reason={group.turn?.stopReason ?? undefined}
      data-excluded={excluded ? 'true' : undefined}
      data-latest={last ? 'true' : undefined}
      aria-busy={mounting ? true : undefined}
    >
      {children}
      {!mounting && <StandaloneRequestsView requests={standalone} actions={state.actions} subagents={subagents} />}
      {!mounting && group.turn && <TurnStatusLine turn={group.turn} latest={last} messages={messages} />}
      {!mounting && group.turn && footer?.(group.turn)}
    </div>
  );
}, sameGroupProps);

function sameGroupProps(prev: TurnGroupViewProps, next: TurnGroupViewProps): boolean {
  if (prev.group !== next.group || prev.last !== next.last || prev.footer !== next.footer || prev.shown !== next.shown) return false;
  const before = { requests: prev.standalone, actions: prev.state.actions, subagents: prev.subagents };
  if (!sameRequests(before, { requests: next.standalone, actions: next.state.actions, subagents: next.subagents })) {
    return false;
  }
  if (prev.state === next.state) return true;
  for (let index = next.group.start; index < next.group.end; index++) {
    const a = itemPropsAt(prev.state, index, prev.last);
    const b = itemPropsAt(next.state, index, next.last);
    if (a === null || b === null ? a !== b : !sameItemProps(a, b)) return false;
  }
  return true;
}
