import type { ReactNode } from 'react';
import type { PersistentList } from '../../core/persistent-list.js';
import type { ElicitationState, PermissionRequestState, TerminalState, ThreadItem } from '../../core/types.js';
import type { ThreadActions } from './actions.js';
import type { Attachments } from './attachments.js';

export interface ThreadItemRenderContext {
  /** The item is the live tail of a running turn (more chunks may arrive). */
  streaming: boolean;
  /** What Thread renders for this item by default; return it to keep the default. */
  defaultView: ReactNode;
}

/**
 * Replaces how an item renders. Return `context.defaultView` to keep the default, `null` to hide
 * the item. Items are memoized with this function as a prop: keep it stable (`useCallback`).
 */
export type ThreadRenderItem = (item: ThreadItem, context: ThreadItemRenderContext) => ReactNode;

/** Everything one item view renders from. Every value is stable unless what it shows changed. */
export interface ItemViewProps {
  item: ThreadItem;
  streaming: boolean;
  /** Tool calls only: the permission request shown inside the card. */
  permission: PermissionRequestState | undefined;
  /** Tool calls only: the elicitation shown inside the card. */
  elicitation: ElicitationState | undefined;
  terminals: Readonly<Record<string, TerminalState>>;
  cwd: string;
  actions: ThreadActions;
  /** Notices only: the user dismissed it. */
  dismissed: boolean;
  /** Notices only: in the latest turn, so it may carry a live role (history never re-announces). */
  live: boolean;
  allowRemoteImages: boolean;
  renderItem: ThreadRenderItem | undefined;
}

/** What the whole thread shares with its groups; they derive each item's props from it. */
export interface ThreadRenderState {
  items: PersistentList<ThreadItem>;
  /** Index of the streaming item, or -1. */
  streamingIndex: number;
  attachments: Attachments;
  terminals: Readonly<Record<string, TerminalState>>;
  cwd: string;
  actions: ThreadActions;
  dismissed: ReadonlySet<string>;
  allowRemoteImages: boolean;
  renderItem: ThreadRenderItem | undefined;
}

export function itemPropsAt(state: ThreadRenderState, index: number, lastGroup: boolean): ItemViewProps | null {
  const item = state.items.get(index);
  if (!item) return null;
  const toolCallId = item.kind === 'tool_call' ? item.toolCallId : null;
  return {
    item,
    streaming: index === state.streamingIndex,
    permission: toolCallId === null ? undefined : state.attachments.permissionByToolCall.get(toolCallId),
    elicitation: toolCallId === null ? undefined : state.attachments.elicitationByToolCall.get(toolCallId),
    terminals: state.terminals,
    cwd: state.cwd,
    actions: state.actions,
    dismissed: item.kind === 'notice' && state.dismissed.has(item.id),
    live: item.kind === 'notice' && lastGroup,
    allowRemoteImages: state.allowRemoteImages,
    renderItem: state.renderItem,
  };
}

/**
 * Props equality for the item memo. `terminals` holds every terminal of the connection and
 * changes whenever any of them prints, so only the terminals this tool call shows count.
 */
export function sameItemProps(prev: ItemViewProps, next: ItemViewProps): boolean {
  for (const key of Object.keys(next) as Array<keyof ItemViewProps>) {
    if (key !== 'terminals' && prev[key] !== next[key]) return false;
  }
  if (prev.terminals === next.terminals || next.item.kind !== 'tool_call') return true;
  for (const content of next.item.content) {
    if (content.type === 'terminal' && prev.terminals[content.terminalId] !== next.terminals[content.terminalId]) return false;
  }
  return true;
}
