/**
 * Replays a recorded transcript (`transcript.ts`: what the inspector exports and the fixtures
 * use) into a snapshot, through the same reducer the live client uses. Stories and bug reports
 * use it to show exactly what the live hook would have shown.
 *
 * Child sessions (sub-agents) go through the live client's own router when the recording
 * has them and its client advertised `subagents` (or no `initialize` was recorded): announcements
 * record the child on its parent, a child's updates build its record (those sent before the
 * announcement too), and a child's permission request is filed under its top-level session.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { readContentBlock } from '../content.js';
import { isAuthRequired } from '../errors.js';
import { isRecord, isString } from '../guards.js';
import { applySessionUpdate, cancelTurn, endTurn, startTurn } from '../reducer/index.js';
import { readInitializeV2 } from '../protocol/v2.js';
import { applyChildTerminalUpdate, applySnapshotUpdate } from '../reducer/snapshot-update.js';
import { createSessionState } from '../session.js';
import { addDiagnostic, initialSnapshot, putSession, replaceWhere, withSession } from '../client/snapshot.js';
import { createSubagentRouter, type SubagentRouter } from '../client/subagents.js';
import { appendBlock, textOf } from '../content.js';
import { closeOpenThought } from '../reducer/thoughts.js';
import { appendItem, replaceItem } from '../thread.js';
import type { AcpSnapshot, PermissionRequestState } from '../types.js';
import type { TranscriptEntry } from './transcript.js';

interface Outstanding {
  method: string;
  params: Record<string, unknown>;
}

export interface ReplayOptions {
  /** Stop after this many entries (for "streaming" stories that show a transcript part-way). */
  limit?: number;
  /** Epoch ms the recording started at (timestamps of thoughts, turns). Default 0. */
  startedAt?: number;
}

