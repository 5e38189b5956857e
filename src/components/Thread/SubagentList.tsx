import { memo, useContext, useMemo, type CSSProperties } from 'react';
import type { SubagentState, TerminalState, ToolCallDisplayStatus, ToolCallItem } from '../../core/types.js';
import { format, useMessages } from '../shared/index.js';
import { SessionMessageScopeContext, useChildScope } from '../SessionMessage/scope.js';
import { ToolCall } from '../ToolCall/index.js';
import { subagentsMessages, type SubagentsMessages } from './subagent-messages.js';

export interface SubagentListProps {
  subagents: Readonly<Record<string, SubagentState>>;
  terminals?: Readonly<Record<string, TerminalState>>;
  onOpenLocation?: (path: string, line?: number) => void;
  /** Stops a child's current work; its button shows only while the agent allows it (`canCancel`). */
  onCancel?: (childSessionId: string) => void;
}

/**
 * The child agents a session exposed (`subagent_update`), pinned under the thread: each
 * one a tool call card (title, state, description) holding its run, folded to its progress like
 * a `Task` tool call's run. ACP links a child to its parent session only, never to a tool call,
 * so they are listed here rather than nested in a card. A child's own children follow it,
 * indented, each saying which child started it; the list stays flat so an entry's props are its
 * child's record and strings, and a chunk re-renders only that entry.
 */
export function SubagentList({ subagents, terminals, onOpenLocation, onCancel }: SubagentListProps) {
  const messages = useMessages('subagents', subagentsMessages);
  const entries = inTreeOrder(subagents);
  if (entries.length === 0) return null;
  return (
    <div role="list" className="acp-thread__subagents" data-slot="thread-subagents" aria-label={messages.list_label}>
      {entries.map(({ child, depth }) => {
        const parent = depth > 0 ? subagents[child.parentSessionId] : undefined;
        return (
          <SubagentEntry
            key={child.sessionId}
            child={child}
            depth={depth}
            startedBy={parent && titleOf(parent, messages)}
            messages={messages}
            terminals={terminals}
            onOpenLocation={onOpenLocation}
            onCancel={onCancel}
          />
        );
      })}
    </div>
  );
}

/** Depth first: each child, then the children it started (kept flat on the session, `parentSessionId`). */
function inTreeOrder(subagents: Readonly<Record<string, SubagentState>>): Array<{ child: SubagentState; depth: number }> {
  const all = Object.values(subagents);
  const out: Array<{ child: SubagentState; depth: number }> = [];
  const seen = new Set<string>();
  const visit = (child: SubagentState, depth: number) => {
    if (seen.has(child.sessionId)) return;
    seen.add(child.sessionId);
    out.push({ child, depth });
    for (const c of all) if (c.parentSessionId === child.sessionId) visit(c, depth + 1);
  };
  for (const c of all) if (!subagents[c.parentSessionId]) visit(c, 0);
  // Only a malformed snapshot (a cycle of parents) leaves any out: they are listed anyway.
  for (const c of all) visit(c, 0);
  return out;
}

const titleOf = (child: SubagentState, messages: SubagentsMessages) => child.title?.trim() || messages.untitled;

interface EntryProps extends Omit<SubagentListProps, 'subagents'> {
  child: SubagentState;
  /** 0 for the session's own children, 1 for theirs, ... */
  depth: number;
  /** The title of the child that started this one (depth > 0). */
  startedBy: string | undefined;
  messages: SubagentsMessages;
}

/** One child, memoized: the store keeps an unchanged child's identity, so a chunk re-renders only its own. */
const SubagentEntry = /* @__PURE__ */ memo(function SubagentEntry({ child, depth, startedBy, messages, terminals, onOpenLocation, onCancel }: EntryProps) {
  const title = titleOf(child, messages);
  const card = useMemo(() => asToolCall(child, title), [child, title]);
  const work = child.state?.state;
  const stateLabel = work === undefined ? null : (messages[`state_${work}` as keyof SubagentsMessages] ?? work);
  // Its run is the child's transcript: the messages in it are to or from this child.
  const scope = useChildScope(useContext(SessionMessageScopeContext), child.sessionId);
  return (
    <div
      role="listitem"
      className="acp-thread__subagent"
      data-slot="thread-subagent"
      data-status={work ?? 'unset'}
      data-depth={depth}
      style={depth > 0 ? ({ '--acp-subagent-depth': Math.min(depth, 4) } as CSSProperties) : undefined}
    >
      <SessionMessageScopeContext.Provider value={scope}>
        <ToolCall toolCall={card} terminals={terminals} cwd={child.cwd} onOpenLocation={onOpenLocation} />
      </SessionMessageScopeContext.Provider>
      <div className="acp-thread__subagent-footer" data-slot="thread-subagent-footer">
        {startedBy !== undefined && <span data-slot="thread-subagent-parent">{format(messages.started_by, { title: startedBy })}</span>}
        {stateLabel !== null && <span data-slot="thread-subagent-state">{stateLabel}</span>}
        {onCancel && child.canCancel && (
          <button
            type="button"
            className="acp-button acp-focusable"
            data-slot="thread-subagent-cancel"
            aria-label={format(messages.cancel_label, { title })}
            onClick={() => onCancel(child.sessionId)}
          >
            {messages.cancel}
          </button>
        )}
      </div>
    </div>
  );
});

/** The card's status for a child's work state: running is in progress; idle says how it stopped. */
function statusOf(child: SubagentState): ToolCallDisplayStatus {
  const state = child.state;
  if (state?.state === 'running') return 'in_progress';
  if (state?.state !== 'idle') return 'pending';
  if (state.stopReason === 'cancelled') return 'cancelled';
  return state.stopReason === 'error' || state.stopReason === 'refusal' ? 'failed' : 'completed';
}

/** The child as a tool call card, its run inside (the thread's card and run components, unchanged). */
function asToolCall(child: SubagentState, title: string): ToolCallItem {
  return {
    id: `subagent:${child.sessionId}`,
    kind: 'tool_call',
    toolCallId: child.sessionId,
    title,
    name: null,
    toolKind: 'think',
    status: statusOf(child),
    content: child.description ? [{ type: 'content', content: { type: 'text', text: child.description } }] : [],
    locations: [],
    rawInput: undefined,
    rawOutput: undefined,
    createdByUpdate: false,
    _meta: child._meta,
    run: child.run,
  };
}
