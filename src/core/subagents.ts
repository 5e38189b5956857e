/**
 * Child sessions (ACP's sub-agents, a client opt-in: `clientCapabilities.subagents`) an agent
 * exposes with `subagent_update` on the parent session (or, in the shape that came before it,
 * `subagent_spawned` / `subagent_state_update`: `subagent-legacy.ts`). Pure functions: the
 * record of a child on its parent (`applySubagentUpdate`, patch semantics) and the child's own
 * `session/update` traffic reduced into that record (`applyChildUpdate`) with the session reducer,
 * so a child's thread is built exactly like a session's (messages, thoughts, tool calls, nested
 * `_meta` runs, plans, usage).
 *
 * The client's router (`client/subagents.ts`), the transcript replay and tests use this; a client
 * with `subagents: false` routes nothing to it, and its `subagent_update`s stay "unsupported"
 * items. The session factory and reducer come in as `SubagentReducers` (from when the router was
 * a chunk fetched on connect and could import nothing the core entry has; issue 29 tidies that).
 */
import type { AcpErrorInfo, Meta, SessionState, SubagentRun, SubagentState, SubagentWorkState, TurnUsage } from './types.js';

/** The core's session factory and reducer (`createSessionState`, `applySessionUpdate`). */
export interface SubagentReducers {
  createSessionState(sessionId: string): SessionState;
  applySessionUpdate(session: SessionState, update: unknown, now: number): SessionState;
}

// The guards' two checks, written here for the reason above (and shared with `subagent-legacy.ts`).
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isString = (value: unknown): value is string => typeof value === 'string';

/** A read `subagent_update`: `undefined` keeps a field, `null` clears it, a value sets it. */
export interface SubagentPatch {
  sessionId: string;
  title?: string | null;
  description?: string | null;
  state?: SubagentWorkState | null;
  canCancel?: boolean;
  cwd?: string | null;
  additionalDirectories?: string[] | null;
  _meta?: Meta | null;
}

/** Reads a `subagent_update` (the `update` object), or returns the reason it cannot be used. */
export function parseSubagentUpdate(raw: unknown): SubagentPatch | string {
  if (!isRecord(raw) || !isString(raw.sessionId) || raw.sessionId === '') return 'The subagent update has no child sessionId.';
  const patch: SubagentPatch = { sessionId: raw.sessionId };
  // Malformed values are ignored (kept as they were), like an omitted field.
  for (const key of ['title', 'description', 'cwd'] as const) {
    if (raw[key] === null || isString(raw[key])) patch[key] = raw[key] as string | null;
  }
  if (raw.additionalDirectories === null) patch.additionalDirectories = null;
  else if (Array.isArray(raw.additionalDirectories)) patch.additionalDirectories = raw.additionalDirectories.filter(isString);
  // A concrete capability object replaces the whole set; `null` clears it (no child mutations).
  if (raw.capabilities === null) patch.canCancel = false;
  else if (isRecord(raw.capabilities)) patch.canCancel = isRecord(raw.capabilities.cancel);
  if (raw.state === null) patch.state = null;
  else if (isRecord(raw.state) && isString(raw.state.state)) patch.state = readState(raw.state);
  if ('_meta' in raw) patch._meta = isRecord(raw._meta) ? raw._meta : null;
  return patch;
}

function readState(raw: Record<string, unknown>): SubagentWorkState {
  const idle = raw.state === 'idle';
  // A missing, `null` or malformed stop reason or usage means "not reported".
  const stopReason = idle && isString(raw.stopReason) ? raw.stopReason : null;
  const error = stopReason === 'error' && isRecord(raw.error) ? readError(raw.error) : null;
  const usage = idle && isRecord(raw.usage) && typeof raw.usage.totalTokens === 'number' ? (raw.usage as unknown as TurnUsage) : null;
  return { state: raw.state as string, stopReason, error, usage };
}

function readError(raw: Record<string, unknown>): AcpErrorInfo {
  return { code: typeof raw.code === 'number' || isString(raw.code) ? raw.code : 'error', message: isString(raw.message) ? raw.message : '', data: raw.data };
}

