/**
 * Selector hooks over the client's store. Each returns a piece of the immutable snapshot, so a
 * component re-renders only when its piece changed: a streaming chunk replaces one thread item,
 * and only the component showing that item renders again.
 */
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import type { AcpClient, AcpSnapshot, ElicitationState, PermissionRequestState, SessionState, TerminalState, ThreadItem } from '../core/index.js';
import { useAcpContext } from './context.js';

/** Subscribes to a derived value; `isEqual` lets derived arrays keep their identity. */
export function useAcpSelector<T>(selector: (snapshot: AcpSnapshot) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const { client } = useAcpContext();
  return useClientSelector(client, selector, isEqual);
}

export function useClientSelector<T>(client: AcpClient, selector: (snapshot: AcpSnapshot) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const cache = useRef<{ snapshot: AcpSnapshot; selector: unknown; value: T } | null>(null);
  const getValue = useCallback(() => {
    const snapshot = client.getSnapshot();
    const cached = cache.current;
    if (cached && cached.snapshot === snapshot && cached.selector === selector) return cached.value;
    const value = selector(snapshot);
    // Keep the previous value's identity when it is equal, so consumers do not re-render.
    const stable = cached && isEqual(cached.value, value) ? cached.value : value;
    cache.current = { snapshot, selector, value: stable };
    return stable;
  }, [client, selector, isEqual]);
  return useSyncExternalStore(client.subscribe, getValue, getValue);
}

export function useConnection() {
  return useAcpSelector(
    useCallback(
      (s: AcpSnapshot) => ({ status: s.status, error: s.error, reconnect: s.reconnect, agent: s.agent, auth: s.auth, agentProcess: s.agentProcess ?? null }),
      [],
    ),
    shallowEqual,
  );
}

export function useSession(sessionId: string | null | undefined): SessionState | undefined {
  return useAcpSelector(useCallback((s: AcpSnapshot) => (sessionId ? s.sessions[sessionId] : undefined), [sessionId]));
}

/** The thread's items as an array (built once per thread version). */
export function useThreadItems(sessionId: string | null | undefined): readonly ThreadItem[] {
  const thread = useAcpSelector(useCallback((s: AcpSnapshot) => (sessionId ? s.sessions[sessionId]?.thread : undefined), [sessionId]));
  return useMemo(() => (thread ? thread.items.toArray() : EMPTY_ITEMS), [thread]);
}

/** One thread item by index: re-renders only when that item changes. */
export function useThreadItem(sessionId: string, index: number): ThreadItem | undefined {
  return useAcpSelector(useCallback((s: AcpSnapshot) => s.sessions[sessionId]?.thread.items.get(index), [sessionId, index]));
}

export function usePermissionRequests(sessionId?: string): PermissionRequestState[] {
  return useAcpSelector(
    useCallback((s: AcpSnapshot) => (sessionId ? s.permissionRequests.filter((r) => r.sessionId === sessionId) : s.permissionRequests), [sessionId]),
    shallowArrayEqual,
  );
}

export function useElicitations(sessionId?: string): ElicitationState[] {
  return useAcpSelector(
    useCallback((s: AcpSnapshot) => (sessionId ? s.elicitations.filter((e) => e.sessionId === sessionId) : s.elicitations), [sessionId]),
    shallowArrayEqual,
  );
}

export function useTerminals(): Readonly<Record<string, TerminalState>> {
  return useAcpSelector(useCallback((s: AcpSnapshot) => s.terminals, []));
}

export function useTerminal(terminalId: string): TerminalState | undefined {
  return useAcpSelector(useCallback((s: AcpSnapshot) => s.terminals[terminalId], [terminalId]));
}

export function useDiagnostics() {
  return useAcpSelector(useCallback((s: AcpSnapshot) => s.diagnostics, []));
}

const EMPTY_ITEMS: readonly ThreadItem[] = [];

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

function shallowArrayEqual<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
}