export function replayTranscript(entries: readonly TranscriptEntry[], options: ReplayOptions = {}): AcpSnapshot {
  let snapshot = initialSnapshot();
  // Request ids are per direction: a response answers the request with the same id that went the other way.
  const fromClient = new Map<string, Outstanding>();
  const fromAgent = new Map<string, Outstanding>();
  const turnIds = new Map<string, string>();
  let turn = 0;
  const start = options.startedAt ?? 0;
  const list = options.limit === undefined ? entries : entries.slice(0, options.limit);
  let at = start;
  const children = announcedChildren(list);
  /** A child's updates recorded before its announcement, adopted by the router when it comes. */
  const strays = new Map<string, unknown[]>();
  const router: SubagentRouter | null =
    children.size === 0
      ? null
      : createSubagentRouter(
          {
            get: () => snapshot,
            peek: () => snapshot,
            update: (fn) => (snapshot = fn(snapshot)),
            now: () => at,
            diagnose: (kind, message, raw) => (snapshot = addDiagnostic(snapshot, kind, message, at, raw)),
            withSession,
            createSessionState,
            applySessionUpdate: (session, raw, now) => applySessionUpdate(session, raw, now, snapshot.agent?.protocolVersion),
            applyChildTerminalUpdate: (s, sessionId, childId, raw, now) => applyChildTerminalUpdate(s, sessionId, childId, raw, now, s.agent?.protocolVersion),
            strays,
          },
          [readContentBlock, appendBlock, textOf, appendItem, replaceItem, closeOpenThought],
        );

  for (const entry of list) {
    at = start + entry.t;
    const msg = entry.msg;
    if (!isRecord(msg)) continue;
    const id = msg.id === undefined || msg.id === null ? null : String(msg.id);
    const method = isString(msg.method) ? msg.method : null;
    const params = isRecord(msg.params) ? msg.params : {};

    if (method && id !== null) {
      (entry.dir === 'client->agent' ? fromClient : fromAgent).set(id, { method, params });
    }

    if (entry.dir === 'client->agent') {
      if (method === 'session/prompt' && isString(params.sessionId)) {
        const sessionId = params.sessionId;
        const turnId = `replay-turn-${++turn}`;
        if (id !== null) turnIds.set(id, turnId);
        // Read like any received content: a malformed prompt must not break the replay.
        const prompt = Array.isArray(params.prompt) ? params.prompt.map(readContentBlock) : [];
        snapshot = withSession(snapshot, sessionId, (s) => startTurn(s, turnId, prompt, at));
      } else if (method === 'session/cancel' && isString(params.sessionId)) {
        snapshot = withSession(snapshot, params.sessionId, cancelTurn);
      } else if (!method && id !== null) {
        const request = fromAgent.get(id);
        if (request?.method === 'session/request_permission') snapshot = answerPermission(snapshot, id, msg.result);
      }
      continue;
    }

    // agent -> client
    if (method === 'session/update' && isString(params.sessionId)) {
      const sessionId = params.sessionId;
      // A child announced later is no session of its own: its early updates wait for it.
      if (children.has(sessionId) && !router!.owner(sessionId)) {
        strays.set(sessionId, [...(strays.get(sessionId) ?? []), params.update]);
        continue;
      }
      if (!snapshot.sessions[sessionId] && !children.has(sessionId)) snapshot = putSession(snapshot, createSessionState(sessionId));
      if (router?.route(params)) continue;
      snapshot = applySnapshotUpdate(snapshot, sessionId, params.update, at, snapshot.agent?.protocolVersion);
      // A v2 turn that ended asking for sign-in marks `auth`, as the live client's prompt does.
      const ended = snapshot.sessions[sessionId]?.turn;
      if (isRecord(params.update) && params.update.sessionUpdate === 'state_update' && ended?.error && isAuthRequired(ended.error)) {
        snapshot = { ...snapshot, auth: { ...snapshot.auth, required: true, reason: ended.error } };
      }
    } else if (method === 'session/request_permission' && id !== null) {
      // A child's request is filed under its top-level session, as the live client does.
      const child = router?.owner(String(params.sessionId ?? ''));
      const request: PermissionRequestState = {
        requestId: `replay-permission-${id}`,
        sessionId: child?.sessionId ?? String(params.sessionId ?? ''),
        subagentSessionId: child?.subagentSessionId ?? null,
        toolCall: (params.toolCall ?? { toolCallId: '' }) as acp.ToolCallUpdate,
        options: (params.options ?? []) as acp.PermissionOption[],
        status: 'pending',
        optionId: null,
        byPolicy: false,
        createdAt: at,
      };
      snapshot = { ...snapshot, permissionRequests: [...snapshot.permissionRequests, request] };
    } else if (!method && id !== null) {
      const request = fromClient.get(id);
      if (request) snapshot = applyResponse(snapshot, request, msg, at, turnIds.get(id) ?? '');
    }
  }
  return snapshot;
}