/**
 * A new child's record on the top-level session `parent`: nothing set, an empty thread whose item
 * ids stay unique in that session. `parentSessionId` is its immediate parent (`parent`'s id for a
 * direct child).
 */
export function createSubagent(parent: SessionState, sessionId: string, reducers: SubagentReducers, parentSessionId = parent.sessionId): SubagentState {
  const session = reducers.createSessionState(sessionId);
  const index = Object.keys(parent.subagents ?? {}).length + 1;
  session.thread = { ...session.thread, idPrefix: `${parent.thread.idPrefix ?? 'i'}a${index}.` };
  return {
    sessionId,
    parentSessionId,
    title: null,
    description: null,
    state: null,
    canCancel: false,
    cwd: null,
    additionalDirectories: null,
    session,
    run: { thread: session.thread, steps: 0, latestStep: -1 },
    _meta: null,
  };
}

/**
 * The top-level session `parent` with a `subagent_update` applied to its descendant (created on
 * first mention, as a child of `parentSessionId`; a known one keeps its parent).
 */
export function applySubagentUpdate(parent: SessionState, patch: SubagentPatch, reducers: SubagentReducers, parentSessionId?: string): SessionState {
  const current = parent.subagents?.[patch.sessionId] ?? createSubagent(parent, patch.sessionId, reducers, parentSessionId);
  const next: SubagentState = {
    ...current,
    title: patch.title !== undefined ? patch.title : current.title,
    description: patch.description !== undefined ? patch.description : current.description,
    state: patch.state !== undefined ? patch.state : current.state,
    canCancel: patch.canCancel ?? current.canCancel,
    cwd: patch.cwd !== undefined ? patch.cwd : current.cwd,
    additionalDirectories: patch.additionalDirectories !== undefined ? patch.additionalDirectories : current.additionalDirectories,
    _meta: patch._meta !== undefined ? patch._meta : current._meta,
  };
  return withSubagent(parent, next);
}

/**
 * The parent with one `session/update` of its child (`update`, the notification's `update`)
 * reduced into the child's record. O(1) amortized per chunk, as on a session: the child's step
 * count is kept as items arrive, never recounted.
 */
export function applyChildUpdate(parent: SessionState, childId: string, update: unknown, now: number, reducers: SubagentReducers): SessionState {
  const child = parent.subagents?.[childId];
  if (!child) return parent;
  const session = reducers.applySessionUpdate(child.session, update, now);
  if (session === child.session) return parent;
  const before = child.run;
  const thread = session.thread;
  const step = thread.items.size > before.thread.items.size && thread.items.last()?.kind === 'tool_call';
  const run: SubagentRun = { thread, steps: before.steps + (step ? 1 : 0), latestStep: step ? thread.items.size - 1 : before.latestStep };
  return withSubagent(parent, { ...child, session, run });
}

function withSubagent(parent: SessionState, child: SubagentState): SessionState {
  return { ...parent, subagents: { ...parent.subagents, [child.sessionId]: child } };
}

/**
 * Whose a child session's requests are: the top-level session it belongs to (its requests are
 * shown there) and its effective roots. An unset (or cleared) `cwd` or `additionalDirectories`
 * inherits its immediate parent's effective value, each independently (the RFD's
 * `SubagentUpdate`), up the chain of parents to the top-level session; the child's `cwd` is also
 * where its terminals start when the agent names no directory.
 */
export interface ChildOwner {
  /** The top-level session. */
  sessionId: string;
  /** The child. */
  subagentSessionId: string;
  cwd: string;
  additionalDirectories: string[];
}

export function childOwner(parent: SessionState, child: SubagentState): ChildOwner {
  // Its immediate parent's effective roots. The chain ends: a child is recorded under a parent
  // recorded before it (the router's rule), and never becomes another's.
  const up = parent.subagents?.[child.parentSessionId];
  const inherited = up && up !== child ? childOwner(parent, up) : parent;
  return {
    sessionId: parent.sessionId,
    subagentSessionId: child.sessionId,
    cwd: child.cwd ?? inherited.cwd,
    additionalDirectories: child.additionalDirectories ?? inherited.additionalDirectories,
  };
}
