import { findIndex } from '../../core/thread.js';
import type { ElicitationState, PermissionRequestState, SessionState } from '../../core/types.js';
import type { TurnGroup } from './group-turns.js';

/** Agent requests that have no tool call card to sit in, for one group. */
export interface StandaloneRequests {
  permissions: PermissionRequestState[];
  elicitations: ElicitationState[];
}

/** Where each permission request and elicitation is shown. */
export interface Attachments {
  /** Request shown inside the tool call card with this `toolCallId`. */
  permissionByToolCall: ReadonlyMap<string, PermissionRequestState>;
  elicitationByToolCall: ReadonlyMap<string, ElicitationState>;
  /** Requests without a card, by the key of the group they end. */
  standalone: ReadonlyMap<string, StandaloneRequests>;
  /** Requests without a card and without any group to go to (an empty thread). */
  orphans: StandaloneRequests;
}

const EMPTY: StandaloneRequests = { permissions: [], elicitations: [] };

/**
 * Decides where requests go. A request naming a tool call that is in the thread goes inside that
 * card (found through the thread's index, O(1) each). Others go to the end of the turn that was
 * running when they arrived (by `createdAt`).
 */
export function computeAttachments(
  thread: SessionState['thread'],
  groups: readonly TurnGroup[],
  permissionRequests: readonly PermissionRequestState[],
  elicitations: readonly ElicitationState[],
): Attachments {
  const permissionByToolCall = new Map<string, PermissionRequestState>();
  const elicitationByToolCall = new Map<string, ElicitationState>();
  const standalone = new Map<string, StandaloneRequests>();
  const orphans: StandaloneRequests = { permissions: [], elicitations: [] };

  const place = (createdAt: number): StandaloneRequests => {
    const group = groupAt(groups, createdAt);
    if (!group) return orphans;
    let entry = standalone.get(group.key);
    if (!entry) standalone.set(group.key, (entry = { permissions: [], elicitations: [] }));
    return entry;
  };
  // A child session's request (sub-agents) names a tool call of the child's thread, not
  // this one's: an id that happens to be the same must not put it in the wrong card.
  const hasCard = (toolCallId: string | null | undefined, request: { subagentSessionId?: string | null }) =>
    !request.subagentSessionId && typeof toolCallId === 'string' && toolCallId !== '' && findIndex(thread, `t:${toolCallId}`) >= 0;

  for (const request of permissionRequests) {
    const toolCallId = request.toolCall?.toolCallId;
    if (hasCard(toolCallId, request)) {
      const current = permissionByToolCall.get(toolCallId);
      if (!current || preferred(request, current)) permissionByToolCall.set(toolCallId, request);
    } else {
      place(request.createdAt).permissions.push(request);
    }
  }
  for (const elicitation of elicitations) {
    const toolCallId = elicitation.toolCallId;
    if (toolCallId !== null && hasCard(toolCallId, elicitation)) {
      const current = elicitationByToolCall.get(toolCallId);
      if (!current || preferred(elicitation, current)) elicitationByToolCall.set(toolCallId, elicitation);
    } else {
      place(elicitation.createdAt).elicitations.push(elicitation);
    }
  }
  for (const entry of [...standalone.values(), orphans]) {
    entry.permissions.sort(byCreatedAt);
    entry.elicitations.sort(byCreatedAt);
  }
  return { permissionByToolCall, elicitationByToolCall, standalone, orphans };
}

export function standaloneFor(attachments: Attachments, key: string): StandaloneRequests {
  return attachments.standalone.get(key) ?? EMPTY;
}

/** A card shows one request: the pending one if any (it needs the user), else the newest. */
function preferred(candidate: { status: string; createdAt: number }, current: { status: string; createdAt: number }) {
  const a = candidate.status === 'pending';
  const b = current.status === 'pending';
  if (a !== b) return a;
  return candidate.createdAt >= current.createdAt;
}

const byCreatedAt = (a: { createdAt: number }, b: { createdAt: number }) => a.createdAt - b.createdAt;

/**
 * The group of the turn running at `at` (or the last one that had started by then, for a request
 * between turns). Turn groups follow history groups and are in time order, so a binary search
 * finds it; history has no times, so a request older than every turn goes to the last group.
 */
function groupAt(groups: readonly TurnGroup[], at: number): TurnGroup | null {
  if (groups.length === 0) return null;
  let low = 0;
  let high = groups.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const turn = groups[mid]!.turn;
    if (turn === null || turn.startedAt <= at) {
      if (turn !== null) found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return groups[found >= 0 ? found : groups.length - 1]!;
}
