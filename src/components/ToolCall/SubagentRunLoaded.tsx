import { memo } from 'react';
import type { TerminalState, ThreadItem } from '../../core/types.js';
import { Message } from '../Message/index.js';
import { Chevron } from '../shared/Chevron.js';
import { format, useLocale, useMessages } from '../shared/index.js';
import { PartBoundary } from '../shared/PartBoundary.js';
import { SessionMessage } from '../SessionMessage/SessionMessage.js';
import { useControllableDisclosure } from '../shared/use-disclosure.js';
import { Thought } from '../Thought/index.js';
import { itemRawText } from '../Thread/item-raw-text.js';
import { toolCallMessages } from './messages.js';
import { subagentRunMessages } from './run-messages.js';
import type { SubagentRunSectionProps } from './SubagentRun.js';
import { ToolCall } from './ToolCall.js';

/**
 * A sub-agent's run inside its tool call's card: folded by default to one line (how many steps,
 * the status, the current step), expanded with its button to the run's own messages, thoughts
 * and tool calls, each with the component the thread uses for it (a nested run's tool calls fold
 * their runs the same way). Nothing of the run is mounted while it is folded, so a chunk
 * streaming into a folded run re-renders this line and nothing else.
 */
export function SubagentRunLoaded({ card, status }: SubagentRunSectionProps) {
  const { toolCall, terminals, cwd, onOpenLocation } = card;
  const run = toolCall.run!;
  const messages = useMessages('subagentRun', subagentRunMessages);
  const cardMessages = useMessages('toolCall', toolCallMessages);
  const locale = useLocale();
  const fold = useControllableDisclosure({ open: card.runOpen, defaultOpen: card.defaultRunOpen, onOpenChange: card.onRunOpenChange });
  const active = status === 'pending' || status === 'in_progress';
  const latest = run.latestStep >= 0 ? run.thread.items.get(run.latestStep) : undefined;
  const step = latest?.kind === 'tool_call' ? latest.title.trim() || cardMessages.untitled : null;
  const count = run.steps;
  const items = fold.open ? run.thread.items.toArray() : [];
  return (
    <div className="acp-tool-call__slot" data-slot="tool-call-run" data-state={fold.state} data-status={status}>
      <button {...fold.triggerProps} className="acp-tool-call__raw-toggle acp-focusable" data-slot="tool-call-run-trigger">
        <Chevron />
        <strong>{messages.label}</strong>
        <span data-slot="tool-call-run-steps">
          {format(new Intl.PluralRules(locale).select(count) === 'one' ? messages.steps_one : messages.steps_other, { count })}
        </span>
        <span data-slot="tool-call-run-status">{cardMessages[`status_${status}`]}</span>
        {step !== null && <span data-slot="tool-call-run-step">{format(active ? messages.current_step : messages.latest_step, { title: step })}</span>}
      </button>
      <div {...fold.panelProps} className="acp-tool-call__run-panel" data-slot="tool-call-run-panel">
        {fold.open && (
          // A list by role: a <ol>'s margins and markers are what host resets change.
          <div role="list" className="acp-tool-call__run-items" data-slot="tool-call-run-items" aria-label={messages.items_label}>
            {items.map((item, index) => (
              <div role="listitem" key={item.id} data-kind={item.kind}>
                <RunItem
                  item={item}
                  // The run's last message or thought streams while its tool call runs.
                  streaming={
                    active && index === items.length - 1 && (item.kind === 'agent_message' || item.kind === 'thought' || item.kind === 'session_message')
                  }
                  terminals={terminals}
                  cwd={cwd}
                  onOpenLocation={onOpenLocation}
                />
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

interface RunItemProps {
  item: ThreadItem;
  streaming: boolean;
  terminals?: Readonly<Record<string, TerminalState>>;
  cwd?: string | null;
  onOpenLocation?: (path: string, line?: number) => void;
}

/** One item of the run, memoized: the store keeps unchanged items' identity, so a chunk re-renders only its own. */
const RunItem = /* @__PURE__ */ memo(function RunItem({ item, streaming, terminals, cwd, onOpenLocation }: RunItemProps) {
  let view = null;
  if (item.kind === 'user_message' || item.kind === 'agent_message') view = <Message item={item} streaming={streaming} />;
  else if (item.kind === 'thought') view = <Thought item={item} streaming={streaming} />;
  // A child agent's transcript also holds the messages between it and other sessions.
  else if (item.kind === 'session_message') view = <SessionMessage item={item} streaming={streaming} />;
  // A tool call's run holds only messages, thoughts and tool calls (the core's nesting).
  else if (item.kind === 'tool_call') view = <ToolCall toolCall={item} terminals={terminals} cwd={cwd} onOpenLocation={onOpenLocation} />;
  // As in the thread, a part that fails to render stays inside its item.
  return (
    <PartBoundary resetKey={item} rawText={() => itemRawText(item)}>
      {view}
    </PartBoundary>
  );
});
