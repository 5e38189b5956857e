/**
 * Sub-agents: which child agent asked, for a request a child session sent (shown in its
 * parent's panel, `subagentSessionId` set). Its title as one line, or the fallback when it has none
 * (or is not known): the user must always see that a sub-agent, not the session itself, is asking.
 */
import type { SubagentState } from '../../core/types.js';
import { format, useMessages } from '../../i18n/index.js';
import { subagentsMessages, type SubagentsMessages } from '../Thread/subagent-messages.js';
import { displayTitle } from './display-title.js';

/** The session's child agents, by child session id (`SessionState.subagents`). */
export type Subagents = Readonly<Record<string, SubagentState>>;

/** The line that names the asking child agent (strings of the `subagents` namespace); null for a session's own request. */
export function useAskedBy(subagentSessionId: string | null | undefined, subagents: Subagents | undefined): string | null {
  return askedBy(subagentSessionId, subagents, useMessages('subagents', subagentsMessages));
}

/** `useAskedBy` with the namespace's strings at hand (several requests at once). */
export function askedBy(subagentSessionId: string | null | undefined, subagents: Subagents | undefined, messages: SubagentsMessages): string | null {
  if (!subagentSessionId) return null;
  const title = displayTitle(subagents?.[subagentSessionId]?.title ?? null);
  return title ? format(messages.asked_by, { title }) : messages.asked_by_untitled;
}

/** True when every child request among `requests` names its child the same way under both (memo comparisons). */
export function sameAskers(requests: readonly { subagentSessionId?: string | null }[], prev: Subagents | undefined, next: Subagents | undefined): boolean {
  if (prev === next) return true;
  return requests.every((r) => !r.subagentSessionId || prev?.[r.subagentSessionId]?.title === next?.[r.subagentSessionId]?.title);
}
