import { memo, useContext, useMemo } from 'react';
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
 * The child agents a session exposed (UNSTABLE `subagent_update`), pinned under the thread: each
 * one a tool call card (title, state, description) holding its run, folded to its progress like
 * a `Task` tool call's run. ACP links a child to its parent session only, never to a tool call,
 * so they are listed here rather than nested in a card.
 */
export function SubagentList({ subagents, terminals, onOpenLocation, onCancel }: SubagentListProps) {
  const messages = useMessages('subagents', subagentsMessages);
  const children = Object.values(subagents);
  if (children.length === 0) return null;
  return (
    <div role="list" className="acp-thread__subagents" data-slot="thread-subagents" aria-label={messages.list_label}>
      {children.map((child) => (
        <SubagentEntry key={child.sessionId} child={child} messages={messages} terminals={terminals} onOpenLocation={onOpenLocation} onCancel={onCancel} />
      ))}
    </div>
  );
}

interface EntryProps extends Omit<SubagentListProps, 'subagents'> {
  child: SubagentState;
  messages: SubagentsMessages;
}

/** One child, memoized: the store keeps an unchanged child's identity, so a chunk re-renders only its own. */
const SubagentEntry = /* @__PURE__ */ memo(function SubagentEntry({ child, messages, terminals, onOpenLocation, onCancel }: EntryProps) {
  const title = child.title?.trim() || messages.untitled;
  const card = useMemo(() => asToolCall(child, title), [child, title]);
  const work = child.state?.state;
  const stateLabel = work === undefined ? null : (messages[`state_${work}` as keyof SubagentsMessages] ?? work);
  // Its run is the child's transcript: the messages in it are to or from this child.
  const scope = useChildScope(useContext(SessionMessageScopeContext), child.sessionId);
  return (
    <div role="listitem" className="acp-thread__subagent" data-slot="thread-subagent" data-status={work ?? 'unset'}>
      <SessionMessageScopeContext.Provider value={scope}>
        <ToolCall toolCall={card} terminals={terminals} cwd={child.cwd} onOpenLocation={onOpenLocation} />
      </SessionMessageScopeContext.Provider>
      <div className="acp-thread__subagent-footer" data-slot="thread-subagent-footer">
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
