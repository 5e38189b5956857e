import { forwardRef, memo, useEffect, type ReactNode } from 'react';
import type { TerminalState, ToolCallDisplayStatus, ToolCallItem, ToolKind } from '../../core/types.js';
import { cx, useMessages } from '../shared/index.js';
import { executeCommand } from './command.js';
import { isOpenByDefault } from './default-open.js';
import { prefetchToolCallParts } from './prefetch-parts.js';
import { toolCallMessages, type ToolCallMessages } from './messages.js';
import { Chevron } from '../shared/Chevron.js';
import { RawDisclosure } from './RawDisclosure.js';
import { SubagentRunSection, type RunCardProps } from './SubagentRun.js';
import { ToolCallContentList } from './ToolCallContentList.js';
import { ToolCallLocations } from './ToolCallLocations.js';
import { ToolCallStatusBadge } from './ToolCallStatusBadge.js';
import { ToolKindIcon } from './ToolKindIcon.js';
import { useControllableState } from '../shared/use-controllable-state.js';
import { useDisclosure } from '../shared/use-disclosure.js';
import type { RootProps } from '../shared/root-props.js';

/** @inline */
export interface ToolCallOwnProps extends RunCardProps {
  toolCall: ToolCallItem;
  /** Client terminals by id, for `terminal` content (usually the snapshot's `terminals`). */
  terminals?: Readonly<Record<string, TerminalState>>;
  /** Called when the user picks a location; without it locations are shown as plain labels. */
  onOpenLocation?: (path: string, line?: number) => void;
  /** Session working directory: locations inside it are shown relative to it. */
  cwd?: string | null;
  /** A permission prompt for this call, shown inside the card and never folded away. */
  permissionSlot?: ReactNode;
  /** An elicitation tied to this call, shown like the permission prompt. */
  elicitationSlot?: ReactNode;
  /** Controlled expansion of the body. */
  open?: boolean;
  /** Initial expansion when uncontrolled; without it the body follows the status (finished reads and searches fold). */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

/** The tool call card's own props and the rest of its root `<div>`'s. */
export type ToolCallProps = RootProps<ToolCallOwnProps>;

const KINDS: ReadonlySet<string> = new Set<ToolKind>(['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other']);
const STATUSES: ReadonlySet<string> = new Set<ToolCallDisplayStatus>(['pending', 'in_progress', 'completed', 'failed', 'cancelled']);

// Agents are lenient about enums (the SDK maps unknown values to undefined): fall back to the ACP defaults.
const kindOf = (kind: unknown): ToolKind => (typeof kind === 'string' && KINDS.has(kind) ? (kind as ToolKind) : 'other');
const statusOf = (status: unknown): ToolCallDisplayStatus =>
  typeof status === 'string' && STATUSES.has(status) ? (status as ToolCallDisplayStatus) : 'pending';

const ToolCallCard = /* @__PURE__ */ forwardRef<HTMLDivElement, ToolCallProps>(function ToolCall(props, ref) {
  const {
    toolCall,
    terminals,
    onOpenLocation,
    cwd,
    permissionSlot,
    elicitationSlot,
    open: controlledOpen,
    defaultOpen,
    onOpenChange,
    runOpen,
    defaultRunOpen,
    onRunOpenChange,
    className,
    ...rest
  } = props;
  const messages = useMessages('toolCall', toolCallMessages);
  const kind = kindOf(toolCall.toolKind);
  const status = statusOf(toolCall.status);
  useEffect(() => prefetchToolCallParts(kind), [kind]);
  // A terminal in the content already heads its output with the command line; don't repeat it.
  const showsTerminal = toolCall.content.some((item) => item.type === 'terminal' && terminals?.[item.terminalId]);
  const command = showsTerminal ? null : executeCommand({ toolKind: kind, rawInput: toolCall.rawInput, title: toolCall.title });

  // The default follows the status (a read folds when it completes) until the user chooses.
  const [chosen, setChosen] = useControllableState<boolean | null>({
    value: controlledOpen,
    defaultValue: defaultOpen ?? null,
    onChange: (next) => {
      if (next !== null) onOpenChange?.(next);
    },
  });
  const open = chosen ?? isOpenByDefault(kind, status);
  const fold = useDisclosure(open, setChosen);
  const hasRaw = (toolCall.rawInput ?? toolCall.rawOutput ?? null) !== null;
  const hasBody = toolCall.content.length > 0 || hasRaw || command !== null;
  const title = toolCall.title.trim() || messages.untitled;
  // The programmatic name says exactly which tool runs; a title that is the name already says it.
  const name = toolCall.name && toolCall.name !== title ? toolCall.name : null;

  const heading = (
    <>
      <ToolKindIcon kind={kind} />
      <span className="acp-visually-hidden">{`${messages[`kind_${kind}` as keyof ToolCallMessages]}: `}</span>
      <span className="acp-tool-call__title" data-slot="tool-call-title">
        {title}
      </span>
      {name && (
        <span className="acp-tool-call__name" data-slot="tool-call-name" title={name}>
          <span className="acp-visually-hidden">{` ${messages.name_label}: `}</span>
          <code translate="no">{name}</code>
        </span>
      )}
      <ToolCallStatusBadge status={status} messages={messages} />
    </>
  );

  return (
    <div
      data-slot="tool-call"
      data-kind={kind}
      data-status={status}
      data-state={hasBody ? fold.state : undefined}
      {...rest}
      ref={ref}
      className={cx('acp-tool-call', className)}
    >
      <div className="acp-tool-call__header" data-slot="tool-call-header">
        {hasBody ? (
          <button {...fold.triggerProps} className="acp-tool-call__trigger acp-focusable" data-slot="tool-call-trigger">
            {heading}
            <Chevron />
          </button>
        ) : (
          <div className="acp-tool-call__trigger" data-slot="tool-call-trigger">
            {heading}
          </div>
        )}
      </div>
      <ToolCallLocations locations={toolCall.locations} cwd={cwd} onOpenLocation={onOpenLocation} messages={messages} />
      {hasBody && (
        <div {...fold.panelProps} className="acp-tool-call__body" data-slot="tool-call-body">
          {command !== null && (
            <div className="acp-tool-call__command" data-slot="tool-call-command">
              <span className="acp-visually-hidden">{messages.command_label}</span>
              <pre>
                <span className="acp-tool-call__prompt" aria-hidden="true">
                  ${' '}
                </span>
                {command}
              </pre>
            </div>
          )}
          <ToolCallContentList content={toolCall.content} terminals={terminals} messages={messages} />
          <RawDisclosure rawInput={toolCall.rawInput} rawOutput={toolCall.rawOutput} messages={messages} />
        </div>
      )}
      {toolCall.run && <SubagentRunSection card={props} status={status} />}
      {permissionSlot != null && permissionSlot !== false && (
        <div className="acp-tool-call__slot" data-slot="tool-call-permission">
          {permissionSlot}
        </div>
      )}
      {elicitationSlot != null && elicitationSlot !== false && (
        <div className="acp-tool-call__slot" data-slot="tool-call-elicitation">
          {elicitationSlot}
        </div>
      )}
    </div>
  );
});

/** Terminal ids referenced by a tool call's content. */
function terminalIds(toolCall: ToolCallItem): string[] {
  const ids: string[] = [];
  for (const item of toolCall.content) if (item.type === 'terminal') ids.push(item.terminalId);
  return ids;
}

/**
 * Re-render only when something this card shows changed. The store keeps unchanged items'
 * identity, so `toolCall` compares by reference; `terminals` is a map of every terminal of the
 * connection and changes whenever any of them prints, so only this card's own terminals count.
 */
function sameProps(prev: ToolCallProps, next: ToolCallProps): boolean {
  const keys = new Set([...Object.keys(prev), ...Object.keys(next)] as Array<keyof ToolCallProps>);
  for (const key of keys) {
    if (key === 'terminals') continue;
    if (prev[key] !== next[key]) return false;
  }
  if (prev.terminals === next.terminals) return true;
  return terminalIds(next.toolCall).every((id) => prev.terminals?.[id] === next.terminals?.[id]);
}

/**
 * A tool call card: kind icon, title (plain text), status, locations, content (text, diffs,
 * terminals), the execute command, the raw input/output, and the sub-agent run it started
 * (`toolCall.run`), folded to its progress until expanded. The body folds with
 * `hidden="until-found"`, so find-in-page still reaches folded output.
 */
export const ToolCall = /* @__PURE__ */ memo(ToolCallCard, sameProps);
ToolCall.displayName = 'ToolCall';
