import type { ComponentType } from 'react';
import type { TerminalState, ToolCallDisplayStatus, ToolCallItem } from '../../core/types.js';
import { conversationModule } from '../load-conversation.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';

/** What a card's run section reads of the card's props (`ToolCallOwnProps` has them all). */
export interface RunCardProps {
  toolCall: ToolCallItem;
  terminals?: Readonly<Record<string, TerminalState>>;
  onOpenLocation?: (path: string, line?: number) => void;
  cwd?: string | null;
  /** Controlled expansion of the sub-agent run (`toolCall.run`), folded to its progress by default. */
  runOpen?: boolean;
  /** Initial expansion of the run when uncontrolled (default false). */
  defaultRunOpen?: boolean;
  onRunOpenChange?: (open: boolean) => void;
}

export interface SubagentRunSectionProps {
  /** The card's props, as the card got them. */
  card: RunCardProps;
  /** The card's status (an unknown one already read as `pending`). */
  status: ToolCallDisplayStatus;
}

/**
 * A sub-agent's run inside its tool call's card (`SubagentRunLoaded`), with the conversation
 * chunk: a thread has fetched it already, so there it renders at once; a card shown on its own
 * fetches it when its first run appears.
 */
export const SubagentRunSection = /* @__PURE__ */ onDemandComponent(
  'SubagentRun',
  conversationModule,
  (loaded) => loaded.SubagentRunLoaded,
  // Until then the card shows the status line ("Loading…", or the failure with Retry).
  OnDemandStatus as ComponentType<SubagentRunSectionProps & { state: OnDemandState }>,
);
