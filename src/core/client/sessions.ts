/**
 * Sessions as the client sets them up and keeps them: `session/new`, the parameters and the
 * setup fields (`modes`, `configOptions`) that `session/new|load|resume` share, the routing of
 * `session/update` notifications to their session, and what a dropped connection does to them.
 *
 * An update may arrive before its session exists (an agent streams just before the `session/new`
 * answer): it is kept, bounded, and applied when the session appears. Updates for a session this
 * client closed or deleted are expected and dropped quietly.
 */
import * as acp from '@agentclientprotocol/sdk';
import type { NewSessionOptions } from '../api.js';
import { isRecord, isString } from '../guards.js';
import { applySessionUpdate, endTurn } from '../reducer/index.js';
import { applySnapshotUpdate } from '../reducer/snapshot-update.js';
import { createSessionState } from '../session.js';
import type { AcpErrorInfo, AcpSnapshot, DiagnosticKind, SessionState } from '../types.js';
import type { Store } from '../store.js';
import { createChunkCoalescer } from './chunk-coalescer.js';
import type { Request } from './request.js';
import { putSession, withSession } from './snapshot.js';

const MAX_BUFFERED_UPDATES = 2000;
const MAX_BUFFERED_SESSIONS = 16;

export interface Sessions {
  newSession(options: NewSessionOptions): Promise<SessionState>;
  /** A `session/update` notification's params, unchecked (from the tap). */
  onUpdate(params: unknown): void;
  /** The params of `session/new|load|resume`. */
  sessionParams(options: NewSessionOptions): Record<string, unknown>;
  /** A session with the `modes` and `configOptions` of a `session/new|load|resume` answer. */
  withSetup(session: SessionState, response: unknown): SessionState;
  /** Sessions this client closed or deleted (their late updates are ignored). */
  endedSessions: Set<string>;
  /** Updates kept for session ids not known yet (bounded); a child session's early ones are taken by the subagents router. */
  strayUpdates: Map<string, unknown[]>;
}