function applyResponse(snapshot: AcpSnapshot, request: Outstanding, msg: Record<string, unknown>, at: number, turnId: string): AcpSnapshot {
  const result = isRecord(msg.result) ? msg.result : null;
  const error = isRecord(msg.error) ? msg.error : null;
  const { method, params } = request;
  if (method === 'initialize' && result) {
    // An ACP v2 answer is read as the live client reads it (`info`, `capabilities`, `methodId`).
    if (result.protocolVersion === 2) return { ...snapshot, status: 'ready', agent: { ...readInitializeV2(result), bridge: null } };
    return {
      ...snapshot,
      status: 'ready',
      agent: {
        info: (result.agentInfo as acp.Implementation | undefined) ?? null,
        capabilities: (result.agentCapabilities as acp.AgentCapabilities | undefined) ?? {},
        authMethods: (result.authMethods as acp.AuthMethod[] | undefined) ?? [],
        protocolVersion: result.protocolVersion === 2 ? 2 : 1,
        bridge: null,
      },
    };
  }
  if ((method === 'session/new' || method === 'session/load') && result) {
    const sessionId = isString(result.sessionId) ? result.sessionId : String(params.sessionId ?? '');
    const existing = snapshot.sessions[sessionId] ?? createSessionState(sessionId);
    return putSession(snapshot, {
      ...existing,
      cwd: String(params.cwd ?? ''),
      modes: (result.modes as acp.SessionModeState | undefined) ?? existing.modes,
      configOptions: (result.configOptions as acp.SessionConfigOption[] | undefined) ?? existing.configOptions,
    });
  }
  if (method === 'session/set_config_option' && result && Array.isArray(result.configOptions) && isString(params.sessionId)) {
    return withSession(snapshot, params.sessionId, (s) => ({ ...s, configOptions: result.configOptions as acp.SessionConfigOption[] }));
  }
  if (method === 'session/close' && result && isString(params.sessionId)) {
    // Kept (not removed) so a replayed transcript still shows what the session held.
    return withSession(snapshot, params.sessionId, (s) => ({ ...s, status: 'closed' }));
  }
  if (method === 'session/set_mode' && result && isString(params.sessionId) && isString(params.modeId)) {
    const modeId = params.modeId;
    return withSession(snapshot, params.sessionId, (s) => (s.modes ? { ...s, modes: { ...s.modes, currentModeId: modeId } } : s));
  }
  if (method === 'session/prompt' && isString(params.sessionId)) {
    if (result && isString(result.stopReason)) {
      return withSession(snapshot, params.sessionId, (s) => endTurn(s, turnId, { stopReason: result.stopReason as acp.StopReason }, at));
    }
    if (error) {
      const info = { code: typeof error.code === 'number' ? error.code : 'error', message: String(error.message ?? 'Error') };
      const next = isAuthRequired(info) ? { ...snapshot, auth: { ...snapshot.auth, required: true, reason: info } } : snapshot;
      return withSession(next, params.sessionId, (s) => endTurn(s, turnId, { error: info }, at));
    }
  }
  if (error) return addDiagnostic(snapshot, 'protocol_error', `${method} failed: ${String(error.message ?? error.code)}`, at, msg);
  return snapshot;
}

function answerPermission(snapshot: AcpSnapshot, id: string, result: unknown): AcpSnapshot {
  const outcome = isRecord(result) && isRecord(result.outcome) ? result.outcome : null;
  const optionId = outcome && outcome.outcome === 'selected' && isString(outcome.optionId) ? outcome.optionId : null;
  return {
    ...snapshot,
    permissionRequests: replaceWhere(
      snapshot.permissionRequests,
      (r) => r.requestId === `replay-permission-${id}`,
      (r) => ({ ...r, status: optionId ? 'answered' : 'cancelled', optionId }),
    ),
  };
}

/**
 * The child sessions the recording announces (`subagent_update`, or the legacy `subagent_spawned`), when its client advertised
 * `clientCapabilities.subagents` (the live client routes nothing without it) or no `initialize`
 * was recorded.
 */
function announcedChildren(entries: readonly TranscriptEntry[]): Set<string> {
  const children = new Set<string>();
  for (const entry of entries) {
    const msg = isRecord(entry.msg) ? entry.msg : {};
    const params = isRecord(msg.params) ? msg.params : {};
    if (entry.dir === 'client->agent' && msg.method === 'initialize') {
      const capabilities = isRecord(params.clientCapabilities) ? params.clientCapabilities : {};
      if (!('subagents' in capabilities)) return new Set();
    }
    const update = entry.dir === 'agent->client' && msg.method === 'session/update' && isRecord(params.update) ? params.update : null;
    if (update?.sessionUpdate === 'subagent_update' && isString(update.sessionId)) children.add(update.sessionId);
    // The legacy shape (codex-acp, early claude-agent-acp) announces its children this way.
    if (update?.sessionUpdate === 'subagent_spawned' && isString(update.subagentSessionId)) children.add(update.subagentSessionId);
  }
  return children;
}
