import type { SubagentRun, TerminalState, ToolCallDisplayStatus } from '../../core/types.js';
import { conversationModule } from '../load-conversation.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';

export interface SubagentRunSectionProps {
  run: SubagentRun;
  /** The status of the tool call that started the run. */
  status: ToolCallDisplayStatus;
  /** The card's label for that status. */
  statusLabel: string;
  /** The card's fallback title for a step without one. */
  untitled: string;
  terminals?: Readonly<Record<string, TerminalState>>;
  cwd?: string | null;
  onOpenLocation?: (path: string, line?: number) => void;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A sub-agent's run inside its tool call's card (`SubagentRunLoaded`), with the conversation
 * chunk: a thread has fetched it already, so there it renders at once; a card shown on its own
 * fetches it when its first run appears.
 */
export const SubagentRunSection = /* @__PURE__ */ onDemandComponent(
  'SubagentRunSection',
  conversationModule,
  (loaded) => loaded.SubagentRunLoaded,
  function SubagentRunFallback({ state }: SubagentRunSectionProps & { state: OnDemandState }) {
    return <OnDemandStatus state={state} />;
  },
);