export function createSessions(
  get: () => AcpSnapshot,
  update: (fn: (snapshot: AcpSnapshot) => AcpSnapshot) => void,
  now: () => number,
  diagnose: (kind: DiagnosticKind, message: string, raw?: unknown) => void,
  request: Request,
  /** Refuses options the agent cannot take (relative paths, unadvertised MCP transports); on demand. */
  check: (options: NewSessionOptions) => Promise<void>,
  /** The client's store, for text chunks joined before they are reduced (`chunk-coalescer.ts`). */
  store: Pick<Store<AcpSnapshot>, 'defer' | 'touch' | 'peek'>,
): Sessions {
  /** Updates for sessions not known yet, by session id. */
  const strayUpdates = new Map<string, unknown[]>();
  const endedSessions = new Set<string>();
  const chunks = createChunkCoalescer(
    store,
    (snapshot, sessionId, update, at) =>
      withSession(snapshot, sessionId, (session) => applySessionUpdate(session, update, at, snapshot.agent?.protocolVersion)),
    now,
  );

  const sessionParams = (opts: NewSessionOptions) => {
    // v2 needs every MCP server's `type`, stdio's too (v1's stdio servers have none).
    const typed = get().agent?.protocolVersion === 2;
    const mcpServers = (opts.mcpServers ?? []).map((server) => (typed && !('type' in server) ? { type: 'stdio', ...server } : server));
    const params: Record<string, unknown> = { cwd: opts.cwd, mcpServers, _meta: opts._meta };
    const extra = [...new Set(opts.additionalDirectories ?? [])].filter((d) => d && d !== opts.cwd);
    // Only sent when advertised, as the spec requires.
    if (extra.length > 0 && get().agent?.capabilities.sessionCapabilities?.additionalDirectories) params.additionalDirectories = extra;
    return params;
  };

  const withSetup = (session: SessionState, response: unknown): SessionState => {
    const r = isRecord(response) ? response : {};
    // v2 answers with the session's commands, as v1 sends them in an update.
    if (Array.isArray(r.availableCommands)) {
      const update = { sessionUpdate: 'available_commands_update', availableCommands: r.availableCommands };
      session = applySessionUpdate(session, update, now(), get().agent?.protocolVersion);
    }
    return {
      ...session,
      modes: isRecord(r.modes) ? (r.modes as unknown as acp.SessionModeState) : session.modes,
      configOptions: Array.isArray(r.configOptions) ? (r.configOptions as acp.SessionConfigOption[]) : session.configOptions,
      _meta: isRecord(r._meta) ? r._meta : null,
    };
  };

  /**
   * The session just put into `snapshot`, with the updates that came for it before its
   * `session/new` answer (agents race it), applied as any update is: what lives beside the session
   * (ACP v2's agent-owned terminals) goes there too.
   */
  const adoptStrayUpdates = (snapshot: AcpSnapshot, sessionId: string): AcpSnapshot => {
    const buffered = strayUpdates.get(sessionId);
    if (!buffered) return snapshot;
    strayUpdates.delete(sessionId);
    const at = now();
    return buffered.reduce<AcpSnapshot>((acc, u) => applySnapshotUpdate(acc, sessionId, u, at, acc.agent?.protocolVersion), snapshot);
  };

  return {
    sessionParams,
    withSetup,
    endedSessions,
    strayUpdates,

    async newSession(opts) {
      await check(opts);
      const params = sessionParams(opts);
      // `opts` carries the host's `signal` (the only request option it has).
      const response = await request<acp.NewSessionResponse>(acp.methods.agent.session.new, params, opts);
      let session = createSessionState(response.sessionId, {
        cwd: opts.cwd,
        additionalDirectories: params.additionalDirectories as string[] | undefined,
        mcpServers: params.mcpServers as acp.McpServer[],
        setupMeta: opts._meta,
      });
      session = withSetup(session, response);
      update((s) => adoptStrayUpdates(putSession(s, session), session.sessionId));
      return get().sessions[session.sessionId]!;
    },

    onUpdate(params) {
      if (!isRecord(params) || !isString(params.sessionId)) {
        diagnose('invalid_update', 'A session/update without a sessionId was ignored.', params);
        return;
      }
      const { sessionId } = params;
      // Peeked: reading the state would reduce the text chunks joined so far, one by one again.
      // Sessions come and go only through changes applied at once, never deferred ones.
      if (!store.peek().sessions[sessionId]) {
        if (endedSessions.has(sessionId)) return;
        const buffered = strayUpdates.get(sessionId);
        if (!buffered) {
          // Bounded: an agent inventing session ids cannot grow the client's memory.
          if (strayUpdates.size >= MAX_BUFFERED_SESSIONS) {
            diagnose('unknown_session', `Update for an unknown session ${sessionId} was dropped (too many unknown sessions).`, params);
            return;
          }
          diagnose('unknown_session', `Update for an unknown session ${sessionId}; kept until the session appears.`, params);
          strayUpdates.set(sessionId, [params.update]);
          return;
        }
        if (buffered.length < MAX_BUFFERED_UPDATES) buffered.push(params.update);
        return;
      }
      if (chunks.take(sessionId, params)) return;
      const at = now();
      // Read as the connection's ACP version speaks it; v2's agent-owned terminals and the
      // diagnostics for odd updates live beside the session.
      update((s) => applySnapshotUpdate(s, sessionId, params.update, at, s.agent?.protocolVersion));
    },
  };
}

/**
 * The connection dropped: running turns can never get their response now, and until a reconnect
 * resumes or reloads them (`willRetry`) the sessions cannot take prompts.
 */
export function afterDrop(snapshot: AcpSnapshot, error: AcpErrorInfo, willRetry: boolean, at: number): AcpSnapshot {
  let next = snapshot;
  for (const session of Object.values(snapshot.sessions)) {
    if (session.turn.state !== 'idle' && session.turn.turnId) {
      next = withSession(next, session.sessionId, (ss) => endTurn(ss, ss.turn.turnId!, { error, interrupted: true }, at));
    }
    if (session.status === 'active') {
      next = withSession(next, session.sessionId, (ss) => ({
        ...ss,
        status: willRetry ? 'restoring' : 'lost',
        statusReason: willRetry ? null : 'The connection to the agent closed.',
      }));
    }
  }
  return next;
}
