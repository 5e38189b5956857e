/** The initial snapshot and small immutable helpers over it. */
import type { AcpSnapshot, Diagnostic, DiagnosticKind, SessionState } from '../types.js';

export const MAX_DIAGNOSTICS = 200;

export function initialSnapshot(): AcpSnapshot {
  return {
    status: 'idle',
    error: null,
    agent: null,
    auth: { required: false, pendingMethodId: null, error: null, reason: null },
    reconnect: { attempt: 0, nextAttemptAt: null },
    agentProcess: null,
    sessions: {},
    permissionRequests: [],
    elicitations: [],
    terminals: {},
    diagnostics: [],
  };
}

export function withSession(snapshot: AcpSnapshot, sessionId: string, update: (session: SessionState) => SessionState): AcpSnapshot {
  if (!Object.hasOwn(snapshot.sessions, sessionId)) return snapshot;
  const session = snapshot.sessions[sessionId]!;
  const next = update(session);
  if (next === session) return snapshot;
  // Runs once per streamed chunk: field-by-field copies are much cheaper than spreads here.
  return {
    status: snapshot.status,
    error: snapshot.error,
    agent: snapshot.agent,
    auth: snapshot.auth,
    reconnect: snapshot.reconnect,
    agentProcess: snapshot.agentProcess,
    sessions: replaceSession(snapshot.sessions, sessionId, next),
    permissionRequests: snapshot.permissionRequests,
    elicitations: snapshot.elicitations,
    terminals: snapshot.terminals,
    diagnostics: snapshot.diagnostics,
  } satisfies { [K in keyof Required<AcpSnapshot>]: AcpSnapshot[K] };
}

/**
 * `{ ...sessions, [sessionId]: next }` for an id that is already an own key. The spread with a
 * computed key takes V8's slow path (~250 ns on Node 20); copying the keys costs ~50 ns. Writing
 * an own key never reaches the `__proto__` setter, except while copying a key named "__proto__",
 * which the spread handles.
 */
function replaceSession(sessions: AcpSnapshot['sessions'], sessionId: string, next: SessionState): AcpSnapshot['sessions'] {
  const copy: Record<string, SessionState> = {};
  const ids = Object.keys(sessions);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (id === '__proto__') return { ...sessions, [sessionId]: next };
    copy[id] = id === sessionId ? next : sessions[id]!;
  }
  return copy;
}

export function putSession(snapshot: AcpSnapshot, session: SessionState): AcpSnapshot {
  return { ...snapshot, sessions: { ...snapshot.sessions, [session.sessionId]: session } };
}

export function removeSession(snapshot: AcpSnapshot, sessionId: string): AcpSnapshot {
  if (!(sessionId in snapshot.sessions)) return snapshot;
  const sessions = { ...snapshot.sessions };
  delete sessions[sessionId];
  return { ...snapshot, sessions };
}

export function addDiagnostic(snapshot: AcpSnapshot, kind: DiagnosticKind, message: string, at: number, raw?: unknown): AcpSnapshot {
  const last = snapshot.diagnostics[snapshot.diagnostics.length - 1];
  const entry: Diagnostic = { id: (last?.id ?? 0) + 1, kind, message, at, ...(raw === undefined ? {} : { raw }) };
  const diagnostics = [...snapshot.diagnostics.slice(-(MAX_DIAGNOSTICS - 1)), entry];
  return { ...snapshot, diagnostics };
}

/** Replaces the list element matching `match`, keeping order. */
export function replaceWhere<T>(list: T[], match: (item: T) => boolean, update: (item: T) => T): T[] {
  let changed = false;
  const next = list.map((item) => {
    if (!match(item)) return item;
    changed = true;
    return update(item);
  });
  return changed ? next : list;
}
