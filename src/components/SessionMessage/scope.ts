import { createContext, useMemo } from 'react';
import type { SubagentState } from '../../core/types.js';

/**
 * What a session message needs to say who it is to or from: whose transcript shows it and the
 * names of the sessions around. `Thread` provides it for the session's own transcript, and each
 * child agent's entry for that child's.
 */
export interface SessionMessageScope {
  /** The session whose transcript is shown (a child's inside its card). */
  owner: string;
  /** The session the child agents belong to. */
  parent: string;
  /** The parent's children: session id -> title (null while it has none). */
  titles: ReadonlyMap<string, string | null>;
}

export const SessionMessageScopeContext = /* @__PURE__ */ createContext<SessionMessageScope | null>(null);

/**
 * The scope of a session's own transcript. Its identity changes only when a child or a title
 * does, not with every update of a child (whose record is replaced on each of its chunks), so
 * the messages shown do not render again while children stream.
 */
export function useSessionMessageScope(sessionId: string, subagents: Readonly<Record<string, SubagentState>> | undefined): SessionMessageScope {
  const key = JSON.stringify([sessionId, Object.values(subagents ?? {}).map((child) => [child.sessionId, child.title])]);
  return useMemo(() => {
    const [parent, titles] = JSON.parse(key) as [string, [string, string | null][]];
    return { owner: parent, parent, titles: new Map(titles) };
  }, [key]);
}

/** The scope of a child's transcript inside the parent's. */
export function useChildScope(scope: SessionMessageScope | null, childSessionId: string): SessionMessageScope | null {
  return useMemo(() => scope && { ...scope, owner: childSessionId }, [scope, childSessionId]);
}
